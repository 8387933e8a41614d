/**
 * 'Reclaim unaccepted' against the sandbox's demo ledger: a cancel job of the offers still waiting,
 * one NFTokenCancelOffer per 500, the offers gone from the ledger and shown as gone; a recipient who
 * accepts between the plan and the cancel keeps the NFT; nothing to reclaim once all were accepted.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'

import { readJob } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { CANCEL_OFFERS_PER_TX } from '../../../src/shared/constants.ts'
import { GONE_KEPT } from '../../../src/worker/airdrop/acceptance/acceptanceLedger.ts'
import {
  airdropTo,
  cancelTxsSince,
  countsOf,
  holds,
  itemFor,
  statesByRecipient,
  submitValidated,
  until,
} from '../../helpers/acceptance.ts'
import { engineError, jobFinished } from '../../helpers/engine.ts'
import { offersOf, startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const acceptors = accounts.recipients.slice(4, 7).map((w) => w.classicAddress)
const others = accounts.recipients.slice(30, 36)
const otherAddresses = others.map((w) => w.classicAddress)
let h: DemoJobsHarness

beforeEach(async () => {
  h = await startDemoJobsHarness(100, {
    acceptance: { firstCheckMs: 600_000, intervalMs: 600_000 },
  })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterEach(async () => {
  await h.stop()
})

it('reclaims every waiting offer in ceil(n/500) cancels; a racing accept keeps its NFT', async () => {
  const jobId = await airdropTo(h, h.engine, holder, [...acceptors, ...otherAddresses])
  await until(h.db, jobId, (_, rows) =>
    acceptors.every((a) => statesByRecipient(rows).get(a) === 'accepted'),
  )
  const plan = await h.engine.planReclaim(jobId)
  const waiting = otherAddresses.length
  expect(plan).toMatchObject({ kind: 'cancel', canStart: true })
  expect(plan.transactions).toBe(Math.ceil(waiting / CANCEL_OFFERS_PER_TX))
  expect((await readJob(h.db, plan.jobId))?.params.reclaimOf).toBe(jobId)

  // A recipient accepts after the plan, before the cancel: its offer is skipped by the cancel.
  const { items } = await until(h.db, jobId, () => true)
  const racer = itemFor(items, otherAddresses[0]!)
  await submitValidated(h.client, others[0]!, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: racer.offerId,
  })

  const from = await validatedIndex(h.client)
  await h.engine.startJob(plan.jobId)
  const reclaim = await jobFinished(h.db, plan.jobId)
  expect(reclaim.status).toBe('completed')
  expect(reclaim.counts).toMatchObject({ succeeded: plan.transactions, failed: 0 })
  const cancels = await cancelTxsSince(h.client, holder, from)
  expect(cancels).toHaveLength(Math.ceil(waiting / CANCEL_OFFERS_PER_TX))
  expect(cancels.reduce((n, c) => n + c.offers, 0)).toBe(waiting)

  // On the ledger: none of the airdrop's offers is left; the racer holds its NFT.
  const offerIds = new Set(items.map((i) => i.offerId))
  expect((await offersOf(h.client, holder)).filter((o) => offerIds.has(o.index))).toEqual([])
  expect(await holds(h.client, otherAddresses[0]!, (racer.intent as { nftId: string }).nftId)).toBe(
    true,
  )
  const { job, items: after } = await until(h.db, jobId, (j) => j.acceptance?.offered === 0)
  expect(job.acceptance).toMatchObject({ offered: 0, accepted: 4, gone: 5, nextCheckAt: null })
  expect(countsOf(after)).toMatchObject({ offered: 0, accepted: 4, gone: 5 })
  expect(itemFor(after, otherAddresses[0]!).acceptance?.state).toBe('accepted')
  for (const address of otherAddresses.slice(1)) {
    expect(itemFor(after, address).acceptance).toMatchObject({ state: 'gone', detail: GONE_KEPT })
  }
  expect(await engineError(h.engine.planReclaim(jobId))).toEqual({
    code: 'VALIDATION',
    message: 'Nothing to reclaim: every offer was accepted or is gone',
  })
})

it('nothing to reclaim once every recipient accepted; errors for other jobs', async () => {
  const jobId = await airdropTo(h, h.engine, holder, acceptors)
  await until(h.db, jobId, (j) => j.acceptance?.accepted === acceptors.length)
  expect(await engineError(h.engine.planReclaim(jobId))).toEqual({
    code: 'VALIDATION',
    message: 'Nothing to reclaim: every offer was accepted or is gone',
  })
  expect(await engineError(h.engine.planReclaim('no-such-job'))).toMatchObject({
    code: 'NOT_FOUND',
  })
  const offer = (await offersOf(h.client, holder))[0]!
  const cancel = await h.engine.planJob({ kind: 'cancel', offerIds: [offer.index] })
  expect(await engineError(h.engine.planReclaim(cancel.jobId))).toEqual({
    code: 'VALIDATION',
    message: 'This job is not an airdrop or a mint to recipients: it made no offers to track',
  })
})
