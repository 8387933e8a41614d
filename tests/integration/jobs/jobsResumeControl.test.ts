/**
 * Pausing, resuming and cancelling airdrop jobs mid-way, also with the tab closed right after the
 * request: a pause stops new signatures and survives a restart (the job stays paused until started
 * again), a cancel skips what was not signed and survives a restart too; no item is ever doubled.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { engineError } from '../../helpers/engine.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, holderTxs, planNextAirdrop } from '../../helpers/faultLedger.ts'
import type { Before } from '../../helpers/faultLedger.ts'
import {
  recipients,
  reopenEngine,
  sleep,
  startWorld,
  succeededWhileHeld,
  waitForItems,
  waitForJob,
} from '../../helpers/faultWorld.ts'

const N = 16
/**
 * Few in flight at once: a ledger validates at most 3 of the job's 16 items, so a pause or a cancel
 * made while the job is held after its first ledger (succeededWhileHeld) leaves items unsigned.
 */
const LIMITS = { maxInFlight: 3 }

let w: World

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6, ...LIMITS })
})

afterEach(() => {
  // Each test resumes the ledger closes once it has acted; this too when it failed before.
  w.closing!.resume()
})

afterAll(async () => {
  await w.stop()
})

/**
 * Plans and starts an airdrop, and holds it once 3 items succeeded: no ledger closes until the test
 * resumes them (see succeededWhileHeld).
 */
async function startAirdrop(): Promise<{
  jobId: string
  before: Before
}> {
  const { jobId, before } = await planNextAirdrop(w, N)
  w.closing!.pause()
  await w.engine.startJob(jobId)
  await succeededWhileHeld(w, jobId, 3)
  return { jobId, before }
}

/** Waits for `ledgers` more validated ledgers. */
async function ledgers(count: number): Promise<void> {
  const start = w.h.sb.ledger.validated.header.ledger_index
  while (w.h.sb.ledger.validated.header.ledger_index < start + count) await sleep(5)
}

/** Per item, validated transactions of its intent on the ledger since `ledger`. */
async function txsPerItem(jobId: string, ledger: number): Promise<number[]> {
  const txs = (await holderTxs(w, ledger + 1)).map((t) => t.tx_json as Record<string, unknown>)
  const items = await readItems(w.h.db, jobId)
  return items.map((item) => {
    const { nftId, destination } = item.intent as { nftId: string; destination: string }
    return txs.filter((t) => t.NFTokenID === nftId && t.Destination === destination).length
  })
}

it('pauses mid-job (what is in flight settles, nothing new is signed), then resumes to the end', async () => {
  const { jobId, before } = await startAirdrop()
  await w.engine.pauseJob(jobId)
  w.closing!.resume()
  const paused = await waitForJob(w, jobId, ['paused'])
  expect(paused.status).toBe('paused')
  const settled = await waitForItems(w, jobId, (items) =>
    items.every((i) => i.status !== 'inFlight'),
  )
  const pending = settled.filter((i) => i.status === 'pending').length
  expect(pending).toBeGreaterThan(0)
  // Paused: the ledger sees nothing more of the job while a few ledgers close.
  await ledgers(4)
  expect(await txsPerItem(jobId, before.ledger)).toEqual(
    (await readItems(w.h.db, jobId)).map((i) => (i.status === 'succeeded' ? 1 : 0)),
  )
  expect((await readJob(w.h.db, jobId))!.status).toBe('paused')
  // Its offers cannot be reclaimed while it may still be resumed.
  expect(await engineError(w.engine.planReclaim(jobId))).toEqual({
    code: 'VALIDATION',
    message: 'This airdrop is paused: cancel it first, or resume it and let it finish',
  })
  await w.engine.startJob(jobId)
  const job = await waitForJob(w, jobId, ['completed', 'cancelled', 'failed'])
  expect(job.counts).toMatchObject({ total: N, succeeded: N })
  await expectExactlyOnce(w, jobId, before, recipients.slice(0, N))
})

it('cancels mid-job: unsigned items are skipped, signed ones settle, none doubled', async () => {
  const { jobId, before } = await startAirdrop()
  await w.engine.cancelJob(jobId)
  w.closing!.resume()
  const job = await waitForJob(w, jobId)
  expect(job.status).toBe('cancelled')
  expect(job.counts.skipped).toBeGreaterThan(0)
  expect(job.counts.succeeded).toBeGreaterThanOrEqual(3)
  const items = await expectExactlyOnce(w, jobId, before, recipients.slice(0, N))
  for (const item of items.filter((i) => i.status === 'skipped')) {
    expect(item.attempts.every((a) => a.final === 'dead')).toBe(true)
  }
})

it('a paused job whose tab closed before its attempts settled is settled by the next engine, nothing new signed', async () => {
  const { jobId, before } = await startAirdrop()
  await waitForItems(w, jobId, (items) => items.some((i) => i.status === 'inFlight'))
  await w.engine.pauseJob(jobId)
  // Closed with the ledger held: what was in flight cannot have settled.
  await reopenEngine(w, LIMITS)
  const held = await readJob(w.h.db, jobId)
  expect(held).toMatchObject({ status: 'paused' })
  expect(held!.counts.inFlight).toBeGreaterThan(0)
  const unsigned = (await readItems(w.h.db, jobId)).filter((i) => i.attempts.length === 0)
  w.closing!.resume()
  const settled = await waitForItems(w, jobId, (items) =>
    items.every((i) => i.status !== 'inFlight'),
  )
  expect((await readJob(w.h.db, jobId))!.status).toBe('paused')
  // Settled, and nothing signed that was not signed before the pause.
  const stillUnsigned = settled.filter((i) => unsigned.some((u) => u.id === i.id))
  expect(stillUnsigned.every((i) => i.attempts.length === 0 && i.status === 'pending')).toBe(true)
  await w.engine.startJob(jobId)
  await waitForJob(w, jobId, ['completed', 'cancelled', 'failed'])
  await expectExactlyOnce(w, jobId, before, recipients.slice(0, N))
})

it('a pause survives a closed tab: the job stays paused, then resumes when started', async () => {
  const { jobId, before } = await startAirdrop()
  await w.engine.pauseJob(jobId)
  w.closing!.resume()
  await reopenEngine(w, LIMITS)
  await ledgers(4)
  expect((await readJob(w.h.db, jobId))!.status).toBe('paused')
  const items = await readItems(w.h.db, jobId)
  expect(items.some((i) => i.status === 'pending')).toBe(true)
  // Attempts in flight when the tab closed may have validated meanwhile: at most once each.
  for (const n of await txsPerItem(jobId, before.ledger)) expect(n).toBeLessThanOrEqual(1)
  await w.engine.startJob(jobId)
  const job = await waitForJob(w, jobId, ['completed', 'cancelled', 'failed'])
  expect(job.counts).toMatchObject({ total: N, succeeded: N })
  await expectExactlyOnce(w, jobId, before, recipients.slice(0, N))
})

it('a cancel survives a closed tab: the new engine finishes cancelling, nothing more is signed', async () => {
  // No ledger closes from the start (startAirdrop holds the job) to the reopening: what is in flight
  // cannot settle meanwhile, so the tab closes mid-cancel, and the new engine is the one to finish it.
  const { jobId, before } = await startAirdrop()
  let closedWhile: string | undefined
  try {
    await w.engine.cancelJob(jobId)
    await reopenEngine(w, LIMITS, async () => {
      closedWhile = (await readJob(w.h.db, jobId))?.status
    })
  } finally {
    w.closing!.resume()
  }
  expect(closedWhile, 'the cancel had ended before the tab closed').toBe('cancelling')
  const job = await waitForJob(w, jobId)
  expect(job.status).toBe('cancelled')
  expect(job.counts.skipped).toBeGreaterThan(0)
  const items = await expectExactlyOnce(w, jobId, before, recipients.slice(0, N))
  for (const item of items.filter((i) => i.status === 'skipped')) {
    expect(item.attempts.every((a) => a.final === 'dead')).toBe(true)
  }
})
