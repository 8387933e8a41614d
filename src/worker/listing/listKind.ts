/**
 * The listing job kind ('Create n Offers' on the List tab): sell offers at the prices the preview
 * showed; 'List again' first cancels the NFTs' current offers in the same job.
 */
import type { Intent } from '../../db/types/jobItems.ts'
import type { ListRequest, PricingStrategy } from '../contract/listing.ts'
import type { JobKindSpec, PlannedIntent } from '../jobs/jobKind.ts'
import {
  MAX_EXPIRATION,
  checkedAddress,
  checkedDrops,
  checkedId,
  invalid,
  itemsOf,
  shown,
} from '../jobs/plan/requestFields.ts'
import type { Fields } from '../jobs/plan/requestFields.ts'
import { cancelIntents } from '../ledger/cancelOffers.ts'
import { checkedSeed } from '../ledger/shuffleSeed.ts'
import { marketplaceProblem } from '../jobs/plan/marketplaceProblem.ts'
import { isRecord } from '../../shared/isRecord.ts'

const PRICING_STRATEGIES: ReadonlySet<unknown> = new Set<PricingStrategy['kind']>([
  'fixed',
  'random',
  'floor',
  'individual',
])

/** Most offers one NFT's 'List again' may replace (an NFT rarely has more than a few). */
const MAX_REPLACED_PER_NFT = 100

function checkedOffer(offer: unknown, i: number): Extract<Intent, { type: 'offer' }> {
  const label = `Offer ${i + 1}`
  if (!isRecord(offer)) throw invalid(`${label} is malformed`)
  const nftId = checkedId(offer.nftId, label, 'NFT id')
  const amountDrops = checkedDrops(offer.amountDrops, label)
  const checked: Extract<Intent, { type: 'offer' }> = { type: 'offer', nftId, amountDrops }
  if (offer.destination !== undefined) {
    checked.destination = checkedAddress(offer.destination, `${label} destination`)
  }
  const { expiration } = offer
  if (expiration !== undefined) {
    const valid = typeof expiration === 'number' && Number.isInteger(expiration)
    if (!valid || expiration < 1 || expiration > MAX_EXPIRATION) {
      throw invalid(`${label}: the expiration must be a time in whole seconds`)
    }
    checked.expiration = expiration
  }
  return checked
}

function checkedReplaces(value: unknown, label: string): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalid(`${label}: the offers it replaces are not a list`)
  if (value.length > MAX_REPLACED_PER_NFT) {
    throw invalid(`${label}: it may replace at most ${MAX_REPLACED_PER_NFT} offers`)
  }
  return Array.from({ length: value.length }, (_, i) => value[i] as unknown).map((id) =>
    checkedId(id, `${label} replaces an offer that`, 'offer id'),
  )
}

function validate(fields: Fields): ListRequest {
  const offers = itemsOf(fields, 'offers', 'Please select NFTs to create offers for', 'offers')
  const { strategy, seed } = fields
  if (strategy !== undefined && !PRICING_STRATEGIES.has(strategy)) {
    throw invalid(`Unknown pricing strategy: ${shown(strategy)}`)
  }
  return {
    kind: 'list',
    offers: offers.map((offer, i) => {
      const { type: _type, ...checked } = checkedOffer(offer, i)
      const replaces = checkedReplaces((offer as Fields).replaces, `Offer ${i + 1}`)
      return replaces.length > 0 ? { ...checked, replaces } : checked
    }),
    ...(strategy === undefined ? {} : { strategy: strategy as PricingStrategy['kind'] }),
    ...(seed === undefined ? {} : { seed: checkedSeed(seed, 'The price seed') }),
  }
}

/**
 * First the cancellation of the offers it replaces ('List again', 500 per transaction), then one sell
 * offer per NFT, which names the offers it replaces: the runner signs it only once their cancellation
 * has succeeded (and skips it if that failed), so an NFT never holds its old and its new price at once.
 */
function intents(request: ListRequest): PlannedIntent[] {
  const replaced = request.offers.flatMap((offer) => offer.replaces ?? [])
  const offers = request.offers.map((offer) => ({ intent: { type: 'offer' as const, ...offer } }))
  return [...(replaced.length > 0 ? cancelIntents(replaced) : []), ...offers]
}

export const listKind: JobKindSpec<ListRequest> = {
  kind: 'list',
  intentTypes: ['offer', 'cancel'],
  touchesNfts: true,
  alreadyOfferedHint: "Choose 'List again' to replace its offer",
  // Offers to a marketplace's broker at a price it ignores, or for free (it reads nothing).
  itemChecks: () => Promise.resolve(marketplaceProblem),
  validate,
  intents,
  confirmedElsewhere: (request) =>
    request.strategy === 'floor' ? ['the floor prices the offers are priced from'] : [],
  // What a listing's cards name: its offers, the offers it replaces, how the prices were set and the
  // random draw's seed.
  params: (request) => ({
    offers: request.offers.length,
    replaced: new Set(request.offers.flatMap((offer) => offer.replaces ?? [])).size,
    ...(request.strategy ? { strategy: request.strategy } : {}),
    ...(request.seed ? { priceSeed: request.seed } : {}),
  }),
}
