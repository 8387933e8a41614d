/**
 * One runner per account across tabs: two engines on one IndexedDB (and one set of account locks)
 * stand for two tabs of one browser profile. Whatever the second tab does — open beside a running
 * job, take over when the first closes, pause and resume it, or find the first one still running
 * after its lock was taken — every planned transfer is offered exactly once on the ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { accountLockName, memoryLocksFor } from '../../../src/worker/jobs/run/accountLocks.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, planNextAirdrop } from '../../helpers/faultLedger.ts'
import {
  connectHolder,
  holder,
  jobLimits,
  startWorld,
  succeededWhileHeld,
  waitForJob,
} from '../../helpers/faultWorld.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'

const N = 16
/**
 * Few in flight at once: a ledger validates at most 3 of the job's 16 items, so a job held after its
 * first ledger (succeededWhileHeld) is still under way when the second tab acts.
 */
const LIMITS = { lastLedgerOffset: 6, maxInFlight: 3 }
const LOCK = accountLockName('sandbox', holder)

let w: World
const tabs: Engine[] = []

beforeAll(async () => {
  w = await startWorld({ closeMs: 80, ...LIMITS })
})

afterEach(() => {
  // Each test resumes the ledger closes once it has acted; this too when it failed before.
  w.closing!.resume()
})

afterAll(async () => {
  await Promise.all(tabs.map((t) => t.dispose()))
  await w.stop()
})

/** A second tab of the app: an engine on the same database, its wallet connected. */
async function openTab(): Promise<Engine> {
  const tab = w.h.reopen({ jobs: jobLimits(LIMITS) })
  tabs.push(tab)
  await tab.connect('sandbox')
  await connectHolder(tab)
  return tab
}

/** Plans and starts an airdrop with the ledger closes paused (see succeededWhileHeld). */
async function startAirdrop() {
  const { jobId, to, before } = await planNextAirdrop(w, N)
  w.closing!.pause()
  await w.engine.startJob(jobId)
  // The epoch the first tab's runner took the job with.
  const running = await waitForJob(w, jobId, ['running'])
  return { jobId, before, to, epoch: running.epoch! }
}

const open = (items: JobItemRow[]) => items.filter((i) => i.status === 'pending').length

/** The job's items as stored, without what the acceptance tracker adds (it follows the offers). */
async function itemsWithoutAcceptance(jobId: string): Promise<JobItemRow[]> {
  const items = await readItems(w.h.db, jobId)
  return items.map(({ acceptance: _, ...item }) => item)
}

/** Waits until another tab waits for the account's lock. */
async function aTabWaitsForTheLock(): Promise<void> {
  await expect.poll(() => memoryLocksFor(w.h.db.name).waiters(LOCK)).toBe(1)
}

describe('two tabs on one account', () => {
  it('a second tab opened beside a running airdrop waits: one offer per transfer', async () => {
    const { jobId, before, to, epoch } = await startAirdrop()
    await succeededWhileHeld(w, jobId)
    await openTab()
    await aTabWaitsForTheLock()
    // The job was still under way while the second tab waited.
    expect(open(await readItems(w.h.db, jobId))).toBeGreaterThan(0)
    w.closing!.resume()
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    // Only the first tab ever took the job.
    expect(job.epoch).toBe(epoch)
    await expectExactlyOnce(w, jobId, before, to)
    // The waiting tab took the lock once the first released it, found nothing to run and let go.
    await expect.poll(() => memoryLocksFor(w.h.db.name).isHeld(LOCK)).toBe(false)
  })

  it('the tab running the job closes mid-run: the other takes over and finishes', async () => {
    const { jobId, before, to, epoch } = await startAirdrop()
    await openTab()
    await aTabWaitsForTheLock()
    await succeededWhileHeld(w, jobId)
    await w.engine.dispose()
    const left = await readItems(w.h.db, jobId)
    expect(open(left), 'closed mid-run').toBeGreaterThan(0)
    w.closing!.resume()
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    expect(job.epoch).toBe(epoch + 1)
    await expectExactlyOnce(w, jobId, before, to)
    w.engine = tabs.at(-1)!
  })

  it('a runner whose lock was taken writes and signs nothing more, even once it wakes', async () => {
    const { jobId, before, to, epoch } = await startAirdrop()
    const stale = w.engine
    await openTab()
    await aTabWaitsForTheLock()
    await succeededWhileHeld(w, jobId)
    // The first tab's runner stalls (its connection is gone: it waits, holding its copy of the job)
    // and its lock goes to the second tab, as with a frozen background tab or a stale worker.
    await stale.disconnect()
    expect(open(await readItems(w.h.db, jobId)), 'stalled mid-run').toBeGreaterThan(0)
    memoryLocksFor(w.h.db.name).steal(LOCK)
    w.closing!.resume()
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.epoch).toBe(epoch + 1)
    const finished = await itemsWithoutAcceptance(jobId)
    // The stale runner wakes with items it still holds as pending: it must sign none of them.
    await stale.connect('sandbox')
    for (let k = 0; k < 4; k++) await w.h.sb.ledgerAccept()
    await new Promise((r) => setTimeout(r, 300))
    expect(await itemsWithoutAcceptance(jobId)).toEqual(finished)
    expect(await readJob(w.h.db, jobId)).toMatchObject({ status: 'completed', counts: job.counts })
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    await expectExactlyOnce(w, jobId, before, to)
    await stale.dispose()
    w.engine = tabs.at(-1)!
  })

  it('a pause and a resume from the other tab reach the runner', async () => {
    const { jobId, before, to } = await startAirdrop()
    const other = await openTab()
    await aTabWaitsForTheLock()
    await succeededWhileHeld(w, jobId)
    await other.pauseJob(jobId)
    // What is in flight settles only as ledgers close.
    w.closing!.resume()
    const paused = await waitForJob(w, jobId, ['paused'])
    expect(paused.pausedBy).toBe('user')
    // The runner stops signing: what was in flight settles, then nothing new is signed.
    await expect.poll(async () => (await readJob(w.h.db, jobId))?.counts.inFlight).toBe(0)
    const signed = (await readItems(w.h.db, jobId)).flatMap((i) => i.attempts).length
    expect(open(await readItems(w.h.db, jobId)), 'paused mid-run').toBeGreaterThan(0)
    await w.h.sb.ledgerAccept()
    await w.h.sb.ledgerAccept()
    expect((await readItems(w.h.db, jobId)).flatMap((i) => i.attempts)).toHaveLength(signed)
    await other.startJob(jobId)
    const job = await waitForJob(w, jobId, ['completed'])
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    await expectExactlyOnce(w, jobId, before, to)
  })
  it('a read-only tab sees whether the runner lives; its tab closed, the job waits for a wallet, then finishes', async () => {
    // Only the tab that runs the job has the wallet: the other tabs close.
    for (const tab of tabs.filter((t) => t !== w.engine)) {
      await tab.dispose()
      tabs.splice(tabs.indexOf(tab), 1)
    }
    const { jobId, before, to, epoch } = await startAirdrop()
    // A tab with the account open read-only (no wallet): it runs nothing.
    const viewer = w.h.reopen({ jobs: jobLimits(LIMITS) })
    tabs.push(viewer)
    await viewer.connect('sandbox')
    expect(await viewer.jobRunnerActive('sandbox', holder)).toBe(true)
    await succeededWhileHeld(w, jobId)
    await w.engine.dispose()
    expect(await viewer.jobRunnerActive('sandbox', holder)).toBe(false)
    // Nothing took the job over: still `running` under the closed tab's runner.
    const left = await readJob(w.h.db, jobId)
    expect(left).toMatchObject({ status: 'running', epoch })
    expect(left!.runnerId).not.toBe(await viewer.getRunnerId())
    w.closing!.resume()
    // The wallet connected there, that tab takes it over and finishes it.
    await connectHolder(viewer)
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.epoch).toBe(epoch + 1)
    await expectExactlyOnce(w, jobId, before, to)
    // Nothing left to run: the runner lets the lock go.
    await expect.poll(() => viewer.jobRunnerActive('sandbox', holder)).toBe(false)
    w.engine = viewer
  })
})
