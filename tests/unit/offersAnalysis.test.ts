import { describe, expect, it } from 'vitest'

import { classifyOffers, tiedOffers } from '../../src/worker/orders/offerAnalysis.ts'
import type { OfferEntry } from '../../src/worker/ledger/ownOffers.ts'

const ACCOUNT = 'rHolderXXXXXXXXXXXXXXXXXXXXXXXXXXX'
const NFT_A = 'A'.repeat(64)
const NFT_B = 'B'.repeat(64)

let counter = 0
function offer(partial: Partial<OfferEntry>): OfferEntry {
  counter += 1
  const hex = counter.toString(16).toUpperCase()
  return {
    offerId: hex.padStart(64, '0'),
    owner: ACCOUNT,
    nftId: NFT_A,
    sell: true,
    destination: null,
    expiration: null,
    amount: { kind: 'xrp', drops: '1000000' },
    createdLedger: 10,
    createdTx: hex.padStart(64, 'F'),
    ...partial,
  }
}

const facts = (over: Partial<Parameters<typeof classifyOffers>[1]> = {}) => ({
  closeTime: 1_000,
  heldNftIds: new Set([NFT_A, NFT_B]),
  positions: new Map<string, number>(),
  ...over,
})

describe('classifyOffers', () => {
  it('flags an offer expired from the second its Expiration equals the close time', () => {
    const before = offer({ expiration: 1_001 })
    const at = offer({ nftId: NFT_B, expiration: 1_000 })
    const flags = classifyOffers([before, at], facts())
    expect(flags.get(before.offerId)!.expired).toBe(false)
    expect(flags.get(at.offerId)!.expired).toBe(true)
  })

  it('flags sell offers on NFTs not held as unfillable, never bids', () => {
    const sell = offer({ nftId: 'C'.repeat(64) })
    const bid = offer({ nftId: 'C'.repeat(64), sell: false })
    const flags = classifyOffers([sell, bid], facts())
    expect(flags.get(sell.offerId)!.unfillable).toBe(true)
    expect(flags.get(bid.offerId)!.unfillable).toBe(false)
  })

  it('keeps the newest sell offer per NFT by ledger, then by its place in the ledger; bids never count', () => {
    const old = offer({ createdLedger: 9 })
    const sameLedgerLow = offer({ createdLedger: 12 })
    const sameLedgerHigh = offer({ createdLedger: 12 })
    const bid = offer({ sell: false, createdLedger: 20 })
    const entries = [old, sameLedgerHigh, sameLedgerLow, bid]
    expect(
      tiedOffers(entries)
        .map((e) => e.offerId)
        .sort(),
    ).toEqual([sameLedgerLow.offerId, sameLedgerHigh.offerId].sort())
    const positions = new Map([
      [sameLedgerLow.createdTx, 5],
      [sameLedgerHigh.createdTx, 6],
    ])
    const flags = classifyOffers(entries, facts({ positions }))
    expect(entries.map((e) => flags.get(e.offerId)!.duplicate)).toEqual([true, false, true, false])
  })

  it('keeps a live offer over a newer expired one, and the newest when all expired', () => {
    const live = offer({ createdLedger: 5 })
    const newerExpired = offer({ createdLedger: 8, expiration: 900 })
    const flags = classifyOffers([live, newerExpired], facts())
    expect(flags.get(live.offerId)!.duplicate).toBe(false)
    expect(flags.get(newerExpired.offerId)!.duplicate).toBe(true)

    const a = offer({ nftId: NFT_B, createdLedger: 5, expiration: 900 })
    const b = offer({ nftId: NFT_B, createdLedger: 8, expiration: 900 })
    const all = classifyOffers([a, b], facts())
    expect(all.get(b.offerId)!.duplicate).toBe(false)
    expect(all.get(a.offerId)!.duplicate).toBe(true)
  })

  it('flags nothing for an NFT with one sell offer', () => {
    const only = offer({ nftId: NFT_B })
    expect(classifyOffers([only], facts()).get(only.offerId)).toEqual({
      expired: false,
      unfillable: false,
      duplicate: false,
    })
  })
})
