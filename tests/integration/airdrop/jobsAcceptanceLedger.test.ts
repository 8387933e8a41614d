/**
 * Acceptance reads against the sandbox's demo ledger: a read of a ledger older than the one that
 * created an offer says nothing about it (a lagging server); an ended airdrop whose summary was never
 * counted from the ledger stays watched.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { offerItems, watchedAirdrops } from '../../../src/db/acceptance.ts'
import { readJob } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import {
  readStandings,
  trackedOffer,
} from '../../../src/worker/airdrop/acceptance/acceptanceLedger.ts'
import { airdropTo } from '../../helpers/acceptance.ts'
import { startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
let h: DemoJobsHarness
let jobId: string

beforeAll(async () => {
  // No poll of the tracker's own during the test: only what the test reads and writes.
  h = await startDemoJobsHarness(100, {
    acceptance: { firstCheckMs: 600_000, intervalMs: 600_000 },
  })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  jobId = await airdropTo(h, h.engine, holder, [accounts.recipients[44]!.classicAddress])
})

afterAll(async () => {
  await h.stop()
})

it('an offer absent from a ledger older than its own is left without a standing', async () => {
  const [item] = await offerItems(h.db, jobId)
  const offer = trackedOffer(item!)
  expect(offer.createdIn).toBe(item!.attempts.at(-1)!.ledgerIndex)
  submitInProcess(h.sb.ledger, accounts.holder, {
    TransactionType: 'NFTokenCancelOffer',
    NFTokenOffers: [offer.offerId],
  })
  await h.sb.ledgerAccept()
  const now = await validatedIndex(h.client)

  // As a server lagging behind the offer's ledger would be read: the offer is not there yet. (Far
  // ahead: ledgers close every 100 ms here, and the read must stay behind whatever closes meanwhile.)
  const lagging = await readStandings(h.client, holder, [{ ...offer, createdIn: now + 1_000 }])
  expect(lagging.standings.has(offer.offerId)).toBe(false)
  const current = await readStandings(h.client, holder, [offer])
  expect(current.standings.get(offer.offerId)).toMatchObject({ state: 'gone' })
})

it('an ended airdrop whose summary was never counted from the ledger stays watched', async () => {
  const job = (await readJob(h.db, jobId))!
  expect(job.status).toBe('completed')
  // What stream writes during the run leave when the worker dies before the end-of-job count.
  const streamOnly = { offered: 0, accepted: 0, gone: 0, checkedAt: null, nextCheckAt: null }
  await h.db.jobs.update(jobId, { acceptance: streamOnly })
  const watched = async () =>
    (await watchedAirdrops(h.db, 'sandbox', holder)).map((j) => j.id).includes(jobId)
  expect(await watched()).toBe(true)
  await h.db.jobs.update(jobId, { acceptance: { ...streamOnly, gone: 1, checkedAt: 1 } })
  expect(await watched()).toBe(false)
})
