/**
 * Job kind `cancel` end to end against the sandbox's demo ledger: the demo holder's existing offers
 * (free, paid and duplicated) are gone afterwards; an id that names no offer is reported before the
 * job and does not stop it; 1,000 offers of another account go in 2 NFTokenCancelOffer transactions,
 * as its account_tx shows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ECDSA, Wallet } from 'xrpl'
import type { AccountTxTransaction } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { createSellOffersInProcess } from '../../helpers/offerLedger.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const MADE_UP_ID = 'C0FFEE'.padEnd(64, '0')

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
})

afterAll(async () => {
  await h.stop()
})

async function ownerCount(account: string): Promise<number> {
  const info = await h.client.request({
    command: 'account_info',
    account,
    ledger_index: 'validated',
  })
  return info.result.account_data.OwnerCount
}

/** The account's validated transactions from `fromLedger` on, oldest first. */
async function transactionsSince(account: string, fromLedger: number) {
  const pages = await h.client.requestAll({
    command: 'account_tx',
    // requestAll adds no api_version: without one, rippled answers in version 1.
    api_version: 2,
    account,
    ledger_index_min: fromLedger,
    ledger_index_max: -1,
    forward: true,
  })
  return pages.flatMap((p) => p.result.transactions as AccountTxTransaction[])
}

it("cancels the holder's demo offers; a made-up id is reported and does not stop the job", async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const before = await offersOf(h.client, holder)
  // The demo's free offers to recipients, paid listings, and NFTs offered two or three times.
  expect(before.length).toBeGreaterThanOrEqual(40)
  expect(before.some((o) => o.Destination !== undefined)).toBe(true)
  const ids = before.map((o) => o.index)
  const ownerCountBefore = await ownerCount(holder)

  const plan = await h.engine.planJob({ kind: 'cancel', offerIds: [...ids, MADE_UP_ID] })
  expect(plan.problems).toEqual([
    {
      code: 'OFFER_NOT_FOUND',
      blocking: false,
      message:
        'Offer C0FFEE00...00000000 no longer exists (accepted, cancelled or expired): nothing to cancel',
    },
  ])
  expect(plan).toMatchObject({
    items: 1,
    transactions: 1,
    canStart: true,
    reserveChangeDrops: String(-before.length * 200_000),
  })

  // No skipProblems needed: the problem names no item.
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 1, succeeded: 1, failed: 0, skipped: 0 })
  const [item] = await readItems(h.db, plan.jobId)
  expect(item).toMatchObject({ status: 'succeeded', result: 'tesSUCCESS' })
  expect(item!.intent).toEqual({ type: 'cancel', offerIds: [...ids, MADE_UP_ID] })

  expect(await offersOf(h.client, holder)).toEqual([])
  // The reserve each offer held is free again.
  expect(await ownerCount(holder)).toBe(ownerCountBefore - before.length)
})

it('cancels 1,000 offers in 2 transactions', async () => {
  const seller = Wallet.generate(ECDSA.secp256k1)
  const offerIds = createSellOffersInProcess(h.sb.ledger, seller, 100, 10)
  expect(offerIds).toHaveLength(1000)
  await h.sb.ledgerAccept()
  expect(await offersOf(h.client, seller.classicAddress)).toHaveLength(1000)

  await h.engine.connectWallet({ kind: 'familySeed', secret: seller.seed! })
  const plan = await h.engine.planJob({ kind: 'cancel', offerIds })
  expect(plan).toMatchObject({
    items: 2,
    transactions: 2,
    problems: [],
    canStart: true,
    reserveChangeDrops: String(-1000 * 200_000),
  })
  const from = await validatedIndex(h.client)
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 2, succeeded: 2 })
  const items = await readItems(h.db, plan.jobId)
  expect(items.map((i) => (i.intent as { offerIds: string[] }).offerIds.length)).toEqual([500, 500])

  expect(await offersOf(h.client, seller.classicAddress)).toEqual([])
  const txs = await transactionsSince(seller.classicAddress, from)
  const cancels = txs.filter((t) => t.tx_json?.TransactionType === 'NFTokenCancelOffer')
  expect(cancels).toHaveLength(2)
  expect(txs).toHaveLength(2)
  for (const t of cancels) {
    expect((t.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
    expect((t.tx_json as { NFTokenOffers: string[] }).NFTokenOffers).toHaveLength(500)
  }
  expect(new Set(cancels.map((t) => t.hash))).toEqual(
    new Set(items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')!.hash)),
  )
})

it('refuses an NFT id given where an offer id belongs (the ledger would cancel nothing)', async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const [nftId] = await freeNfts(h.client, holder, 1)
  const plan = await h.engine.planJob({ kind: 'cancel', offerIds: [nftId!] })
  expect(plan.canStart).toBe(false)
  expect(plan.problems).toEqual([
    {
      code: 'NOT_AN_OFFER',
      blocking: true,
      itemIndex: 0,
      message: `${nftId!.slice(0, 8)}...${nftId!.slice(-8)} is the id of an NFT, not of an offer: cancelling it would succeed on the ledger and cancel nothing. Use the offer's id (the Orders tab lists them)`,
    },
  ])
  await expect(h.engine.startJob(plan.jobId)).rejects.toThrow()
})
