/**
 * The Node store: the app's `src/db` on Dexie, journaled to SQLite. What is committed survives a
 * reopen; what another process commits is read by `refresh`; a job row another process changed since
 * this one read it stops this one before it goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { saveItems } from '../../../src/db/jobItemWrites.ts'
import { claimJob } from '../../../src/db/jobStatus.ts'
import { createJob, itemId, readItems, readJob } from '../../../src/db/jobs.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import { STORE_SCHEMA, openDurableStore } from '../../../src/node/store/durableStore.ts'
import type { DurableStore } from '../../../src/node/store/durableStore.ts'
import { LedgerDb } from '../../../src/db/schema.ts'

const dirs: string[] = []
const stores: DurableStore[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close().catch(() => undefined)
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xnm-store-'))
  dirs.push(dir)
  return dir
}

async function open(dir: string, fatal: Error[] = []): Promise<DurableStore> {
  const store = await openDurableStore(dir, { onFatal: (e) => fatal.push(e) })
  stores.push(store)
  return store
}

function job(id: string): JobRow {
  return {
    id,
    kind: 'burn',
    network: 'sandbox',
    account: 'rAccount',
    status: 'planned',
    createdAt: 1,
    updatedAt: 1,
    params: {},
    counts: { total: 2, pending: 2, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
  } as unknown as JobRow
}

function items(jobId: string): JobItemRow[] {
  return [0, 1].map(
    (index) =>
      ({
        id: itemId(jobId, index),
        jobId,
        index,
        status: 'pending',
        intent: { type: 'burn', nftId: `NFT${index}` },
        attempts: [],
      }) as unknown as JobItemRow,
  )
}

describe('durable store', () => {
  it('keeps what was committed across a reopen, deletes and cleared tables included', async () => {
    const dir = tempDir()
    const first = await open(dir)
    await createJob(first.db, job('j1'), items('j1'), { kind: 'burn', nftIds: ['NFT0', 'NFT1'] })
    await first.db.settings.put({ key: 'a', value: 1 })
    await first.db.settings.put({ key: 'b', value: 2 })
    await first.db.settings.delete('a')
    await first.db.metadata.bulkPut([{ nftId: 'M1', fetchedAt: 1 } as never])
    await first.db.metadata.clear()
    await first.close()

    const second = await open(dir)
    expect((await readJob(second.db, 'j1'))?.status).toBe('planned')
    expect((await readItems(second.db, 'j1')).map((i) => i.intent)).toEqual([
      { type: 'burn', nftId: 'NFT0' },
      { type: 'burn', nftId: 'NFT1' },
    ])
    expect(await second.db.settings.toArray()).toEqual([{ key: 'b', value: 2 }])
    expect(await second.db.metadata.count()).toBe(0)
  })

  it('loads without writing, and writes one commit per transaction', async () => {
    const dir = tempDir()
    const first = await open(dir)
    await createJob(first.db, job('j1'), items('j1'), { kind: 'burn', nftIds: [] })
    const after = first.journal.lastSeq()
    expect(after).toBe(1) // the job, its items and its request: one transaction, one commit
    await first.close()
    const second = await open(dir)
    expect(second.journal.lastSeq()).toBe(after)
  })

  it('keeps the wrapped keys in memory only', async () => {
    const dir = tempDir()
    const first = await open(dir)
    await first.db.storedKeys.put({ id: 'k', network: 'sandbox' } as never)
    expect(first.journal.lastSeq()).toBe(0)
    await first.close()
    expect(await (await open(dir)).db.storedKeys.count()).toBe(0)
  })

  it('stores what was written, not what the caller changed afterwards', async () => {
    const dir = tempDir()
    const first = await open(dir)
    const row = { key: 'x', value: 'as written' }
    await first.db.transaction('rw', first.db.settings, async () => {
      await first.db.settings.put(row)
      row.value = 'changed after'
    })
    await first.close()
    expect(await (await open(dir)).db.settings.get('x')).toEqual({ key: 'x', value: 'as written' })
  })

  it("reads another process's commits on refresh and names the jobs they touched", async () => {
    const dir = tempDir()
    const a = await open(dir)
    const b = await open(dir)
    await createJob(a.db, job('j1'), items('j1'), { kind: 'burn', nftIds: [] })
    expect(await readJob(b.db, 'j1')).toBeUndefined()
    expect([...(await b.refresh())]).toEqual(['j1'])
    expect((await readItems(b.db, 'j1')).length).toBe(2)
    expect((await b.refresh()).size).toBe(0)
    // b's own commits are not read back as news.
    await b.db.jobs.update('j1', { updatedAt: 2 })
    await b.db.settings.put({ key: 'k', value: 1 })
    expect((await b.refresh()).size).toBe(0)
  })

  it('stops a process whose job row another process changed since it read it, writing nothing', async () => {
    const dir = tempDir()
    const fatalA: Error[] = []
    const a = await open(dir, fatalA)
    const b = await open(dir)
    await createJob(a.db, { ...job('j1'), status: 'running' }, items('j1'), {
      kind: 'burn',
      nftIds: [],
    })
    await b.refresh()
    const claimed = await claimJob(b.db, 'j1', 'runner-b')
    expect(claimed?.epoch).toBe(1)
    // a still holds the row as it wrote it: its write would undo b's claim.
    const stale = (await readItems(a.db, 'j1')).map((i) => ({ ...i, status: 'skipped' as const }))
    await saveItems(a.db, 'j1', stale, stale)
    expect(fatalA.map((e) => e.name)).toEqual(['StoreConflictError'])
    const reopened = await open(dir)
    expect((await readJob(reopened.db, 'j1'))?.epoch).toBe(1)
    expect((await readItems(reopened.db, 'j1')).map((i) => i.status)).toEqual([
      'pending',
      'pending',
    ])
    // and a stopped store accepts no more writes
    await expect(a.db.settings.put({ key: 'z', value: 1 })).rejects.toThrow(/another process/)
  })

  it('refuses a store of another schema version, and follows LedgerDb', async () => {
    expect(STORE_SCHEMA).toBe(new LedgerDb('schema-probe').verno)
    const dir = tempDir()
    const first = await open(dir)
    first.journal.setMeta('schema', String(STORE_SCHEMA + 1))
    await first.close()
    await expect(openDurableStore(dir)).rejects.toThrow(/schema 8/)
  })
})
