/**
 * The engine as a library (issue 28): createEngine's checks, the job and NFT reads a script uses
 * instead of observing IndexedDB, and resumeOnConnect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { createEngine } from '../../../src/worker/createEngine.ts'
import type { EngineApi } from '../../../src/worker/createEngine.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import { engineError } from '../../helpers/engine.ts'
import { freeNfts, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const recipients = accounts.recipients.slice(20, 23).map((w) => w.classicAddress)

let h: DemoJobsHarness
const made: EngineApi[] = []

beforeAll(async () => {
  h = await startDemoJobsHarness()
})
afterAll(async () => {
  await Promise.all(made.map((engine) => engine.dispose()))
  await h.stop()
})

/** An engine on the harness's sandbox and database, as a script builds one. */
async function scriptEngine(resumeOnConnect?: boolean): Promise<EngineApi> {
  const engine = await createEngine({
    network: { id: 'sandbox', endpoints: [h.sb.url] },
    store: h.db,
    ...(resumeOnConnect === undefined ? {} : { resumeOnConnect }),
  })
  made.push(engine)
  return engine
}

/** An airdrop of `count` free NFTs planned by `engine` (its wallet connected). */
async function plannedAirdrop(engine: EngineApi, count: number) {
  const nftIds = await freeNfts(h.client, holder, count)
  const plan = await engine.planJob({
    kind: 'airdrop',
    distribution: recipients.slice(0, count).map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  })
  expect(plan.problems).toEqual([])
  return plan
}

describe('createEngine', () => {
  it('refuses an unknown network, endpoints that are not WebSocket addresses, and a host without IndexedDB', async () => {
    const unknown = await engineError(createEngine({ network: 'moonnet' as never }))
    const badUrl = await engineError(
      createEngine({ network: { id: 'sandbox', endpoints: ['https://example.invalid'] } }),
    )
    const saved = globalThis.indexedDB
    // @ts-expect-error: a host without IndexedDB (plain Node)
    delete globalThis.indexedDB
    const noDb = await engineError(createEngine({ network: 'sandbox', connect: false })).finally(
      () => (globalThis.indexedDB = saved),
    )
    expect([unknown, badUrl]).toEqual([
      { code: 'VALIDATION', message: 'Unknown network "moonnet"' },
      { code: 'VALIDATION', message: 'endpoints must be ws:// or wss:// addresses' },
    ])
    expect(noDb.code).toBe('VALIDATION')
    expect(noDb.message).toMatch(/^No IndexedDB here: in Node, import "fake-indexeddb\/auto"/)
  })
})

describe('reading jobs and NFTs through the API', () => {
  it('lists the wallet’s jobs, reads one, pages its items, and follows it to its end', async () => {
    const engine = await scriptEngine()
    await engine.connectDemoWallet()
    const plan = await plannedAirdrop(engine, 3)
    expect((await engine.listJobs()).map((job) => job.id)).toContain(plan.jobId)
    expect(await engine.getJob('no-such-job')).toBeNull()

    const rows: JobRow[] = []
    const watching = engine.watchJob(plan.jobId, (job) => rows.push(job))
    await engine.startJob(plan.jobId)
    const stop = setInterval(() => void h.sb.ledgerAccept(), 100)
    const final = await watching.finally(() => clearInterval(stop))

    expect({ status: final.status, counts: final.counts }).toMatchObject({
      status: 'completed',
      counts: { total: 3, succeeded: 3 },
    })
    // onChange saw the rows the job's writes made (not each one: a live query coalesces), the last
    // being the final one.
    expect(rows.at(-1)).toEqual(final)
    const page = await engine.jobItems(plan.jobId, { offset: 1, limit: 1 })
    expect(page.map((item) => [item.index, item.recipient, item.status])).toEqual([
      [1, recipients[1], 'succeeded'],
    ])
    expect(await engine.getJob(plan.jobId)).toMatchObject({ id: plan.jobId, status: 'completed' })
  })

  it('refuses pages out of range and watching a job that does not exist', async () => {
    const engine = await scriptEngine()
    const errors = await Promise.all([
      engineError(engine.jobItems('x', { limit: 1001 })),
      engineError(engine.jobItems('x', { offset: -1 })),
      engineError(engine.listNfts({ account: holder, limit: 2.5 })),
      engineError(engine.watchJob('no-such-job')),
    ])
    expect(errors.map((e) => e.code)).toEqual([
      'VALIDATION',
      'VALIDATION',
      'VALIDATION',
      'NOT_FOUND',
    ])
  })

  it('gives the NFTs as last loaded, by page, and says when they were never loaded', async () => {
    const engine = await scriptEngine()
    const never = await engineError(engine.listNfts({ account: accounts.artist.classicAddress }))
    expect(never.code).toBe('NOT_FOUND')
    const loaded = await engine.loadNfts(undefined, holder)
    const first = await engine.listNfts({ account: holder, limit: 5 })
    const next = await engine.listNfts({ account: holder, offset: 5, limit: 5 })
    expect({ total: first.total, ledgerIndex: first.ledgerIndex }).toEqual({
      total: loaded.count,
      ledgerIndex: loaded.ledgerIndex,
    })
    expect([...first.nfts, ...next.nfts].map((n) => n.nftId)).toEqual(
      (await engine.listNfts({ account: holder, limit: 10 })).nfts.map((n) => n.nftId),
    )
    expect(first.nfts).toHaveLength(5)
  })
})

describe('resumeOnConnect', () => {
  it('false: connecting the wallet leaves a paused job paused; starting it runs it', async () => {
    // The earlier tests' engines go: one of them, the wallet connected and resuming by itself, would
    // take over (as another tab does) and settle the paused job's offers in flight.
    await Promise.all(made.splice(0).map((engine) => engine.dispose()))
    const first = await scriptEngine()
    await first.connectDemoWallet()
    const plan = await plannedAirdrop(first, 2)
    await first.startJob(plan.jobId)
    // Its runner takes it (ledgers do not close here: its offers stay in flight).
    await expect.poll(async () => (await first.getJob(plan.jobId))?.status).toBe('running')
    // Paused by the wallet going away, as Disconnect Wallet does: a reconnection would resume it.
    await first.lock()
    await expect.poll(async () => (await first.getJob(plan.jobId))?.status).toBe('paused')
    await first.dispose()

    const script = await scriptEngine(false)
    await script.connectDemoWallet()
    // Three ledgers pass with the wallet connected: nothing of the job runs.
    for (let i = 0; i < 3; i += 1) await h.sb.ledgerAccept()
    expect((await script.getJob(plan.jobId))?.status).toBe('paused')
    expect(await script.jobRunnerActive('sandbox', holder)).toBe(false)

    await script.startJob(plan.jobId)
    const stop = setInterval(() => void h.sb.ledgerAccept(), 100)
    const final = await script.watchJob(plan.jobId).finally(() => clearInterval(stop))
    expect(final.status).toBe('completed')
  })
})
