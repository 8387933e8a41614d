/**
 * Listing prices (spec part 2 §3 bulk offer creation, §5 pricing inputs): a price in drops for every
 * NFT by the chosen strategy, what the issuer takes and what the seller nets, and the price guard.
 * XRP inputs become drops through xrpl.js (never through floating-point drops). Pure.
 */
import { xrpToDrops } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { FLOOR_MULTIPLIERS } from '../../shared/floorMultipliers.ts'
import { collectionKey } from '../../shared/nftDisplay.ts'
import type { PriceGuard, PricedNft, PricingStrategy } from '../api.ts'
import { checkedSeed, freshSeed, seededRandom } from '../ledger/shuffleSeed.ts'
import { isRecord } from '../../shared/isRecord.ts'

export { FLOOR_MULTIPLIERS }

/** What pricing needs to know of an NFT. */
export interface PricingNft {
  nftId: string
  issuer: string
  taxon: number
  /** Units of 1/100000. */
  transferFee: number
}

/** Below this, with no floor known, a price needs its own confirmation: 0.1 XRP. */
export const GUARD_MINIMUM_DROPS = 100_000n
/**
 * Above this a price needs its own confirmation, floor or not: 1,000,000 XRP per NFT, far beyond what
 * XRPL NFTs sell for, and where an extra digit or two typed by mistake lands.
 */
export const GUARD_MAXIMUM_DROPS = 1_000_000_000_000n
/** Above this many times its collection's floor a price needs its own confirmation. */
export const GUARD_FLOOR_FACTOR = 100n
/** Every XRP there is, in drops: no price can be above it (and a draw within it is exact). */
const MAX_DROPS = 100_000_000_000_000_000n
/** The random strategy's step: 0.01 XRP. */
const STEP_DROPS = 10_000n

/** Floors by collection: the key is `${issuer}:${taxon}`; null when the collection has none. */
export type Floors = ReadonlyMap<string, bigint | null>

export { collectionKey }

/**
 * An XRP amount as typed, in drops.
 *
 * @throws EngineError `VALIDATION` ('{label}: "…" is not a valid XRP amount (0 or more, at most 6
 *   decimals)').
 */
export function xrpInput(value: unknown, label: string): bigint {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : ''
  const fail = () =>
    new EngineError(
      'VALIDATION',
      `${label}: ${JSON.stringify(value ?? null)} is not a valid XRP amount (0 or more, at most 6 decimals)`,
    )
  if (!/^\d+(\.\d+)?$/.test(text)) throw fail()
  let drops: bigint
  try {
    drops = BigInt(xrpToDrops(text))
  } catch {
    throw fail()
  }
  if (drops > MAX_DROPS) {
    throw new EngineError('VALIDATION', `${label}: more than all the XRP there is (100 billion)`)
  }
  return drops
}

/**
 * The guard of a price: free (0 XRP: whoever may buy takes the NFT for nothing); below half its
 * collection's floor, or below 0.1 XRP whatever the floor (a floor read from a sample may itself be a
 * near-zero listing); more than 100 × the floor, or more than 1,000,000 XRP (a slip of the keyboard
 * that no buyer will pay, and that keeps the NFT off the market).
 */
export function guardOf(drops: bigint, floor: bigint | null): PriceGuard | null {
  if (drops === 0n) return 'free'
  if (floor !== null && drops * 2n < floor) return 'belowHalfFloor'
  if (drops < GUARD_MINIMUM_DROPS) return 'belowMinimum'
  if (floor !== null && floor > 0n && drops > floor * GUARD_FLOOR_FACTOR) return 'farAboveFloor'
  return drops > GUARD_MAXIMUM_DROPS ? 'aboveMaximum' : null
}

/**
 * The guard of a price set from a floor that is thin or rests past an outlier: whatever it is, it
 * needs its own confirmation (a stranger's listing, or a server, may have set that floor).
 */
function floorGuard(drops: bigint, floor: bigint | null, weak: boolean): PriceGuard | null {
  return guardOf(drops, floor) ?? (weak ? 'weakFloor' : null)
}

/** A uniform draw from min to max (both in drops) in steps of 0.01 XRP from min. */
function drawer(min: bigint, max: bigint, seed: string): () => bigint {
  const random = seededRandom(seed)
  const steps = (max - min) / STEP_DROPS + 1n
  return () => {
    const n = BigInt(Math.floor(random() * Number(steps)))
    const drops = min + n * STEP_DROPS
    return drops > max ? max : drops
  }
}

/** The price of each NFT by the strategy, and where it came from. */
function basePrices(
  nfts: readonly PricingNft[],
  strategy: PricingStrategy,
  floors: Floors,
  seed: string,
): { drops: bigint; source: PricedNft['source'] }[] {
  switch (strategy.kind) {
    case 'fixed': {
      const drops = xrpInput(strategy.priceXrp, 'Fixed price')
      return nfts.map(() => ({ drops, source: 'fixed' }))
    }
    case 'random': {
      const min = xrpInput(strategy.minXrp, 'Minimum price')
      const max = xrpInput(strategy.maxXrp, 'Maximum price')
      if (min > max) {
        throw new EngineError('VALIDATION', 'The minimum price must not be above the maximum price')
      }
      const draw = drawer(min, max, seed)
      return nfts.map(() => ({ drops: draw(), source: 'random' }))
    }
    case 'floor': {
      const choice = FLOOR_MULTIPLIERS.find((m) => m.value === strategy.multiplier)
      if (!choice) {
        throw new EngineError(
          'VALIDATION',
          `Unknown floor multiplier: ${String(strategy.multiplier)}`,
        )
      }
      const fallback = xrpInput(strategy.fallbackXrp, 'Fixed price')
      return nfts.map((nft) => {
        const floor = floors.get(collectionKey(nft)) ?? null
        if (floor === null) return { drops: fallback, source: 'fallback' }
        // Rounded half up to the drop.
        return { drops: (floor * BigInt(choice.permille) + 500n) / 1000n, source: 'floor' }
      })
    }
    case 'individual':
      if (!isRecord(strategy.pricesXrp)) {
        throw new EngineError('VALIDATION', 'Individual prices are missing')
      }
      return nfts.map((nft) => ({
        drops: xrpInput(strategy.pricesXrp[nft.nftId], `Price of NFT ${nft.nftId.slice(0, 8)}…`),
        source: 'individual',
      }))
    default:
      throw new EngineError(
        'VALIDATION',
        `Unknown pricing strategy: ${String((strategy as { kind?: unknown } | null)?.kind)}`,
      )
  }
}

/** A priced listing: every NFT's price, the seed of a random draw. */
export interface PricedListing {
  prices: PricedNft[]
  /** The random strategy's seed (given or fresh), recorded so the draw can be made again. */
  seed?: string
}

/**
 * Prices every NFT by the strategy.
 *
 * @param nfts - the NFTs to list, in selection order.
 * @param account - the seller (no issuer's cut on its own NFTs).
 * @param floors - the floors known, by collection.
 * @param weakFloors - the collections whose floor is thin or passes over an outlier: prices set from
 *   it are guarded ('weakFloor').
 * @throws EngineError `VALIDATION` for an invalid amount, min above max, an unknown multiplier or a
 *   malformed seed.
 */
export function priceListing(
  nfts: readonly PricingNft[],
  strategy: PricingStrategy,
  account: string,
  floors: Floors,
  weakFloors: ReadonlySet<string> = new Set(),
): PricedListing {
  if (!isRecord(strategy)) throw new EngineError('VALIDATION', 'Please choose a pricing strategy')
  const seed =
    strategy.kind === 'random'
      ? strategy.seed === undefined
        ? freshSeed()
        : checkedSeed(strategy.seed, 'The price seed')
      : ''
  const base = basePrices(nfts, strategy, floors, seed)
  const prices = nfts.map((nft, i): PricedNft => {
    const { drops, source } = base[i]!
    const floor = floors.get(collectionKey(nft)) ?? null
    const cut = nft.issuer === account ? 0n : (drops * BigInt(nft.transferFee)) / 100_000n
    return {
      nftId: nft.nftId,
      drops: String(drops),
      source,
      floorDrops: floor === null ? null : String(floor),
      guard:
        source === 'floor'
          ? floorGuard(drops, floor, weakFloors.has(collectionKey(nft)))
          : guardOf(drops, floor),
      issuerCutDrops: String(cut),
      netDrops: String(drops - cut),
    }
  })
  return strategy.kind === 'random' ? { prices, seed } : { prices }
}
