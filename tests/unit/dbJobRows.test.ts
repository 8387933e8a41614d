import 'fake-indexeddb/auto'

import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'

import { nextActivity } from '../../src/db/jobItemWrites.ts'
import { readJobRequest } from '../../src/db/jobs.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import type { Attempt, JobItemRow } from '../../src/db/types/jobItems.ts'

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

describe('schema v3', () => {
  it('moves the request of jobs stored by v2 out of the job row, keeping the other params', async () => {
    const name = `upgrade-${Date.now()}`
    const v2 = new Dexie(name)
    opened.push(v2)
    v2.version(2).stores({
      settings: 'key',
      nftSnapshots: '[network+account]',
      metadata: 'nftId, fetchedAt',
      storedKeys: 'id, network',
      deviceKeys: 'id',
      jobs: 'id, [network+account], status, createdAt',
      jobItems: 'id, jobId, [jobId+status]',
    })
    const request = { kind: 'burn', nftIds: ['A', 'B'] }
    await v2.table('jobs').bulkAdd([
      { id: 'j1', status: 'completed', params: { request, feeDrops: '12' } },
      { id: 'j2', status: 'planned', params: { feeDrops: '15', reclaimOf: 'j1' } },
    ])
    v2.close()

    const db = new LedgerDb(name)
    opened.push(db)
    expect((await db.jobs.get('j1'))?.params).toEqual({ feeDrops: '12' })
    expect(await readJobRequest(db, 'j1')).toEqual(request)
    expect((await db.jobs.get('j2'))?.params).toEqual({ feeDrops: '15', reclaimOf: 'j1' })
    expect(await readJobRequest(db, 'j2')).toBeUndefined()
  })
})

describe('nextActivity', () => {
  const attempt = (signedAt: number, submittedAt?: number) =>
    ({ signedAt, ...(submittedAt ? { submittedAt } : {}) }) as Attempt
  const item = (id: string, ...attempts: Attempt[]) => ({ id, attempts }) as JobItemRow

  it('is undefined until something is signed', () => {
    expect(nextActivity(undefined, [item('a')])).toBeUndefined()
  })

  it('keeps the first signature, the latest touch and the two items touched last', () => {
    const first = nextActivity(undefined, [
      item('a', attempt(100, 150)),
      item('b', attempt(110)),
      item('c', attempt(120)),
    ])
    expect(first).toEqual({
      startedAt: 100,
      lastAt: 150,
      recent: [
        { id: 'a', at: 150 },
        { id: 'c', at: 120 },
      ],
    })
    // 'c' submitted later, a new item signed: the older entries drop out; the start stays.
    const next = nextActivity(first, [item('c', attempt(120, 300)), item('d', attempt(200))])
    expect(next).toEqual({
      startedAt: 100,
      lastAt: 300,
      recent: [
        { id: 'c', at: 300 },
        { id: 'd', at: 200 },
      ],
    })
    // Items settled without a new attempt change nothing.
    expect(nextActivity(next, [item('a', attempt(100, 150))])).toEqual(next)
  })
})
