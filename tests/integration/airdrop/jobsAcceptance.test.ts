/**
 * Acceptance tracking of airdrop offers against the sandbox's demo ledger (recipients 1–10 accept
 * offers by themselves a couple of ledgers later; the others never do): the account stream, the poll,
 * and a new engine that resumes tracking what happened while none followed.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Wallet } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { GONE_KEPT } from '../../../src/worker/airdrop/acceptance/acceptanceLedger.ts'
import {
  airdropTo,
  countsOf,
  holds,
  itemFor,
  statesByRecipient,
  submitValidated,
  until,
} from '../../helpers/acceptance.ts'
import { engineError } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holderWallet = Wallet.fromSeed(accounts.holder.seed!)
const holder = accounts.holder.classicAddress
const acceptors = accounts.recipients.slice(0, 4).map((w) => w.classicAddress)
const others = accounts.recipients.slice(20, 24)
const otherAddresses = others.map((w) => w.classicAddress)
/** Timing no test waits out: only the stream and explicit checks can record anything. */
const NEVER = { firstCheckMs: 600_000, intervalMs: 600_000 }
let h: DemoJobsHarness

beforeEach(async () => {
  h = await startDemoJobsHarness(100, { acceptance: NEVER })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterEach(async () => {
  await h.stop()
})

it('the stream shows auto-accepting recipients as accepted long before any poll', async () => {
  const jobId = await airdropTo(h, h.engine, holder, [...acceptors, ...otherAddresses])
  const { job, items } = await until(h.db, jobId, (_, rows) =>
    acceptors.every((a) => statesByRecipient(rows).get(a) === 'accepted'),
  )
  // No poll ran (checkedAt is null): the stream alone recorded the accepts.
  expect(job.acceptance).toMatchObject({ accepted: 4, offered: 4, gone: 0, checkedAt: null })
  for (const address of acceptors) {
    const item = itemFor(items, address)
    expect(item.acceptance?.ledgerIndex).toBeGreaterThan(0)
    expect(await holds(h.client, address, (item.intent as { nftId: string }).nftId)).toBe(true)
  }

  const summary = await h.engine.checkAcceptance(jobId)
  const after = await until(h.db, jobId, () => true)
  expect(summary).toMatchObject({ offered: 4, accepted: 4, gone: 0 })
  expect(summary.checkedAt).toEqual(expect.any(Number))
  expect(summary.nextCheckAt).toBeGreaterThan(summary.checkedAt!)
  expect(after.job.acceptance).toEqual(summary)
  expect(countsOf(after.items)).toMatchObject({ offered: 4, accepted: 4, gone: 0 })
  for (const address of otherAddresses) {
    expect(statesByRecipient(after.items).get(address)).toBe('offered')
  }
  // The offers still waiting are exactly those on the ledger.
  const onLedger = new Set((await offersOf(h.client, holder)).map((o) => o.index))
  for (const item of after.items) {
    expect(onLedger.has(item.offerId!)).toBe(item.acceptance?.state === 'offered')
  }
})

it('a new engine finds by poll what happened while none followed: an accept and a cancel', async () => {
  const jobId = await airdropTo(h, h.engine, holder, otherAddresses)
  await h.engine.dispose()
  const { items } = await until(h.db, jobId, () => true)
  const taken = itemFor(items, others[0]!.classicAddress)
  const cancelled = itemFor(items, others[1]!.classicAddress)
  await submitValidated(h.client, others[0]!, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: taken.offerId,
  })
  await submitValidated(h.client, holderWallet, {
    TransactionType: 'NFTokenCancelOffer',
    NFTokenOffers: [cancelled.offerId],
  })

  // Reopened long after the airdrop ended (first check 0 ms after it): it checks on wallet connect.
  const engine = h.reopen({ acceptance: { firstCheckMs: 0, intervalMs: 600_000 } })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const { job, items: after } = await until(h.db, jobId, (j) => j.acceptance?.checkedAt != null)
  expect(job.acceptance).toMatchObject({ offered: 2, accepted: 1, gone: 1 })
  expect(countsOf(after)).toMatchObject({ offered: 2, accepted: 1, gone: 1 })
  expect(itemFor(after, others[0]!.classicAddress).acceptance?.state).toBe('accepted')
  expect(itemFor(after, others[1]!.classicAddress).acceptance).toMatchObject({
    state: 'gone',
    detail: GONE_KEPT,
  })
  expect(await holds(h.client, holder, (cancelled.intent as { nftId: string }).nftId)).toBe(true)
})

it('a cancel seen on the stream makes the offer gone; the NFT stayed with the holder', async () => {
  const jobId = await airdropTo(h, h.engine, holder, otherAddresses.slice(0, 2))
  const { items } = await until(h.db, jobId, () => true)
  const cancelled = itemFor(items, otherAddresses[0]!)
  await submitValidated(h.client, holderWallet, {
    TransactionType: 'NFTokenCancelOffer',
    NFTokenOffers: [cancelled.offerId],
  })
  const { job } = await until(h.db, jobId, (_, rows) =>
    rows.some((i) => i.acceptance?.state === 'gone'),
  )
  expect(job.acceptance).toMatchObject({ offered: 1, gone: 1, accepted: 0 })
  expect(
    itemFor((await until(h.db, jobId, () => true)).items, otherAddresses[0]!).acceptance,
  ).toMatchObject({ state: 'gone', detail: GONE_KEPT })
  // A later poll never takes a final state back.
  expect(await h.engine.checkAcceptance(jobId)).toMatchObject({ offered: 1, gone: 1 })
})

it('checkAcceptance refuses unknown jobs, other kinds, and works with the account shown, key or not', async () => {
  expect(await engineError(h.engine.checkAcceptance('no-such-job'))).toMatchObject({
    code: 'NOT_FOUND',
  })
  const burn = await h.engine.planJob({ kind: 'burn', nftIds: [(await freeIds(1))[0]!] })
  expect(await engineError(h.engine.checkAcceptance(burn.jobId))).toEqual({
    code: 'VALIDATION',
    message: 'This job is not an airdrop or a mint to recipients: it made no offers to track',
  })
  const jobId = (
    await h.engine.planJob({
      kind: 'airdrop',
      distribution: [{ address: otherAddresses[0]!, count: 1 }],
      nftIds: await freeIds(1),
      randomize: false,
    })
  ).jobId
  await h.engine.lock()
  expect(await engineError(h.engine.checkAcceptance(jobId))).toEqual({
    code: 'VALIDATION',
    message: 'Open an account first',
  })
  // Reading the ledger needs no key: the account viewed read-only is checked as a connected one.
  await h.engine.viewAccount({ network: 'sandbox', address: holder })
  expect(await h.engine.checkAcceptance(jobId)).toMatchObject({ offered: 0, accepted: 0 })
  expect(await engineError(h.engine.viewAccount({ network: 'sandbox', address: 'rNope' }))).toEqual(
    { code: 'VALIDATION', message: 'Please enter a valid XRPL address (r…)' },
  )
})

it('an account viewed read-only stays live: the stream records an accept and tells the pages', async () => {
  const jobId = await airdropTo(h, h.engine, holder, otherAddresses.slice(0, 2))
  const { items } = await until(h.db, jobId, () => true)
  // As after a reload: no key, the account shown by its address alone.
  await h.engine.lock()
  await h.engine.viewAccount({ network: 'sandbox', address: holder })
  const activity: { account: string; left: string[] }[] = []
  await h.engine.onAccountActivity((a) => activity.push(a))
  const taken = itemFor(items, otherAddresses[0]!)
  const nftId = (taken.intent as { nftId: string }).nftId
  await submitValidated(h.client, others[0]!, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: taken.offerId,
  })
  // No poll is due (NEVER): only the viewed account's stream can record the accept.
  const { job } = await until(h.db, jobId, (j) => j.acceptance?.accepted === 1)
  expect(job.acceptance).toMatchObject({ offered: 1, accepted: 1, gone: 0 })
  await expect.poll(() => activity.flatMap((a) => a.left)).toContain(nftId)
  expect(activity.every((a) => a.account === holder)).toBe(true)
})

function freeIds(n: number): Promise<string[]> {
  return freeNfts(h.client, holder, n)
}

it('an accept made while the engine was offline is found once the connection is back', async () => {
  const engine = h.reopen({ acceptance: { firstCheckMs: 0, intervalMs: 600_000 } })
  await h.engine.dispose()
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const jobId = await airdropTo(h, engine, holder, otherAddresses.slice(2, 4))
  const first = await until(h.db, jobId, (j) => j.acceptance?.checkedAt != null)
  expect(first.job.acceptance).toMatchObject({ offered: 2, accepted: 0 })

  await engine.disconnect()
  const taken = itemFor(first.items, otherAddresses[2]!)
  await submitValidated(h.client, others[2]!, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: taken.offerId,
  })
  // The next poll is 10 minutes away: only the check on reconnecting can find the accept.
  await engine.connect('sandbox')
  const { job } = await until(h.db, jobId, (j) => j.acceptance?.accepted === 1)
  expect(job.acceptance).toMatchObject({ offered: 1, accepted: 1, gone: 0 })
})
