import 'fake-indexeddb/auto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createJob, itemId } from '../../src/db/jobs.ts'
import { jobItemsById, jobItemsHead } from '../../src/db/queries/jobs.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'

const db = new LedgerDb(`item-pages-${Date.now()}`)

function job(id: string): JobRow {
  return {
    id,
    kind: 'burn',
    network: 'sandbox',
    account: 'rAccount',
    createdAt: 0,
    updatedAt: 0,
    status: 'planned',
    params: {},
    counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
  }
}

function items(jobId: string, count: number): JobItemRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: itemId(jobId, index),
    jobId,
    index,
    intent: { type: 'burn', nftId: index.toString(16).padStart(64, '0') },
    status: 'pending',
    attempts: [],
  }))
}

beforeAll(async () => {
  // Two jobs whose ids share a prefix: a page of one must never hold items of the other.
  await createJob(db, job('job-a'), items('job-a', 1200), { kind: 'burn' })
  await createJob(db, job('job-a2'), items('job-a2', 3), { kind: 'burn' })
})

afterAll(async () => {
  db.close()
  await db.delete()
})

describe('reading a job’s items by page', () => {
  it('returns the first items in plan order, only the job’s own', async () => {
    const head = await jobItemsHead(db, 'job-a', 500)
    expect(head.map((i) => i.index)).toEqual(Array.from({ length: 500 }, (_, i) => i))
    expect(head.every((i) => i.jobId === 'job-a')).toBe(true)
    const all = await jobItemsHead(db, 'job-a', 5000)
    expect(all).toHaveLength(1200)
    expect(all.at(-1)?.index).toBe(1199)
    expect((await jobItemsHead(db, 'job-a2', 10)).map((i) => i.id)).toEqual([
      'job-a2:000000',
      'job-a2:000001',
      'job-a2:000002',
    ])
  })

  it('returns nothing for a count of 0 or an unknown job', async () => {
    expect(await jobItemsHead(db, 'job-a', 0)).toEqual([])
    expect(await jobItemsHead(db, 'job-z', 10)).toEqual([])
  })

  it('reads some items by id, in the order asked, leaving out unknown ids', async () => {
    const rows = await jobItemsById(db, [itemId('job-a', 7), 'nope', itemId('job-a', 3)])
    expect(rows.map((r) => r.index)).toEqual([7, 3])
  })
})
