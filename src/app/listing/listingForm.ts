/**
 * The List tab's form as a request: the pricing strategy the engine prices with, and the optional
 * expiration and destination of the offers, checked before anything is asked of the engine (which
 * checks again: it trusts the UI no more than a file). Pure.
 */
import { CLASSIC_ADDRESS_SHAPE, RIPPLE_EPOCH } from '../../shared/constants.ts'
import type { FloorMultiplier } from '../../shared/floorMultipliers.ts'
import type { ListingOffer, ListingPreview, PricingStrategy } from '../../worker/api.ts'
import type { OnSale } from './listable.ts'

/** The strategies of the form ('rarity' is shown as 'Coming Soon'). */
export type StrategyKind = PricingStrategy['kind']

/** What the form holds, as typed. */
export interface ListingForm {
  strategy: StrategyKind
  fixedXrp: string
  minXrp: string
  maxXrp: string
  multiplier: FloorMultiplier
  /** The random draw's seed, to redo an earlier draw; empty for a fresh one. */
  seed: string
  /** Individual prices by NFT id, as typed. */
  individual: Readonly<Record<string, string>>
  /** A `datetime-local` value (local time), or empty for offers that never expire. */
  expiration: string
  /** Only this account may buy; empty for a public offer. */
  destination: string
}

/** The spec's defaults: fixed 1.0, range 0.5 to 2.0, multiplier 1.1 (part 2 §5). */
export const DEFAULT_FORM: ListingForm = {
  strategy: 'fixed',
  fixedXrp: '1.0',
  minXrp: '0.5',
  maxXrp: '2.0',
  multiplier: '1.1',
  seed: '',
  individual: {},
  expiration: '',
  destination: '',
}

/** The strategy choices in the order the form shows them. */
export const STRATEGY_CHOICES: readonly { value: StrategyKind | 'rarity'; label: string }[] = [
  { value: 'fixed', label: 'Fixed price' },
  { value: 'random', label: 'Random within a range' },
  { value: 'floor', label: 'Floor-based' },
  { value: 'individual', label: 'Individual prices' },
  { value: 'rarity', label: 'Rarity-based' },
]

const AMOUNT = /^\d+(\.\d{1,6})?$/

/** Why an XRP amount as typed is not one, or null. */
function amountProblem(value: string, label: string): string | null {
  return AMOUNT.test(value.trim())
    ? null
    : `${label}: enter an amount of XRP, 0 or more (at most 6 decimals)`
}

/** Decimal XRP as a number of micro-units, for comparing two amounts that passed `AMOUNT`. */
function micro(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.')
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'))
}

/**
 * What is wrong with the form for these NFTs, or null. The min ≤ max rule is enforced (the spec's
 * form forgot it).
 */
export function formProblem(
  form: ListingForm,
  nftIds: readonly string[],
  now: number,
): string | null {
  return pricesProblem(form, nftIds) ?? extrasProblem(form, now)
}

function pricesProblem(form: ListingForm, nftIds: readonly string[]): string | null {
  switch (form.strategy) {
    case 'fixed':
      return amountProblem(form.fixedXrp, 'Fixed price')
    case 'random': {
      const problem =
        amountProblem(form.minXrp, 'Minimum price') ?? amountProblem(form.maxXrp, 'Maximum price')
      if (problem) return problem
      return micro(form.minXrp) > micro(form.maxXrp)
        ? 'The minimum price must not be above the maximum price'
        : null
    }
    case 'floor':
      return amountProblem(form.fixedXrp, 'Fixed price (for NFTs without a floor)')
    case 'individual': {
      const missing = nftIds.filter((id) => !AMOUNT.test((form.individual[id] ?? '').trim()))
      if (missing.length === 0) return null
      return missing.length === 1
        ? 'Enter a price for the NFT that has none (0 or more XRP)'
        : `Enter a price for the ${missing.length} NFTs that have none (0 or more XRP)`
    }
  }
}

function extrasProblem(form: ListingForm, now: number): string | null {
  if (form.expiration && expirationOf(form.expiration, now) === null) {
    return 'The expiration must be a date and time in the future'
  }
  const destination = form.destination.trim()
  // The shape only: the engine checks the checksum.
  if (destination && !CLASSIC_ADDRESS_SHAPE.test(destination)) {
    return `The buyer "${destination.slice(0, 40)}" is not an XRP Ledger address (r…)`
  }
  return null
}

/**
 * A `datetime-local` value as Ripple-epoch seconds; null when it is not a time after `now`. (By hand,
 * not xrpl's unixTimeToRippleTime: the form lives in the main chunk, which does not load xrpl.js.)
 */
export function expirationOf(value: string, now: number): number | null {
  const ms = new Date(value).getTime()
  if (!Number.isFinite(ms) || ms <= now) return null
  return Math.floor(ms / 1000) - RIPPLE_EPOCH
}

/** The strategy the engine prices with. */
export function strategyOf(form: ListingForm): PricingStrategy {
  switch (form.strategy) {
    case 'fixed':
      return { kind: 'fixed', priceXrp: form.fixedXrp.trim() }
    case 'random': {
      const seed = form.seed.trim()
      return {
        kind: 'random',
        minXrp: form.minXrp.trim(),
        maxXrp: form.maxXrp.trim(),
        ...(seed ? { seed } : {}),
      }
    }
    case 'floor':
      return { kind: 'floor', multiplier: form.multiplier, fallbackXrp: form.fixedXrp.trim() }
    case 'individual':
      return { kind: 'individual', pricesXrp: { ...form.individual } }
  }
}

/** The offers of a priced listing, with the form's expiration, destination and replaced offers. */
export function offersOf(
  preview: ListingPreview,
  form: ListingForm,
  onSale: OnSale,
  relist: boolean,
  now: number,
): ListingOffer[] {
  const { expiration, destination } = form
  const expires = expiration ? expirationOf(expiration, now) : null
  const buyer = destination.trim()
  return preview.prices.map((price) => {
    const replaces = relist ? onSale.get(price.nftId)?.map((offer) => offer.offerId) : undefined
    return {
      nftId: price.nftId,
      amountDrops: price.drops,
      ...(buyer ? { destination: buyer } : {}),
      ...(expires === null ? {} : { expiration: expires }),
      ...(replaces && replaces.length > 0 ? { replaces } : {}),
    }
  })
}
