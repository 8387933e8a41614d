/**
 * Engine.loadOffers against the sandbox's demo ledger: the holder's offers read and classified as
 * the ledger has them (checked against account_objects, account_nfts and the ledger's close time
 * read by an independent client), the airdrop that made an offer named, the NFT's cached name given.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import type { OfferView } from '../../src/worker/api.ts'
import { readAccountNfts } from '../../src/worker/nfts/accountNfts.ts'
import { airdropTo } from '../helpers/acceptance.ts'
import { offersOf, startDemoJobsHarness } from '../helpers/jobs.ts'
import type { DemoJobsHarness, Offer } from '../helpers/jobs.ts'

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
