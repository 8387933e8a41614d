/**
 * Pre-flight's verdicts on offers to cancel: ids that vanished, that name an NFT rather than an offer,
 * or offers this wallet may not cancel; and whether a cancellation frees the account's reserve. Pure.
 */
import { shortId } from '../../../shared/format.ts'
import type { PlanProblem } from '../../api.ts'
import type { OfferEntry, OfferLookup } from '../../ledger/ownOffers.ts'
import type { ItemFacts } from './itemFacts.ts'

/** Whether the account may cancel an offer that is not its own: it is the Destination, or it expired. */
function mayCancel(entry: OfferEntry, facts: ItemFacts): boolean {
  if (entry.owner === facts.account || entry.destination === facts.account) return true
  return (
    entry.expiration !== null && facts.closeTime !== null && entry.expiration <= facts.closeTime
  )
}

/** Whether an id names one of the account's NFTs, or an NFT it has offers on. */
function isNftId(id: string, facts: ItemFacts): boolean {
  if (facts.nfts.has(id)) return true
  for (const offer of facts.ownOffers.values()) if (offer.nftId === id) return true
  return false
}

/** Whether cancelling `offerId` frees the account's own owner reserve. */
export function isOwnOffer(offerId: string, facts: ItemFacts): boolean {
  if (facts.ownOffers.has(offerId)) return true
  const lookup = facts.lookups.get(offerId)
  return lookup?.kind === 'offer' && lookup.entry.owner === facts.account
}

/** Whether telling a cancellable foreign offer from another needs the validated close time. */
export function needsCloseTime(lookups: ReadonlyMap<string, OfferLookup>, account: string) {
  for (const lookup of lookups.values()) {
    if (lookup.kind !== 'offer') continue
    const { owner, destination, expiration } = lookup.entry
    if (owner !== account && destination !== account && expiration !== null) return true
  }
  return false
}

/**
 * A vanished offer is informative only: the ledger skips ids it does not hold, and the rest of the
 * transaction applies. So its problem names no item, and skipping problem items keeps it.
 */
export function cancelProblems(offerIds: readonly string[], index: number, facts: ItemFacts) {
  const problems: PlanProblem[] = []
  for (const offerId of offerIds) {
    if (facts.ownOffers.has(offerId)) continue
    const lookup = facts.lookups.get(offerId) ?? { kind: 'missing' }
    const label = `Offer ${shortId(offerId)}`
    if (lookup.kind === 'missing' && isNftId(offerId, facts)) {
      const message = `${shortId(offerId)} is the id of an NFT, not of an offer: cancelling it would succeed on the ledger and cancel nothing. Use the offer's id (the Orders tab lists them)`
      problems.push({ code: 'NOT_AN_OFFER', message, itemIndex: index, blocking: true })
    } else if (lookup.kind === 'missing') {
      const message = `${label} no longer exists (accepted, cancelled or expired): nothing to cancel`
      problems.push({ code: 'OFFER_NOT_FOUND', message, blocking: false })
    } else if (lookup.kind === 'notOffer' || !mayCancel(lookup.entry, facts)) {
      const whose =
        lookup.kind === 'offer' ? `belongs to ${lookup.entry.owner}` : 'is not an NFT offer'
      const message = `${label} ${whose}: this wallet may not cancel it. Remove it from the selection`
      // One such id makes the whole NFTokenCancelOffer fail (tecNO_PERMISSION).
      problems.push({ code: 'NOT_YOUR_OFFER', message, itemIndex: index, blocking: true })
    }
  }
  return problems
}
