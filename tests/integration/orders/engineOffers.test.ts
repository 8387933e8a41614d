/**
 * Engine.loadOffers against the sandbox's demo ledger: the holder's offers read and classified as
 * the ledger has them (checked against account_objects, account_nfts and the ledger's close time
 * read by an independent client), the airdrop that made an offer named, the NFT's cached name given.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { OfferView } from '../../../src/worker/api.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { acceptRequest } from '../../../src/app/orders/offerText.ts'
import { airdropTo } from '../../helpers/acceptance.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness, Offer } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterAll(async () => {
  await h.stop()
})

async function closeTimeOf(ledgerIndex: number): Promise<number> {
  const ledger = await h.client.request({ command: 'ledger', ledger_index: ledgerIndex })
  return ledger.result.ledger.close_time
}

function sellGroups(offers: readonly Offer[]): Map<string, Offer[]> {
  const groups = new Map<string, Offer[]>()
  for (const o of offers) {
    if ((o.Flags & 1) === 0) continue
    groups.set(o.NFTokenID, [...(groups.get(o.NFTokenID) ?? []), o])
  }
  return groups
}

it("classifies the demo holder's offers as account_objects, account_nfts and the close time say", async () => {
  const progress: string[] = []
  const report = await h.engine.loadOffers((p) => progress.push(p.step))
  const raw = new Map((await offersOf(h.client, holder)).map((o) => [o.index, o]))
  const views = [...report.sell, ...report.bids]
  const byId = new Map(views.map((v) => [v.offerId, v]))

  // Every offer once, each as the ledger has it.
  expect(byId.size).toBe(raw.size)
  expect([...byId.keys()].sort()).toEqual([...raw.keys()].sort())
  for (const [id, o] of raw) {
    const v = byId.get(id)!
    expect(v.sell).toBe((o.Flags & 1) === 1)
    expect(v.amount).toEqual({ kind: 'xrp', drops: o.Amount })
    expect(v.destination).toBe(o.Destination ?? null)
    expect(v.createdLedger).toBe(o.PreviousTxnLgrSeq)
  }
  expect(report.counts).toMatchObject({
    total: report.sell.length,
    free: report.sell.filter((v) => v.amount.kind === 'xrp' && v.amount.drops === '0').length,
    bids: 1,
  })
  expect(report.counts.paid).toBe(report.counts.total - report.counts.free)
  expect(report.reserveLockedDrops).toBe(String(raw.size * 200_000))
  expect(progress.at(-1)).toBe('Done')

  // Expired: Expiration at or before the close time of the ledger the offers were read from.
  const closeTime = await closeTimeOf(report.ledgerIndex)
  const expired = [...raw.values()].filter(
    (o) => o.Expiration !== undefined && o.Expiration <= closeTime,
  )
  expect(expired).toHaveLength(3)
  expect(
    views
      .filter((v) => v.flags.expired)
      .map((v) => v.offerId)
      .sort(),
  ).toEqual(expired.map((o) => o.index).sort())
  expect(report.counts.expired).toBe(3)

  // Unfillable: sell offers on NFTs the holder does not hold in that ledger.
  const held = await readAccountNfts(h.client, holder, () => undefined, report.ledgerIndex)
  const heldIds = new Set(held.nfts.map((n) => n.nftId))
  const unfillable = [...raw.values()].filter(
    (o) => (o.Flags & 1) === 1 && !heldIds.has(o.NFTokenID),
  )
  expect(unfillable).toHaveLength(2)
  expect(
    views
      .filter((v) => v.flags.unfillable)
      .map((v) => v.offerId)
      .sort(),
  ).toEqual(unfillable.map((o) => o.index).sort())

  // Duplicates: of each NFT's several sell offers, all but one are flagged.
  const groups = [...sellGroups([...raw.values()]).values()].filter((g) => g.length > 1)
  expect(groups.length).toBeGreaterThanOrEqual(6)
  for (const group of groups) {
    const kept = group.filter((o) => !byId.get(o.index)!.flags.duplicate)
    expect(kept).toHaveLength(1)
  }
  const duplicates = groups.reduce((n, g) => n + g.length - 1, 0)
  expect(report.counts.duplicate).toBe(duplicates)
})

it('keeps the newest of an NFT’s sell offers made in one ledger: the one submitted last', async () => {
  const report = await h.engine.loadOffers()
  // The demo offers some NFTs for 10 + i and 12 + i XRP, then (every other one) for free to a
  // recipient, all in one ledger: the free offer, else the 12 + i one, was submitted last.
  const byNft = new Map<string, OfferView[]>()
  for (const v of report.sell) byNft.set(v.nftId, [...(byNft.get(v.nftId) ?? []), v])
  const sameLedger = [...byNft.values()].filter(
    (g) => g.length > 1 && new Set(g.map((v) => v.createdLedger)).size === 1,
  )
  expect(sameLedger.length).toBeGreaterThanOrEqual(6)
  for (const group of sameLedger) {
    const kept = group.find((v) => !v.flags.duplicate)!
    const drops = group.map((v) => (v.amount.kind === 'xrp' ? BigInt(v.amount.drops) : 0n))
    const free = group.find((v) => v.amount.kind === 'xrp' && v.amount.drops === '0')
    const highest = group[drops.indexOf(drops.reduce((a, b) => (b > a ? b : a)))]!
    expect(kept.offerId).toBe((free ?? highest).offerId)
  }
})

it('names the airdrop that made an offer, and the NFT as the metadata cache has it', async () => {
  const recipient = accounts.recipients[25]!.classicAddress
  const jobId = await airdropTo(h, h.engine, holder, [recipient])
  await h.engine.loadNfts()
  const report = await h.engine.loadOffers()
  const made = report.sell.filter((v) => v.airdropJobId === jobId)
  expect(made).toHaveLength(1)
  expect(made[0]).toMatchObject({ destination: recipient, amount: { kind: 'xrp', drops: '0' } })
  expect(report.sell.filter((v) => v.airdropJobId !== null)).toHaveLength(1)

  const nftId = made[0]!.nftId
  await h.engine.loadMetadata({ nftIds: [nftId] })
  const again = await h.engine.loadOffers()
  const named = again.sell.find((v) => v.offerId === made[0]!.offerId)!
  expect(named.nft.name).toMatch(/\S/)
  expect(named.nft.image).toMatch(/^(https?:|data:image\/)/)
})

async function balanceOf(account: string): Promise<bigint> {
  const info = await h.client.request({
    command: 'account_info',
    account,
    ledger_index: 'validated',
  })
  return BigInt(info.result.account_data.Balance)
}

it("reads the bids others made on the holder's NFTs, the best of each NFT and the issuer's cut", async () => {
  const progress: number[] = []
  const report = await h.engine.loadBids((p) => progress.push(p.checked))
  const held = await readAccountNfts(h.client, holder, () => undefined)
  expect(report.nftsChecked).toBe(held.nfts.length)
  expect(progress.at(-1)).toBe(held.nfts.length)
  // The demo: two recipients bid 20 and 15 XRP on a Pixel Cat (2.5 % to its issuer), one 4 XRP on a badge.
  const bidders = [accounts.recipients[40]!.classicAddress, accounts.recipients[41]!.classicAddress]
  expect(report.bids.map((b) => [b.bidder, b.amount, b.best, b.transferFeeDrops])).toEqual(
    [
      [bidders[0], { kind: 'xrp', drops: '4000000' }, true, '0'],
      [bidders[0], { kind: 'xrp', drops: '20000000' }, true, '500000'],
      [bidders[1], { kind: 'xrp', drops: '15000000' }, false, '375000'],
    ].sort((a, b) => Number(b[2]) - Number(a[2])),
  )
  const cat = report.bids.find((b) => b.amount.kind === 'xrp' && b.amount.drops === '20000000')!
  expect(cat).toMatchObject({ issuer: accounts.artist.classicAddress, transferFee: 2500 })
  // Each bid as the ledger lists it for its NFT.
  const listed = await h.client.request({ command: 'nft_buy_offers', nft_id: cat.nftId })
  expect(listed.result.offers.map((o) => o.nft_offer_index).sort()).toEqual(
    report.bids
      .filter((b) => b.nftId === cat.nftId)
      .map((b) => b.offerId)
      .sort(),
  )
  expect(await h.db.bidReads.get(['sandbox', holder])).toMatchObject({
    ledgerIndex: report.ledgerIndex,
    bids: report.bids,
  })
})

it('accepts the best bid: the NFT moves to the bidder, the XRP arrives less the transfer fee', async () => {
  const { bids } = await h.engine.loadBids()
  const bid = bids.find((b) => b.best && b.transferFee > 0)!
  const artist = accounts.artist.classicAddress
  const [holderBefore, artistBefore] = [await balanceOf(holder), await balanceOf(artist)]

  // The harness's network has one server: no second one confirms the bid, so the sale is refused
  // until the user accepts that server's word, and the plan says what nothing confirms.
  const alone = await h.engine.planJob(acceptRequest(bid, false))
  expect(alone.canStart).toBe(false)
  expect(alone.problems).toEqual([
    expect.objectContaining({
      code: 'ONE_SERVER',
      blocking: true,
      message: expect.stringContaining('no second server confirms its terms') as unknown,
    }),
  ])
  expect(alone.unconfirmed).toEqual([
    expect.stringContaining('whether a transaction is in a validated ledger'),
    expect.stringContaining("the bid's terms"),
  ])
  const plan = await h.engine.planJob(acceptRequest(bid, false, true))
  expect(plan).toMatchObject({ items: 1, transactions: 1, problems: [], canStart: true })
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.counts).toMatchObject({ succeeded: 1, failed: 0 })

  const bidderNfts = await readAccountNfts(h.client, bid.bidder, () => undefined)
  expect(bidderNfts.nfts.map((n) => n.nftId)).toContain(bid.nftId)
  const [item] = await readItems(h.db, plan.jobId)
  const fee = BigInt(item!.attempts.find((a) => a.final === 'tesSUCCESS')!.feeDrops)
  expect(await balanceOf(holder)).toBe(holderBefore + 20_000_000n - 500_000n - fee)
  expect(await balanceOf(artist)).toBe(artistBefore + 500_000n)

  // The same bid again: gone, and the sale is refused before anything is signed.
  const again = await h.engine.planJob(acceptRequest(bid, false, true))
  expect(again.canStart).toBe(false)
  expect(again.problems.map((p) => [p.code, p.blocking])).toEqual([
    ['NOT_OWNED', true],
    ['OFFER_NOT_FOUND', true],
  ])
})

it('refuses to accept a sell offer as if it were a bid', async () => {
  const { sell } = await h.engine.loadOffers()
  const own = sell.find((o) => !o.flags.unfillable)!
  const plan = await h.engine.planJob({
    kind: 'accept',
    offerId: own.offerId,
    nftId: own.nftId,
    confirmed: { amount: own.amount, bidder: holder, destination: null, expiresAt: null },
  })
  expect(plan.canStart).toBe(false)
  expect(plan.problems).toEqual([
    expect.objectContaining({
      code: 'OFFER_NOT_FOUND',
      blocking: true,
      itemIndex: 0,
      message: expect.stringContaining('is not a bid on NFT') as unknown,
    }),
  ])
})
