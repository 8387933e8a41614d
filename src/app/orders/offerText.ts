/**
 * What the Orders tab says about offers (spec part 2 §3 Offer display, §8 status banner): amounts,
 * flags, the summary sentence, which offers each button picks and the search filter. Pure.
 */
import { tokenParts, tokenText } from '../../shared/currency.ts'
import { formatDrops, shortAddress } from '../../shared/format.ts'
import type {
  AcceptRequest,
  BidView,
  CancelPurpose,
  OfferAmount,
  OfferView,
  OffersReport,
} from '../../worker/api.ts'
import { counted } from '../../shared/plural.ts'

/** A free sell offer: 0 XRP (airdrop offers, as a rule). */
export function isFreeOffer(offer: OfferView): boolean {
  return offer.amount.kind === 'xrp' && BigInt(offer.amount.drops) === 0n
}

/** A bid's amount in plain text: XRP, or the token with its issuer (see tokenText). */
export function bidAmountText(bid: { amount: OfferAmount }): string {
  const { amount } = bid
  return amount.kind === 'issued'
    ? tokenText(tokenParts(amount)!)
    : `${formatDrops(amount.drops)} XRP`
}

/**
 * The accept job's request: the bid as the confirmation showed it, so that the engine refuses a sale
 * on any other terms; `acceptToken` when the user ticked the token sale's own confirmation,
 * `acceptOneServer` when they accepted the word of the only server in use for the bid's terms.
 */
export function acceptRequest(
  bid: BidView,
  acceptToken: boolean,
  acceptOneServer = false,
): AcceptRequest {
  return {
    kind: 'accept',
    offerId: bid.offerId,
    nftId: bid.nftId,
    confirmed: {
      amount: bid.amount,
      bidder: bid.bidder,
      destination: bid.destination,
      expiresAt: bid.expiresAt,
    },
    ...(acceptToken && bid.amount.kind === 'issued' ? { acceptToken: true } : {}),
    ...(acceptOneServer ? { acceptOneServer: true } : {}),
  }
}

/** The flags an offer carries, as its badges read. */
export function flagLabels(offer: OfferView): string[] {
  const labels: string[] = []
  if (offer.flags.expired) labels.push('Expired')
  if (offer.flags.unfillable) labels.push('Unfillable')
  if (offer.flags.duplicate) labels.push('Duplicate')
  return labels
}

/** The NFT's name, or its shortened id while its metadata is unknown. */
export function offerName(offer: OfferView): string {
  return offer.nft.name ?? `NFT ${offer.nftId.slice(0, 8)}…${offer.nftId.slice(-6)}`
}

/** Attributes as shown on an offer: up to 4 as 'type: value', then '+n' for the rest. */
export function attributeText(offer: OfferView, shown = 4): string[] {
  const { attributes } = offer.nft
  const lines = attributes
    .slice(0, shown)
    .map((a) => (a.trait_type ? `${a.trait_type}: ${a.value}` : String(a.value)))
  if (attributes.length > shown) lines.push(`+${attributes.length - shown}`)
  return lines
}

/** Reserve in XRP as the summary says it. */
export function reserveText(drops: string): string {
  return `${formatDrops(drops)} XRP`
}

/** The Active Offers card's summary sentence. */
export function summarySentence(report: OffersReport): string {
  const { total, paid, free, bids } = report.counts
  const offers = counted(total, 'active sell offer')
  const bidText = bids === 0 ? '' : ` and ${counted(bids, 'bid')} on others' NFTs`
  return `You have ${offers} (${paid} paid, ${free} free)${bidText}, locking ${reserveText(report.reserveLockedDrops)} of owner reserve.`
}

/** The offers (ids) each cancellation button picks. */
type OfferPicks = Readonly<Record<Exclude<CancelPurpose, 'selected' | 'single'>, string[]>>

/** Picks by report: the buttons ask on every render, the report changes only when read again. */
const picksByReport = new WeakMap<OffersReport, OfferPicks>()

function picksOf(report: OffersReport): OfferPicks {
  const picks = { free: [], paid: [], duplicates: [], expired: [], unfillable: [], all: [] } as {
    [K in keyof OfferPicks]: string[]
  }
  for (const offer of report.sell) {
    picks.all.push(offer.offerId)
    picks[isFreeOffer(offer) ? 'free' : 'paid'].push(offer.offerId)
    if (offer.flags.duplicate) picks.duplicates.push(offer.offerId)
  }
  for (const offer of [...report.sell, ...report.bids]) {
    if (offer.flags.expired) picks.expired.push(offer.offerId)
    if (offer.flags.unfillable) picks.unfillable.push(offer.offerId)
  }
  return picks
}

/**
 * The offers (ids) a cancellation button picks, worked out once per report; `selected` and `single`
 * are given by the user (none here).
 */
export function offersFor(report: OffersReport, purpose: CancelPurpose): readonly string[] {
  if (purpose === 'selected' || purpose === 'single') return []
  let picks = picksByReport.get(report)
  if (!picks) {
    picks = picksOf(report)
    picksByReport.set(report, picks)
  }
  return picks[purpose]
}

/** What a cancellation is called on its result card ('The type'). */
export const PURPOSE_LABEL: Readonly<Record<CancelPurpose, string>> = {
  selected: 'selected offers',
  free: 'free offers',
  paid: 'paid offers',
  duplicates: 'duplicates',
  all: 'all',
  expired: 'expired offers',
  unfillable: 'unfillable offers',
  single: 'one offer',
}

/** Offers whose name, collection, NFT id, offer id or destination contains the query (any case). */
export function filterOffers(offers: readonly OfferView[], query: string): readonly OfferView[] {
  const q = query.trim().toLowerCase()
  if (!q) return offers
  return offers.filter((o) =>
    [o.nft.name, o.nft.collection, o.nftId, o.offerId, o.destination].some((field) =>
      field?.toLowerCase().includes(q),
    ),
  )
}

/** The destination line: who may accept it, and the airdrop that made it. */
export function destinationText(offer: OfferView): string | null {
  if (!offer.destination) return null
  const airdrop = offer.airdropJobId ? ` (airdrop ${offer.airdropJobId.slice(0, 8)})` : ''
  return `To ${shortAddress(offer.destination)}${airdrop}`
}

/** The status banner's colour (spec part 2 §8). */
export type BannerTone = 'info' | 'success' | 'error'

/**
 * Blue for a message containing 'Cancelling', 'Refreshing' or 'cancelled successfully'; green for
 * one with a check mark; red for anything else.
 */
export function bannerTone(message: string): BannerTone {
  if (/Cancelling|Refreshing|cancelled successfully/.test(message)) return 'info'
  if (message.includes('✓')) return 'success'
  return 'error'
}
