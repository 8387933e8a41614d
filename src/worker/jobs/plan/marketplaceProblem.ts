/**
 * Pre-flight's verdict on a sell offer made to a marketplace's broker (see shared/marketplaces.ts): one
 * the marketplace ignores for its low price would sit on the ledger, reserve locked, and never be
 * listed; a free one (a listing at 0, or an airdrop row naming a broker) would let the broker take
 * the NFT for nothing. Listings and airdrops both ask it.
 */
import type { Intent } from '../../../db/types/jobItems.ts'
import type { PlanProblem } from '../../../db/types/jobs.ts'
import { shortId } from '../../../shared/format.ts'
import { intentEffects } from '../../../shared/intents.ts'
import { ignoredBy, marketplaceOfBroker } from '../../../shared/marketplaces.ts'
import { dropsToXrp } from 'xrpl'
import { itemProblem, nftLabel } from './itemFacts.ts'
import type { ItemFacts } from './itemFacts.ts'

/**
 * The problem of an offer to a marketplace's broker, or null (any other item, or a fit price).
 *
 * @param facts - pre-flight's facts, for the NFT's name (its id without them).
 */
export function marketplaceProblem(
  intent: Intent,
  index: number,
  facts?: Pick<ItemFacts, 'names'>,
): PlanProblem | null {
  const effects = intentEffects(intent)
  // A mint's offer is the same gift or sale, of an NFT that has no id yet.
  const offer = effects.offer ?? effects.mint?.offer
  if (!offer) return null
  const marketplace = marketplaceOfBroker(offer.destination)
  if (!marketplace) return null
  const drops = BigInt(offer.amountDrops)
  const nftId = effects.offer?.nftId
  const label =
    nftId === undefined
      ? `The NFT of row ${index + 1}`
      : facts
        ? nftLabel(nftId, facts)
        : `NFT ${shortId(nftId)}`
  if (drops === 0n) {
    return itemProblem(
      'MARKETPLACE_PRICE',
      index,
      `${label} would be offered for free to ${marketplace.name}'s broker, which could take it for nothing: it will be skipped`,
    )
  }
  if (!ignoredBy(drops, marketplace)) return null
  const minimum = dropsToXrp(marketplace.ignoresAtOrBelowDrops.toString())
  return itemProblem(
    'MARKETPLACE_PRICE',
    index,
    `${label} at ${dropsToXrp(offer.amountDrops)} XRP: ${marketplace.name} ignores offers of ${minimum} XRP or less, so it would never be listed there: it will be skipped`,
  )
}
