import { describe, expect, it } from 'vitest'

import { isEngineError } from '../../src/shared/errors.ts'
import {
  FLOOR_MULTIPLIERS,
  collectionKey,
  guardOf,
  priceListing,
  xrpInput,
} from '../../src/worker/listing/pricing.ts'
import type { PricingNft } from '../../src/worker/listing/pricing.ts'

const SELLER = 'rSellerXXXXXXXXXXXXXXXXXXXXXXXXXXX'
const ARTIST = 'rArtistXXXXXXXXXXXXXXXXXXXXXXXXXXX'
const nft = (n: number, over: Partial<PricingNft> = {}): PricingNft => ({
  nftId: n.toString(16).toUpperCase().padStart(64, '0'),
  issuer: SELLER,
  taxon: 1,
  transferFee: 0,
  ...over,
})
const NO_FLOORS = new Map<string, bigint | null>()

function rejection(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (isEngineError(error) && error.code === 'VALIDATION') return error.message
    throw error
  }
  throw new Error('expected a VALIDATION error')
}

describe('xrpInput', () => {
  it('turns typed XRP into drops exactly, and refuses what is not an amount', () => {
    expect(xrpInput('1', 'Price')).toBe(1_000_000n)
    expect(xrpInput(' 0.01 ', 'Price')).toBe(10_000n)
    expect(xrpInput('0.1', 'Price') + xrpInput('0.2', 'Price')).toBe(300_000n)
    expect(xrpInput('0', 'Price')).toBe(0n)
    expect(rejection(() => xrpInput('-1', 'Fixed price'))).toBe(
      'Fixed price: "-1" is not a valid XRP amount (0 or more, at most 6 decimals)',
    )
    expect(rejection(() => xrpInput('100000000001', 'Fixed price'))).toBe(
      'Fixed price: more than all the XRP there is (100 billion)',
    )
    for (const bad of ['1.1234567', '1e3', '', 'abc', undefined]) {
      expect(() => xrpInput(bad, 'Price')).toThrow(/not a valid XRP amount/)
    }
  })
})

describe('priceListing', () => {
  it('fixed: one price for all, the issuer’s cut taken on others’ NFTs only', () => {
    const nfts = [nft(1), nft(2, { issuer: ARTIST, transferFee: 2500 })]
    const { prices } = priceListing(nfts, { kind: 'fixed', priceXrp: '10' }, SELLER, NO_FLOORS)
    expect(prices.map((p) => [p.drops, p.source, p.issuerCutDrops, p.netDrops])).toEqual([
      ['10000000', 'fixed', '0', '10000000'],
      ['10000000', 'fixed', '250000', '9750000'],
    ])
  })

  it('random: within min and max in 0.01 steps, the same seed gives the same draw', () => {
    const nfts = Array.from({ length: 200 }, (_, i) => nft(i + 1))
    const strategy = { kind: 'random' as const, minXrp: '0.5', maxXrp: '2.0' }
    const first = priceListing(nfts, strategy, SELLER, NO_FLOORS)
    expect(first.seed).toMatch(/^[0-9a-f]{32}$/)
    for (const p of first.prices) {
      const drops = BigInt(p.drops)
      expect(drops >= 500_000n && drops <= 2_000_000n).toBe(true)
      expect(drops % 10_000n).toBe(0n)
    }
    expect(new Set(first.prices.map((p) => p.drops)).size).toBeGreaterThan(50)
    const again = priceListing(nfts, { ...strategy, seed: first.seed }, SELLER, NO_FLOORS)
    expect(again.prices).toEqual(first.prices)
    expect(
      rejection(() => priceListing(nfts, { ...strategy, minXrp: '3' }, SELLER, NO_FLOORS)),
    ).toBe('The minimum price must not be above the maximum price')
  })

  it('floor: the floor × the multiplier; the fixed price where no floor is known', () => {
    const listed = nft(1)
    const unlisted = nft(2, { taxon: 9 })
    const floors = new Map([
      [collectionKey(listed), 2_000_000n],
      [collectionKey(unlisted), null],
    ])
    const { prices } = priceListing(
      [listed, unlisted],
      { kind: 'floor', multiplier: '1.05', fallbackXrp: '1' },
      SELLER,
      floors,
    )
    expect(prices.map((p) => [p.drops, p.source, p.floorDrops])).toEqual([
      ['2100000', 'floor', '2000000'],
      ['1000000', 'fallback', null],
    ])
    expect(FLOOR_MULTIPLIERS.map((m) => m.label)).toEqual([
      '10% below',
      '5% below',
      'at floor',
      '5% above',
      '10% above',
      '20% above',
      '50% above',
    ])
  })

  it('individual: each NFT its own price; a missing one is refused by name', () => {
    const a = nft(1)
    const b = nft(2)
    const { prices } = priceListing(
      [a, b],
      { kind: 'individual', pricesXrp: { [a.nftId]: '3.25', [b.nftId]: '0.75' } },
      SELLER,
      NO_FLOORS,
    )
    expect(prices.map((p) => p.drops)).toEqual(['3250000', '750000'])
    expect(
      rejection(() =>
        priceListing(
          [a, b],
          { kind: 'individual', pricesXrp: { [a.nftId]: '1' } },
          SELLER,
          NO_FLOORS,
        ),
      ),
    ).toMatch(/^Price of NFT 00000000…: null is not a valid XRP amount/)
  })
})

describe('the price guard', () => {
  it('asks for its own confirmation below half the floor, or below 0.1 XRP without a floor', () => {
    expect(guardOf(999_999n, 2_000_000n)).toBe('belowHalfFloor')
    expect(guardOf(1_000_000n, 2_000_000n)).toBeNull()
    expect(guardOf(99_999n, null)).toBe('belowMinimum')
    // A floor from a near-zero listing does not make a near-zero price safe.
    expect(guardOf(50_000n, 80_000n)).toBe('belowMinimum')
    expect(guardOf(100_000n, null)).toBeNull()
    // Free is named for what it is, whatever the floor.
    expect(guardOf(0n, null)).toBe('free')
    expect(guardOf(0n, 2_000_000n)).toBe('free')
    // Too high: above 100 × the floor, or above 1,000,000 XRP with or without one.
    expect(guardOf(200_000_000n, 2_000_000n)).toBeNull()
    expect(guardOf(200_000_001n, 2_000_000n)).toBe('farAboveFloor')
    expect(guardOf(1_000_000_000_000n, null)).toBeNull()
    expect(guardOf(1_000_000_000_001n, null)).toBe('aboveMaximum')
    expect(guardOf(99_999_999_999_000_000n, null)).toBe('aboveMaximum')
    const { prices } = priceListing(
      [nft(1)],
      { kind: 'fixed', priceXrp: '0.01' },
      SELLER,
      NO_FLOORS,
    )
    expect(prices[0]!.guard).toBe('belowMinimum')
  })
})

describe('priceListing: what is not a strategy', () => {
  it('refuses an unknown or missing strategy with a message, not a crash', () => {
    const strategy = { kind: 'rarity' } as unknown as Parameters<typeof priceListing>[1]
    expect(rejection(() => priceListing([nft(1)], strategy, SELLER, NO_FLOORS))).toBe(
      'Unknown pricing strategy: rarity',
    )
    const missing = undefined as unknown as Parameters<typeof priceListing>[1]
    expect(rejection(() => priceListing([nft(1)], missing, SELLER, NO_FLOORS))).toBe(
      'Please choose a pricing strategy',
    )
  })
})
