import { describe, expect, it } from 'vitest'

import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import {
  attributeText,
  bannerTone,
  destinationText,
  filterOffers,
  offersFor,
  summarySentence,
} from '../../src/app/orders/offerText.ts'
import { amountText } from '../../src/app/ui/amountText.ts'
import { cancelledOffers } from '../../src/app/orders/cancelledOffers.ts'
import { offerCounts } from '../../src/worker/orders/offersReport.ts'
import type { OfferView, OffersReport } from '../../src/worker/api.ts'

const NO_FLAGS = { expired: false, unfillable: false, duplicate: false }
let n = 0

function view(partial: Partial<OfferView> = {}): OfferView {
  n += 1
  return {
    offerId: n.toString(16).toUpperCase().padStart(64, '0'),
    nftId: 'A'.repeat(64),
    sell: true,
    amount: { kind: 'xrp', drops: '1000000' },
    destination: null,
    expiresAt: null,
    createdLedger: 10,
    flags: NO_FLAGS,
    airdropJobId: null,
    nft: { name: null, collection: null, image: null, attributes: [] },
    ...partial,
  }
}

function report(sell: OfferView[], bids: OfferView[] = []): OffersReport {
  return {
    network: 'sandbox',
    account: 'rAccount',
    ledgerIndex: 5,
    closedAt: 0,
    readAt: 0,
    sell,
    bids,
    counts: offerCounts(sell, bids),
    reserveLockedDrops: String((sell.length + bids.length) * 200_000),
  }
}

describe('amountText', () => {
  it('shows XRP with up to 6 decimals, FREE for 0, and issued amounts as tokens with their issuer', () => {
    expect(amountText(view({ amount: { kind: 'xrp', drops: '1500000' } }))).toBe('1.5 XRP')
    expect(amountText(view({ amount: { kind: 'xrp', drops: '1' } }))).toBe('0.000001 XRP')
    expect(amountText(view({ amount: { kind: 'xrp', drops: '0' } }))).toBe('FREE')
    const usd = {
      kind: 'issued' as const,
      currency: 'USD',
      code: 'USD',
      issuer: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      value: '12.5',
    }
    expect(amountText(view({ amount: usd }))).toBe('12.5 "USD" token (issuer rHb9CJ...tyTh)')
    const fake = { ...usd, currency: '5852500000000000000000000000000000000000', code: 'XRP' }
    expect(amountText(view({ amount: fake }))).toBe(
      '12.5 "XRP" token (issuer rHb9CJ...tyTh) — NOT XRP',
    )
  })
})

describe('bannerTone (spec part 2 §8)', () => {
  it('is blue for Cancelling, Refreshing or cancelled successfully, green for a check mark, else red', () => {
    expect(bannerTone('Cancelling 3 offers…')).toBe('info')
    expect(bannerTone('Refreshing offers…')).toBe('info')
    expect(bannerTone('✓ 3 offers cancelled successfully')).toBe('info')
    expect(bannerTone('✓ Offers refreshed')).toBe('success')
    expect(bannerTone('Could not plan the cancellation: timeout')).toBe('error')
  })
})

describe('offersFor and the counts', () => {
  const free = view({ amount: { kind: 'xrp', drops: '0' }, destination: 'rDest' })
  const paid = view()
  const dup = view({ flags: { ...NO_FLAGS, duplicate: true } })
  const expiredBid = view({ sell: false, flags: { ...NO_FLAGS, expired: true } })
  const unfillable = view({ flags: { ...NO_FLAGS, unfillable: true } })
  const r = report([free, paid, dup, unfillable], [expiredBid])

  it('picks each button’s offers; Cancel ALL takes every sell offer and no bid', () => {
    expect(offersFor(r, 'free')).toEqual([free.offerId])
    expect(offersFor(r, 'paid')).toEqual([paid.offerId, dup.offerId, unfillable.offerId])
    expect(offersFor(r, 'duplicates')).toEqual([dup.offerId])
    expect(offersFor(r, 'expired')).toEqual([expiredBid.offerId])
    expect(offersFor(r, 'unfillable')).toEqual([unfillable.offerId])
    expect(offersFor(r, 'all')).toEqual([free, paid, dup, unfillable].map((o) => o.offerId))
  })

  it('counts Total, Paid, Free over sell offers, and the flags over all offers', () => {
    expect(r.counts).toEqual({
      total: 4,
      paid: 3,
      free: 1,
      bids: 1,
      expired: 1,
      unfillable: 1,
      duplicate: 1,
    })
    expect(summarySentence(r)).toBe(
      "You have 4 active sell offers (3 paid, 1 free) and 1 bid on others' NFTs, locking 1 XRP of owner reserve.",
    )
  })
})

describe('filterOffers, attributes and destination', () => {
  it('matches name, collection, NFT id, offer id or destination, in any case', () => {
    const named = view({
      nft: { name: 'Pixel Cat #7', collection: 'Cats', image: null, attributes: [] },
    })
    const other = view({ destination: 'rRecipientXYZ' })
    expect(filterOffers([named, other], 'pixel')).toEqual([named])
    expect(filterOffers([named, other], 'recipientxyz')).toEqual([other])
    expect(filterOffers([named, other], '  ')).toEqual([named, other])
    expect(filterOffers([named, other], named.offerId.slice(-4).toLowerCase())).toContain(named)
  })

  it('shows up to 4 attributes, then +n', () => {
    const attributes = ['a', 'b', 'c', 'd', 'e', 'f'].map((t) => ({
      trait_type: t,
      value: t.toUpperCase(),
    }))
    const offer = view({ nft: { name: null, collection: null, image: null, attributes } })
    expect(attributeText(offer)).toEqual(['a: A', 'b: B', 'c: C', 'd: D', '+2'])
  })

  it('names the airdrop that made an offer', () => {
    const offer = view({
      destination: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      airdropJobId: '0123456789abcdef',
    })
    expect(destinationText(offer)).toBe('To rHb9CJ...tyTh (airdrop 01234567)')
    expect(destinationText(view())).toBeNull()
  })
})

describe('cancelledOffers', () => {
  it('counts offers, not transactions: a failed transaction fails all its offers', () => {
    const item = (status: JobItemRow['status'], ids: number): JobItemRow =>
      ({
        status,
        intent: { type: 'cancel', offerIds: Array.from({ length: ids }, (_, i) => String(i)) },
      }) as JobItemRow
    expect(
      cancelledOffers([item('succeeded', 500), item('succeeded', 500), item('failed', 200)]),
    ).toEqual({
      succeeded: 1000,
      failed: 200,
      total: 1200,
    })
  })
})
