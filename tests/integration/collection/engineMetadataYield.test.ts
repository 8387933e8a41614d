/**
 * Metadata never slows a job: while a job is planned or runs in the engine, a metadata load fetches
 * only the NFTs whose cards are on screen (showingNfts), and the rest waits; once the job ends the
 * load goes on and finishes. Without a job, the cards on screen come first too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { eventually } from '../../helpers/poll.ts'

const holder = demoAccounts().holder

let h: DemoJobsHarness

beforeAll(async () => {
  // Ledgers close only when the test says: the job runs as long as the test needs.
  h = await startDemoJobsHarness()
  await h.engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
  await h.engine.loadNfts()
})

afterAll(async () => {
  await h.stop()
})

async function cachedIds(): Promise<Set<string>> {
  return new Set((await h.db.metadata.toArray()).map((row) => row.nftId))
}

async function holds(check: () => Promise<boolean>, what: string): Promise<void> {
  await eventually(check, (held) => held, what, { timeoutMs: 20_000 })
}

/**
 * Starts a burn of `count` free NFTs and waits until the runner has submitted them all: the job runs
 * until the test closes a ledger. Returns the job's id.
 */
async function burnInFlight(count: number): Promise<string> {
  const burns = await freeNfts(h.client, holder.classicAddress, count)
  const plan = await h.engine.planJob({ kind: 'burn', nftIds: burns })
  await h.engine.startJob(plan.jobId)
  await holds(async () => (await h.db.jobs.get(plan.jobId))?.counts.inFlight === count, 'submitted')
  return plan.jobId
}

it('fetches only the cards on screen while a job runs, and the rest once it ends', async () => {
  const snapshot = (await h.db.nftSnapshots.get(['sandbox', holder.classicAddress]))!.nfts
  expect(snapshot.length).toBeGreaterThan(20)
  const jobId = await burnInFlight(2)

  const onScreen = snapshot.slice(-3).map((n) => n.nftId)
  await h.engine.showingNfts(onScreen)
  const load = h.engine.loadMetadata({})
  await holds(async () => {
    const cached = await cachedIds()
    return onScreen.every((id) => cached.has(id))
  }, 'the cards on screen loaded')
  // A while later, nothing else was fetched: the load waits for the job.
  await new Promise((r) => setTimeout(r, 300))
  expect((await cachedIds()).size).toBe(3)

  await h.sb.ledgerAccept()
  expect((await jobFinished(h.db, jobId)).status).toBe('completed')
  const done = await load
  expect(done).toMatchObject({ total: snapshot.length, pending: 0 })
  expect(done.loaded + done.failed).toBe(snapshot.length)
  expect((await cachedIds()).size).toBe(snapshot.length)
})

it('fetches only the cards on screen while a job is planned, and the rest once the plan is made', async () => {
  await h.db.metadata.clear()
  const snapshot = (await h.db.nftSnapshots.get(['sandbox', holder.classicAddress]))!.nfts
  const burns = await freeNfts(h.client, holder.classicAddress, 2)
  const created: string[] = []
  const record = (_key: unknown, row: { nftId: string }) => {
    created.push(row.nftId)
  }
  h.db.metadata.hook('creating', record)
  // A slow server: pre-flight's few round trips take a second or more.
  h.sb.faults.delayMs = 300
  try {
    const planning = h.engine.planJob({ kind: 'burn', nftIds: burns })
    const onScreen = snapshot.slice(0, 3).map((n) => n.nftId)
    await h.engine.showingNfts(onScreen)
    const load = h.engine.loadMetadata({})
    await planning
    // Written while the plan was made: the cards on screen, and nothing else.
    expect([...created].sort()).toEqual([...onScreen].sort())
    h.sb.faults.delayMs = 0
    const done = await load
    expect(done.loaded + done.failed).toBe(snapshot.length)
    expect((await cachedIds()).size).toBe(snapshot.length)
  } finally {
    h.sb.faults.delayMs = 0
    h.db.metadata.hook('creating').unsubscribe(record)
  }
})

it('without a job, fetches the cards on screen before the others', async () => {
  await h.db.metadata.clear()
  const snapshot = (await h.db.nftSnapshots.get(['sandbox', holder.classicAddress]))!.nfts
  const onScreen = snapshot.slice(-4).map((n) => n.nftId)
  await h.engine.showingNfts(onScreen)
  const order: string[] = []
  h.db.metadata.hook('creating', (_key, row) => {
    order.push(row.nftId)
  })
  await h.engine.loadMetadata({})
  // The pool starts several at once: the visible four are among the first fetches started.
  expect(
    order
      .slice(0, 4 + 15)
      .filter((id) => onScreen.includes(id))
      .sort(),
  ).toEqual([...onScreen].sort())
  expect(order.length).toBe(snapshot.length)
})

it('Clear Cache during a load stops it: the cache stays empty, the load ends', async () => {
  await h.db.metadata.clear()
  const snapshot = (await h.db.nftSnapshots.get(['sandbox', holder.classicAddress]))!.nfts
  const jobId = await burnInFlight(1)
  // The job holds the load back: only the two cards on screen come, then it waits.
  const onScreen = snapshot.slice(0, 2).map((n) => n.nftId)
  await h.engine.showingNfts(onScreen)
  const load = h.engine.loadMetadata({})
  await holds(async () => (await cachedIds()).size === 2, 'the cards on screen loaded')

  expect(await h.engine.clearMetadataCache()).toBe(2)
  const stopped = await load
  expect(stopped.pending).toBeGreaterThan(0)
  await h.sb.ledgerAccept()
  expect((await jobFinished(h.db, jobId)).status).toBe('completed')
  await new Promise((r) => setTimeout(r, 200))
  expect((await cachedIds()).size).toBe(0)
})
