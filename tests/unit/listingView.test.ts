/**
 * The List tab's pure parts: which NFTs can be listed and why others are not, the page buttons, the
 * form checked and turned into a strategy, the review's sorting, and a listing's outcome without the
 * cancellation 'List again' starts with.
 */
import { describe, expect, it } from 'vitest'

import { MARKETPLACES } from '../../src/shared/marketplaces.ts'

import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import type { MetadataRow } from '../../src/db/types/metadata.ts'
import type { NftItem } from '../../src/db/types/nfts.ts'
import { leftOutText, listableNfts, onSaleOf } from '../../src/app/listing/listable.ts'
import {
  DEFAULT_FORM,
  expirationOf,
  formProblem,
  strategyOf,
} from '../../src/app/listing/listingForm.ts'
import {
  cancelItemCount,
  isListingSuccess,
  offerOutcome,
} from '../../src/app/listing/listingOutcome.ts'
import { guardsAnswered, reviewFigures, sortPrices } from '../../src/app/listing/reviewRows.ts'
import type { PriceRow } from '../../src/app/listing/reviewRows.ts'
import { pageButtons, pageCount } from '../../src/app/ui/pageButtons.ts'
import { ISSUER_A, ISSUER_B, nft, row } from './nftsFixtures.ts'
import { RIPPLE_EPOCH } from '../../src/shared/constants.ts'
import type { OfferView, OffersReport } from '../../src/worker/api.ts'

const ME = ISSUER_A
const OTHER = ISSUER_B

/** Metadata with a name and an image: listable as far as metadata goes. */
function meta(item: NftItem, patch: Partial<MetadataRow> = {}): MetadataRow {
  return row(item, { name: `Item ${item.serial}`, image: 'https://example.test/i.png', ...patch })
}

function sellOffer(nftId: string, offerId: string, unfillable = false): OfferView {
  return {
    offerId,
    nftId,
    sell: true,
    amount: { kind: 'xrp', drops: '2000000' },
    destination: null,
    expiresAt: null,
    createdLedger: 1,
    flags: { expired: false, unfillable, duplicate: false },
    airdropJobId: null,
    nft: { name: null, collection: null, image: null, attributes: [] },
  }
}

describe('listable NFTs', () => {
  const items = [
    nft(1),
    nft(2),
    nft(3),
    nft(4, { transferable: false, issuer: OTHER }),
    nft(5, { transferable: false }),
    nft(6),
    nft(7),
  ]
  const metadata = new Map<string, MetadataRow>([
    [items[0]!.nftId, meta(items[0]!)],
    [items[1]!.nftId, meta(items[1]!, { status: 'failed' })],
    [items[2]!.nftId, meta(items[2]!, { image: null })],
    [items[3]!.nftId, meta(items[3]!)],
    [items[4]!.nftId, meta(items[4]!)],
    [items[5]!.nftId, meta(items[5]!)],
    // items[6] has no metadata yet.
  ])
  const report = {
    sell: [
      sellOffer(items[5]!.nftId, 'O1'),
      sellOffer(items[5]!.nftId, 'O2'),
      // An offer on an NFT no longer held does not put a held NFT on sale.
      sellOffer(items[0]!.nftId, 'O3', true),
    ],
  } as unknown as OffersReport

  it('groups the sell offers of NFTs still held by NFT', () => {
    const onSale = onSaleOf(report)
    expect([...onSale.keys()]).toEqual([items[5]!.nftId])
    expect(onSale.get(items[5]!.nftId)!.map((o) => o.offerId)).toEqual(['O1', 'O2'])
    expect(onSaleOf(null).size).toBe(0)
  })

  it('keeps NFTs with metadata and an image that the account may sell and that are not on sale, in order', () => {
    const { listable, left } = listableNfts(items, metadata, ME, onSaleOf(report), false)
    // A non-transferable NFT may be offered by its issuer: the account's own (5) counts.
    expect(listable.map((n) => n.serial)).toEqual([1, 5])
    // A read that failed is said so, not counted as still to come.
    expect(left).toEqual({
      noMetadata: 1,
      metadataFailed: 1,
      noImage: 1,
      notTransferable: 1,
      offeredPrivately: 0,
      onSale: 1,
    })
    expect(leftOutText(left)).toBe(
      "Not shown: 1 without metadata yet, 1 whose metadata failed to load, 1 without a picture or video, 1 not transferable, 1 already on sale ('List again' includes it)",
    )
  })

  it("'List again' includes the NFTs on sale", () => {
    const { listable, left } = listableNfts(items, metadata, ME, onSaleOf(report), true)
    expect(listable.map((n) => n.serial)).toEqual([1, 5, 6])
    expect(left.onSale).toBe(0)
    const none = {
      noMetadata: 0,
      metadataFailed: 0,
      noImage: 0,
      notTransferable: 0,
      offeredPrivately: 0,
      onSale: 0,
    }
    expect(leftOutText(none)).toBeNull()
  })

  it("leaves out an NFT offered to a given account, even with 'List again' (it would cancel an airdrop)", () => {
    const gift = { ...sellOffer(items[0]!.nftId, 'O4'), destination: OTHER }
    const onSale = onSaleOf({ sell: [gift] } as unknown as OffersReport)
    const { listable, left } = listableNfts(items.slice(0, 1), metadata, ME, onSale, true)
    expect(listable).toEqual([])
    expect(left.offeredPrivately).toBe(1)
    expect(leftOutText(left)).toBe(
      'Not shown: 1 offered to a given account (an airdrop or a private sale: see the Orders tab)',
    )
  })
  it("an NFT listed through a marketplace's broker is on sale, not offered privately: 'List again' replaces it", () => {
    const listed = { ...sellOffer(items[0]!.nftId, 'O5'), destination: MARKETPLACES[0]!.broker }
    const onSale = onSaleOf({ sell: [listed] } as unknown as OffersReport)
    expect(listableNfts(items.slice(0, 1), metadata, ME, onSale, false).left.onSale).toBe(1)
    const again = listableNfts(items.slice(0, 1), metadata, ME, onSale, true)
    expect(again.listable).toHaveLength(1)
    expect(again.left.offeredPrivately).toBe(0)
  })
})

describe('page buttons', () => {
  it('shows every page up to six', () => {
    expect(pageButtons(1, 1)).toEqual([1])
    expect(pageButtons(2, 6)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('shows the first five, an ellipsis and the last page; a current page beyond them too', () => {
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10])
    expect(pageButtons(10, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10])
    expect(pageButtons(6, 10)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 10])
    expect(pageButtons(8, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 8, 'gap', 10])
    expect(pageButtons(9, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 9, 10])
  })

  it('counts pages of 20 (at least one)', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(45, 20)).toBe(3)
    expect(pageCount(40, 20)).toBe(2)
  })
})

describe('the pricing form', () => {
  const NOW = Date.UTC(2026, 10, 24, 12)
  const ids = ['A', 'B']

  it("has the spec's defaults and turns into the engine's strategy", () => {
    expect(formProblem(DEFAULT_FORM, ids, NOW)).toBeNull()
    expect(strategyOf(DEFAULT_FORM)).toEqual({ kind: 'fixed', priceXrp: '1.0' })
    expect(strategyOf({ ...DEFAULT_FORM, strategy: 'random' })).toEqual({
      kind: 'random',
      minXrp: '0.5',
      maxXrp: '2.0',
    })
    expect(strategyOf({ ...DEFAULT_FORM, strategy: 'random', seed: ' ab ' })).toMatchObject({
      seed: 'ab',
    })
    expect(strategyOf({ ...DEFAULT_FORM, strategy: 'floor' })).toEqual({
      kind: 'floor',
      multiplier: '1.1',
      fallbackXrp: '1.0',
    })
  })

  it('refuses amounts that are not XRP, and a minimum above the maximum', () => {
    expect(formProblem({ ...DEFAULT_FORM, fixedXrp: '' }, ids, NOW)).toBe(
      'Fixed price: enter an amount of XRP, 0 or more (at most 6 decimals)',
    )
    expect(formProblem({ ...DEFAULT_FORM, fixedXrp: '-1' }, ids, NOW)).toMatch(/^Fixed price/)
    expect(formProblem({ ...DEFAULT_FORM, fixedXrp: '1.1234567' }, ids, NOW)).toMatch(
      /^Fixed price/,
    )
    const random = { ...DEFAULT_FORM, strategy: 'random' as const }
    expect(formProblem({ ...random, minXrp: '2.5', maxXrp: '2.25' }, ids, NOW)).toBe(
      'The minimum price must not be above the maximum price',
    )
    // Compared as decimals, not as text: 10 is above 9.5.
    expect(formProblem({ ...random, minXrp: '9.5', maxXrp: '10' }, ids, NOW)).toBeNull()
    expect(formProblem({ ...random, minXrp: '2', maxXrp: '2' }, ids, NOW)).toBeNull()
  })

  it('asks for every individual price', () => {
    const individual = { ...DEFAULT_FORM, strategy: 'individual' as const }
    expect(formProblem({ ...individual, individual: { A: '1' } }, ids, NOW)).toBe(
      'Enter a price for the NFT that has none (0 or more XRP)',
    )
    expect(formProblem(individual, ids, NOW)).toBe(
      'Enter a price for the 2 NFTs that have none (0 or more XRP)',
    )
    expect(formProblem({ ...individual, individual: { A: '1', B: '0' } }, ids, NOW)).toBeNull()
  })

  it('takes a future expiration as Ripple-epoch seconds, and a buyer that looks like an address', () => {
    const at = NOW + 3_600_000
    const local = new Date(at - new Date(at).getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16)
    expect(expirationOf(local, NOW)).toBe(at / 1000 - RIPPLE_EPOCH)
    expect(expirationOf(local, at)).toBeNull()
    expect(expirationOf('not a date', NOW)).toBeNull()
    expect(formProblem({ ...DEFAULT_FORM, expiration: local }, ids, at)).toBe(
      'The expiration must be a date and time in the future',
    )
    expect(formProblem({ ...DEFAULT_FORM, destination: 'bob' }, ids, NOW)).toBe(
      'The buyer "bob" is not an XRP Ledger address (r…)',
    )
    expect(
      formProblem(
        { ...DEFAULT_FORM, destination: ' rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe ' },
        ids,
        NOW,
      ),
    ).toBeNull()
  })
})

describe("the review's sorting", () => {
  const priceRow = (name: string, drops: string, floorDrops: string | null): PriceRow => ({
    nftId: name,
    name,
    drops,
    source: 'fixed',
    floorDrops,
    guard: null,
    issuerCutDrops: '0',
    netDrops: drops,
  })
  const rows = [
    priceRow('Cat #10', '2000000', null),
    priceRow('Cat #2', '10000000', '5000000'),
    priceRow('Cat #1', '900000', '1000000'),
  ]

  it('sorts by amount as whole drops, names in natural order, rows without a floor last', () => {
    expect(sortPrices(rows, 'price', false).map((r) => r.name)).toEqual([
      'Cat #1',
      'Cat #10',
      'Cat #2',
    ])
    expect(sortPrices(rows, 'price', true).map((r) => r.name)).toEqual([
      'Cat #2',
      'Cat #10',
      'Cat #1',
    ])
    expect(sortPrices(rows, 'name', false).map((r) => r.name)).toEqual([
      'Cat #1',
      'Cat #2',
      'Cat #10',
    ])
    expect(sortPrices(rows, 'floor', false).map((r) => r.name)).toEqual([
      'Cat #1',
      'Cat #2',
      'Cat #10',
    ])
  })
})

describe("the review's figures", () => {
  const price = (nftId: string, drops: string, guard: PriceRow['guard'] = null) => ({
    nftId,
    drops,
    source: 'fixed' as const,
    floorDrops: null,
    guard,
    issuerCutDrops: String(BigInt(drops) / 10n),
    netDrops: String(BigInt(drops) - BigInt(drops) / 10n),
  })
  const prices = [price('a', '1000000'), price('b', '20000', 'belowMinimum'), price('c', '3000000')]

  it('sums the offers to be made, leaving out those pre-flight skips (after the cancellations)', () => {
    const problem = { code: 'NOT_OWNED' as const, message: '', blocking: false }
    // One cancellation item first: item 2 is the second price.
    const figures = reviewFigures(prices, { items: 4, problems: [{ ...problem, itemIndex: 2 }] })
    expect([...figures.left]).toEqual(['b'])
    expect(figures).toMatchObject({
      creating: 2,
      totalDrops: 4_000_000n,
      cutDrops: 400_000n,
      netDrops: 3_600_000n,
      guarded: 0,
    })
    const all = reviewFigures(prices, { items: 3, problems: [{ ...problem, blocking: false }] })
    expect(all).toMatchObject({ creating: 3, totalDrops: 4_020_000n, guarded: 1, free: 0 })
  })

  it('counts free offers apart: each kind of guard is answered on its own', () => {
    const withFree = [...prices, price('d', '0', 'free')]
    const figures = reviewFigures(withFree, { items: 4, problems: [] })
    expect(figures).toMatchObject({ creating: 4, guarded: 1, free: 1 })
    expect(figures.held).toMatchObject({ free: 1, belowMinimum: 1, farAboveFloor: 0 })
    const answers = (guardConfirmed: boolean, freeConfirmed: boolean) =>
      guardsAnswered(figures, { guardConfirmed, freeConfirmed })
    expect(answers(true, false)).toBe(false)
    expect(answers(false, true)).toBe(false)
    expect(answers(true, true)).toBe(true)
    // Nothing held: nothing to answer.
    expect(
      guardsAnswered({ guarded: 0, free: 0 }, { guardConfirmed: false, freeConfirmed: false }),
    ).toBe(true)
  })
})

describe("a listing's outcome", () => {
  const job = (counts: Partial<JobRow['counts']>, replaced = 0): JobRow =>
    ({
      params: { replaced },
      counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0, ...counts },
    }) as unknown as JobRow
  const cancel = (status: JobItemRow['status']) => ({ status }) as JobItemRow

  it('counts the offers only, without the cancellation of the replaced ones', () => {
    const relist = job({ total: 4, succeeded: 3, failed: 1 }, 2)
    expect(cancelItemCount(relist)).toBe(1)
    expect(cancelItemCount(job({}, 501))).toBe(2)
    const outcome = offerOutcome(relist, [cancel('succeeded')])
    expect(outcome).toEqual({
      created: 2,
      failed: 1,
      skipped: 0,
      total: 3,
      replacedCancelled: true,
    })
    expect(isListingSuccess(outcome)).toBe(false)
  })

  it('is a success as the spec has it: offers attempted, none failed, some created', () => {
    expect(isListingSuccess(offerOutcome(job({ total: 2, succeeded: 2 }), []))).toBe(true)
    expect(isListingSuccess(offerOutcome(job({ total: 2, skipped: 2 }), []))).toBe(false)
    expect(
      offerOutcome(job({ total: 3, succeeded: 2, failed: 1 }, 1), [cancel('failed')]),
    ).toMatchObject({ created: 2, failed: 0, replacedCancelled: false })
  })
})
