/**
 * Engine.floorPrice against the sandbox's demo ledger (which answers Clio's nfts_by_issuer itself):
 * the demo badges' floor as the ledger has it, read by another account; every demo collection's floor
 * made by other sellers, the holder's own offers left out; a network without Clio, a bad issuer;
 * readings kept for a few minutes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseNFTokenID, xrpToDrops } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { demoCollections } from '../../../src/sandbox/demo/catalog.ts'
import { MARKET_PRICES_XRP, marketFloorXrp } from '../../../src/sandbox/demo/market.ts'
import { MARKETPLACES } from '../../../src/shared/marketplaces.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import { engineError } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** The demo's 'Sandbox Badges': minted by the holder, taxon 1, 60 of them (and 4 of collectors). */
const BADGES = { issuer: holder, taxon: 1 }
/** The badges other sellers list (src/sandbox/demo/market.ts). */
const BADGES_LISTED = MARKET_PRICES_XRP.badges!.length

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness()
})

afterAll(async () => {
  await h.stop()
})

it("reads the badges' floor as the ledger has it: public, unexpired XRP sell offers of others", async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.artist.seed! })
  const progress: string[] = []
  const floor = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon, (p) => progress.push(p.step))

  const ledger = await h.client.request({ command: 'ledger', ledger_index: 'validated' })
  const closeTime = ledger.result.ledger.close_time
  // The holder's listings and the collectors'.
  const sellers = [holder, ...accounts.collectors.map((c) => c.classicAddress)]
  const offers = (await Promise.all(sellers.map((a) => offersOf(h.client, a)))).flat()
  const market = offers.filter((o) => {
    const nft = parseNFTokenID(o.NFTokenID)
    return (
      (o.Flags & 1) === 1 &&
      nft.Issuer === holder &&
      nft.Taxon === 1 &&
      typeof o.Amount === 'string' &&
      o.Amount !== '0' &&
      o.Destination === undefined &&
      (o.Expiration === undefined || o.Expiration > closeTime)
    )
  })
  const lowest = market.map((o) => BigInt(o.Amount as string)).reduce((a, b) => (b < a ? b : a))
  expect(floor).toMatchObject({
    ...BADGES,
    lowestDrops: String(lowest),
    offersCounted: market.length,
    sellers: 3,
    nftsChecked: 60 + BADGES_LISTED,
    collectionTotal: 60 + BADGES_LISTED,
    totalComplete: true,
  })
  expect(lowest).toBe(3_000_000n)
  expect(progress).toContain('listing')
  expect(progress.at(-1)).toBe('checking')
})

it('leaves out listings of earlier holders: they stay on the ledger but can never be accepted', async () => {
  // The demo holder listed two of the artist's taxon-99 NFTs, then gave them back to the artist.
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.recipients[44]!.seed! })
  const floor = await h.engine.floorPrice(accounts.artist.classicAddress, 99)
  const stale = (await offersOf(h.client, holder)).filter(
    (o) => parseNFTokenID(o.NFTokenID).Taxon === 99 && (o.Flags & 1) === 1,
  )
  expect(stale).toHaveLength(2)
  expect(floor).toMatchObject({ lowestDrops: null, offersCounted: 0, collectionTotal: 2 })
})

it("gives every demo collection a floor of other sellers' listings; the holder's own are left out", async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  for (const col of demoCollections()) {
    const issuer = col.issuer === 'artist' ? accounts.artist.classicAddress : holder
    const listed = MARKET_PRICES_XRP[col.key]!
    const floor = await h.engine.floorPrice(issuer, col.taxon)
    // Two sellers, four listings: a floor that is not thin, at the third lowest (robustFloor.ts).
    expect(floor, col.name).toMatchObject({
      floorDrops: xrpToDrops(marketFloorXrp(col.key)!),
      lowestDrops: xrpToDrops(listed[0]!),
      offersCounted: listed.length,
      sellers: 2,
      thin: false,
      outlier: null,
      nftsChecked: col.count + listed.length,
    })
  }
})

it("counts a listing through a marketplace's broker (public there), not an offer to a named buyer", async () => {
  const fresh = () => h.reopen()
  const read = async () => {
    const engine = fresh()
    await engine.connect('sandbox')
    await engine.connectWallet({ kind: 'familySeed', secret: accounts.artist.seed! })
    return await engine.floorPrice(BADGES.issuer, BADGES.taxon)
  }
  const before = await read()
  const badges = (await freeNfts(h.client, holder, 10)).filter(
    (id) => parseNFTokenID(id).Taxon === BADGES.taxon,
  )
  const [brokered, named] = badges
  const offer = (nftId: string, drops: string, destination: string) =>
    submitInProcess(h.sb.ledger, accounts.holder, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nftId,
      Amount: drops,
      Flags: 1,
      Destination: destination,
    })
  expect(offer(brokered!, '3000000', MARKETPLACES[0]!.broker).engine_result).toBe('tesSUCCESS')
  expect(offer(named!, '2000000', accounts.recipients[3]!.classicAddress).engine_result).toBe(
    'tesSUCCESS',
  )
  await h.sb.ledgerAccept()
  const after = await read()
  expect(after.offersCounted).toBe(before.offersCounted + 1)
  expect(after.lowestDrops).toBe('3000000')
  // The demo's offers as they were, for the tests after this one.
  const mine = (await offersOf(h.client, holder)).filter((o) =>
    [brokered, named].includes(o.NFTokenID),
  )
  expect(mine).toHaveLength(2)
  const cancel = submitInProcess(h.sb.ledger, accounts.holder, {
    TransactionType: 'NFTokenCancelOffer',
    NFTokenOffers: mine.map((o) => o.index),
  })
  expect(cancel.engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
})

it('keeps a reading for a few minutes', async () => {
  const first = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon)
  const again = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon)
  expect(again.readAt).toBe(first.readAt)
})

it('says so for a network without a Clio server, and for an invalid issuer or taxon', async () => {
  const base = buildNetworks({})
  const engine = h.reopen({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints: [h.sb.url], clioEndpoints: [] } },
  })
  await engine.connect('sandbox')
  expect(await engineError(engine.floorPrice(BADGES.issuer, BADGES.taxon))).toEqual({
    code: 'VALIDATION',
    message:
      "Sandbox has no Clio server configured: the floor price and holder snapshots need one (they list a collection's NFTs with nfts_by_issuer)",
  })
  expect((await engineError(engine.floorPrice('rNotAnAddress', 1))).code).toBe('VALIDATION')
  expect((await engineError(engine.floorPrice(BADGES.issuer, -1))).message).toBe(
    'Invalid collection taxon: -1',
  )
  await engine.disconnect()
})

it('previews a floor-based listing: each price from its collection’s floor (other sellers’), the totals', async () => {
  // The holder's own listings do not count for the holder: the collectors' make the floors.
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  await h.engine.loadNfts()
  const snapshot = await h.db.nftSnapshots.get(['sandbox', holder])
  const badges = snapshot!.nfts.filter((n) => n.issuer === holder && n.taxon === 1).slice(0, 3)
  const cat = snapshot!.nfts.find((n) => n.transferFee === 2500)!
  const preview = await h.engine.previewListing({
    nftIds: [...badges.map((n) => n.nftId), cat.nftId],
    strategy: { kind: 'floor', multiplier: '0.9', fallbackXrp: '0.05' },
  })
  // Badges: a floor of 4 XRP (3, 3.5 and 4 from two sellers); Pixel Cats: 25 XRP.
  expect(preview.floors.map((f) => [f.issuer, f.taxon, f.floorDrops, f.thin])).toEqual([
    [holder, 1, '4000000', false],
    [cat.issuer, cat.taxon, '25000000', false],
  ])
  expect(preview.prices.map((p) => [p.drops, p.source, p.guard])).toEqual([
    ['3600000', 'floor', null],
    ['3600000', 'floor', null],
    ['3600000', 'floor', null],
    ['22500000', 'floor', null],
  ])
  expect(preview).toMatchObject({
    totalDrops: '33300000',
    // The Pixel Cat's issuer takes 2.5 %.
    issuerCutDrops: '562500',
    netDrops: '32737500',
    reserveDrops: '800000',
    guarded: 0,
    floorsUnavailable: null,
  })
  await expect(
    h.engine.previewListing({
      nftIds: ['AB'.repeat(32)],
      strategy: { kind: 'fixed', priceXrp: '1' },
    }),
  ).rejects.toThrow("is not in this wallet's list")
})

it('previews with the floor others list at: the multiplier applied, a price below half of it guarded', async () => {
  // The holder gives a recipient a badge (a free offer to it, accepted): from the recipient's side
  // the holder's public listings count too.
  const recipient = accounts.recipients[45]!
  const [badge] = await freeNfts(h.client, holder, 1)
  submitInProcess(h.sb.ledger, accounts.holder, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: badge,
    Amount: '0',
    Flags: 1,
    Destination: recipient.classicAddress,
  })
  await h.sb.ledgerAccept()
  const offered = await h.client.request({ command: 'nft_sell_offers', nft_id: badge! })
  submitInProcess(h.sb.ledger, recipient, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: offered.result.offers[0]!.nft_offer_index,
  })
  await h.sb.ledgerAccept()

  await h.engine.connectWallet({ kind: 'familySeed', secret: recipient.seed! })
  await h.engine.loadNfts()
  const byFloor = await h.engine.previewListing({
    nftIds: [badge!],
    strategy: { kind: 'floor', multiplier: '1.1', fallbackXrp: '1' },
  })
  // The collectors' 3, 3.5 and 4 XRP come first (the holder's start at 5): the floor rests on three
  // offers of two sellers, so the price set from it needs no confirmation of its own.
  expect(byFloor.prices).toEqual([
    expect.objectContaining({
      drops: '4400000',
      source: 'floor',
      floorDrops: '4000000',
      guard: null,
    }),
  ])
  expect(byFloor.floors[0]).toMatchObject({
    thin: false,
    sellers: 3,
    restsOn: { offers: 3, sellers: 2 },
    floorDrops: '4000000',
  })
  const typo = await h.engine.previewListing({
    nftIds: [badge!],
    strategy: { kind: 'fixed', priceXrp: '1.99' },
  })
  expect(typo.prices[0]).toMatchObject({ drops: '1990000', guard: 'belowHalfFloor' })
  expect(typo.guarded).toBe(1)
})
