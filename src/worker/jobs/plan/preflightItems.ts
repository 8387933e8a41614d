/**
 * Pre-flight's per-item verdicts, from facts already read: NFTs the account does not own, cannot
 * transfer, lists twice or (airdrops) has already offered; recipients that do not exist, refuse
 * incoming offers or require a destination tag; offers to cancel
 * that vanished or are someone else's. Pure: no ledger access here.
 */
import type { Intent } from '../../../db/types/jobItems.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import type { BidTerms } from '../../../db/types/offers.ts'
import { shortAddress, shortId } from '../../../shared/format.ts'
import type { PlanProblem } from '../../api.ts'
import { LSF_TRANSFERABLE } from '../../ledger/nftEntry.ts'
import type { PlannedIntent } from '../jobKind.ts'
import type { AccountFacts } from '../../ledger/ledgerRequests.ts'
import type { AccountKeyFacts } from '../../ledger/accountKeys.ts'
import { bidVerdict } from '../../ledger/bidTerms.ts'
import type { SecondWord } from '../../ledger/bidTerms.ts'
import type { OfferEntry, OfferLookup } from '../../ledger/ownOffers.ts'

/** Everything the verdicts are drawn from. */
export interface ItemFacts {
  account: string
  /** The network's name for messages, e.g. 'Mainnet'. */
  networkName: string
  /**
   * The account's NFTs by id (empty when the plan has no NFT items, unless an id to cancel names
   * no ledger entry).
   */
  nfts: ReadonlyMap<string, NftItem>
  /** Recipients and issuers: their facts, or null for accounts that do not exist. */
  accounts: ReadonlyMap<string, AccountFacts | null>
  /** The account's own offers by id. */
  ownOffers: ReadonlyMap<string, OfferEntry>
  /**
   * Airdrops and listings (else empty): the account's sell offers by the NFT they offer, but those the
   * plan cancels. An NFT among them was already offered (by an earlier run of the same airdrop, or it
   * is on sale): a second offer would name a second recipient or a second price, and lock a second
   * owner reserve.
   */
  offeredNfts: ReadonlyMap<string, OfferEntry>
  /** The plan is a listing (the List tab's job), which may replace an NFT's offer. */
  listing: boolean
  /** NFTs the account's other unfinished airdrops and listings will still offer, with the job. */
  offeredByJobs: ReadonlyMap<string, { kind: string; id: string }>
  /** Offers to cancel that are not the account's own, as the ledger has them. */
  lookups: ReadonlyMap<string, OfferLookup>
  /** Bids to accept, as their NFT's nft_buy_offers lists them; null when not listed there. */
  bids: ReadonlyMap<string, BidTerms | null>
  /** Whether the network has another server; then `secondBids` holds its word on each bid. */
  hasSecond: boolean
  secondBids: ReadonlyMap<string, SecondWord>
  /** A key removal: who may sign for the account (else null). */
  keys: AccountKeyFacts | null
  /**
   * The validated ledger's close time (Ripple-epoch seconds), when an expiry matters (a foreign offer
   * to cancel, a bid to accept, an offer to make with an expiration); else null.
   */
  closeTime: number | null
}

type OfferIntent = Extract<Intent, { type: 'offer' }>

function itemProblem(code: PlanProblem['code'], itemIndex: number, message: string): PlanProblem {
  return { code, message, itemIndex, blocking: false }
}

/**
 * Issuers whose NFTokenMinter decides whether the account may offer their NFTs: issuers (other than
 * the account) of the non-transferable NFTs the plan offers.
 */
export function issuersToCheck(
  planned: readonly PlannedIntent[],
  nfts: ReadonlyMap<string, NftItem>,
  account: string,
): Set<string> {
  const issuers = new Set<string>()
  for (const { intent } of planned) {
    const nft = intent.type === 'offer' ? nfts.get(intent.nftId) : undefined
    if (nft && (nft.flags & LSF_TRANSFERABLE) === 0 && nft.issuer !== account) {
      issuers.add(nft.issuer)
    }
  }
  return issuers
}

/** The recipients named by the plan's offers. */
export function destinationsOf(planned: readonly PlannedIntent[]): Set<string> {
  const destinations = new Set<string>()
  for (const { intent } of planned) {
    if (intent.type === 'offer' && intent.destination) destinations.add(intent.destination)
  }
  return destinations
}

/**
 * rippled's rule: a non-transferable NFT may be offered only by its issuer or the issuer's
 * authorised minter.
 */
function mayOffer(nft: NftItem, facts: ItemFacts): boolean {
  if ((nft.flags & LSF_TRANSFERABLE) !== 0 || nft.issuer === facts.account) return true
  return facts.accounts.get(nft.issuer)?.nftokenMinter === facts.account
}

function nftProblem(
  intent: Extract<Intent, { nftId: string }>,
  index: number,
  facts: ItemFacts,
  seen: Set<string>,
): PlanProblem | null {
  const label = `NFT ${shortId(intent.nftId)}`
  const nft = facts.nfts.get(intent.nftId)
  const duplicate = seen.has(intent.nftId)
  seen.add(intent.nftId)
  if (!nft && intent.type === 'accept') {
    // A sale is the whole job: an NFT no longer held blocks it rather than being skipped.
    const message = `${label} is not in this wallet: it cannot be sold`
    return { code: 'NOT_OWNED', message, itemIndex: index, blocking: true }
  }
  if (!nft) {
    return itemProblem('NOT_OWNED', index, `${label} is not in this wallet: it will be skipped`)
  }
  if (intent.type === 'offer' && !mayOffer(nft, facts)) {
    const issuer = shortAddress(nft.issuer)
    const message = `${label} is not transferable: only its issuer ${issuer} can offer it. It will be skipped`
    return itemProblem('NOT_TRANSFERABLE', index, message)
  }
  const offered = intent.type === 'offer' ? facts.offeredNfts.get(intent.nftId) : undefined
  if (offered) {
    const to = offered.destination ? ` (to ${shortAddress(offered.destination)})` : ''
    // A listing names the way to a new price: 'List again' replaces the offer in the same job.
    const message = facts.listing
      ? `${label} is already on sale (a sell offer from you${to}): it will be skipped. Choose 'List again' to replace its offer`
      : `${label} already has a sell offer from you${to}: it will be skipped`
    return itemProblem('DUPLICATE', index, message)
  }
  if (duplicate) {
    const message = `${label} appears more than once in this job: only its first item will run`
    return itemProblem('DUPLICATE', index, message)
  }
  const job =
    intent.type === 'offer' || intent.type === 'burn'
      ? facts.offeredByJobs.get(intent.nftId)
      : undefined
  if (job) {
    const what = intent.type === 'burn' ? ': burning it would break that job. It' : ': it'
    const message = `${label} is still to be offered by another ${job.kind} of this wallet (job ${job.id.slice(0, 8)})${what} will be skipped`
    return itemProblem('DUPLICATE', index, message)
  }
  return null
}

/**
 * 'List again': the offers an NFT's new offer replaces must be the account's sell offers on that NFT
 * (cancelling anything else would take down what the user did not mean to). Blocking.
 */
function replacementProblem(
  intent: OfferIntent,
  index: number,
  facts: ItemFacts,
): PlanProblem | null {
  for (const offerId of intent.replaces ?? []) {
    const own = facts.ownOffers.get(offerId)
    // Gone since it was read (sold, cancelled): nothing to cancel, the new offer is the only one.
    if (!own && facts.lookups.get(offerId)?.kind !== 'offer') continue
    if (own?.sell && own.nftId === intent.nftId) continue
    const message = `Offer ${shortId(offerId)} is not your sell offer on NFT ${shortId(intent.nftId)}: listing it again cannot replace it. Read the offers again and retry`
    return { code: 'NOT_YOUR_OFFER', message, itemIndex: index, blocking: true }
  }
  return null
}

function destinationProblem(
  intent: OfferIntent,
  index: number,
  facts: ItemFacts,
): PlanProblem | null {
  const { destination } = intent
  if (!destination) return null
  const recipient = facts.accounts.get(destination)
  if (recipient === null) {
    const message = `${destination} does not exist on ${facts.networkName} (the offer would fail with tecNO_DST): it will be skipped`
    return itemProblem('NO_DESTINATION', index, message)
  }
  if (recipient?.refusesOffers) {
    const message = `${destination} does not accept incoming NFT offers: it will be skipped`
    return itemProblem('REFUSES_OFFERS', index, message)
  }
  if (recipient?.requiresDestTag) {
    const message = `${destination} requires a destination tag (often an exchange's deposit account): an NFT offer cannot carry one, so it would not be claimed and its reserve would stay locked. It will be skipped; ask the recipient for an address of their own wallet`
    return itemProblem('REQUIRES_DEST_TAG', index, message)
  }
  return null
}

/**
 * An offer whose expiration is not after the validated ledger's close time: rippled refuses it
 * (tecEXPIRED, the fee charged), so it is left out.
 */
function expirationProblem(
  intent: OfferIntent,
  index: number,
  facts: ItemFacts,
): PlanProblem | null {
  const { expiration } = intent
  if (expiration === undefined || facts.closeTime === null || expiration > facts.closeTime) {
    return null
  }
  const message = `The offer for NFT ${shortId(intent.nftId)} expires before the ledger's current time: it would fail (tecEXPIRED). It will be skipped`
  return itemProblem('EXPIRED', index, message)
}

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
function cancelProblems(offerIds: readonly string[], index: number, facts: ItemFacts) {
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

/** What stands in the way of accepting a bid (see bidVerdict). Each is blocking: the job is this sale. */
function acceptProblem(
  intent: Extract<Intent, { type: 'accept' }>,
  index: number,
  facts: ItemFacts,
): PlanProblem | null {
  const verdict = bidVerdict({
    offerId: intent.offerId,
    nftId: intent.nftId,
    confirmed: intent.terms,
    acceptToken: intent.acceptToken === true,
    bid: facts.bids.get(intent.offerId) ?? null,
    account: facts.account,
    closeTime: facts.closeTime,
    networkName: facts.networkName,
    hasSecond: facts.hasSecond,
    second: facts.secondBids.get(intent.offerId),
  })
  return verdict && { ...verdict, itemIndex: index, blocking: true }
}

/**
 * Every per-item problem of the plan, in plan order.
 *
 * @param planned - the plan.
 * @param facts - what the ledger says.
 */
export function itemProblems(planned: readonly PlannedIntent[], facts: ItemFacts): PlanProblem[] {
  const problems: PlanProblem[] = []
  const seen = new Set<string>()
  planned.forEach(({ intent }, index) => {
    if (intent.type === 'cancel') {
      problems.push(...cancelProblems(intent.offerIds, index, facts))
      return
    }
    if (intent.type === 'removeRegularKey') {
      const problem = keyRemovalProblem(intent.keyAddress, index, facts.keys)
      if (problem) problems.push(problem)
      return
    }
    const nft = nftProblem(intent, index, facts, seen)
    const offer = intent.type === 'offer'
    const destination = offer ? destinationProblem(intent, index, facts) : null
    const expiry = offer && !nft ? expirationProblem(intent, index, facts) : null
    const bid = intent.type === 'accept' ? acceptProblem(intent, index, facts) : null
    const replaced = offer ? replacementProblem(intent, index, facts) : null
    for (const problem of [nft, destination, expiry, bid, replaced]) {
      if (!problem) continue
      // Skipping an offer that replaces others would still cancel those: its NFT would be left
      // with no price at all. The user takes it out of the listing instead.
      const replacing = offer && (intent.replaces?.length ?? 0) > 0 && !problem.blocking
      problems.push(replacing ? unskippable(problem) : problem)
    }
  })
  return problems
}

/**
 * What stands in the way of removing the regular key: it is not (any more) the account's RegularKey,
 * or it is the account's only way to sign (master key disabled, no signer list: the ledger answers
 * tecNO_ALTERNATIVE_KEY). Blocking: the job is this one transaction.
 */
export function keyRemovalProblem(
  keyAddress: string,
  index: number,
  keys: AccountKeyFacts | null,
): PlanProblem | null {
  if (!keys) return null
  if (keys.regularKey !== keyAddress) {
    const now = keys.regularKey ? `its regular key is ${keys.regularKey}` : 'it has no regular key'
    const message = `This device's key ${keyAddress} is not the regular key of ${keys.account} (${now}): there is nothing of this app's to remove`
    return { code: 'NO_REGULAR_KEY', message, itemIndex: index, blocking: true }
  }
  if (keys.masterDisabled && !keys.hasSignerList) {
    const message = `The master key of ${keys.account} is disabled and it has no signer list: this regular key is its only way to sign, and the ledger refuses to remove it (tecNO_ALTERNATIVE_KEY). Enable the master key or set a signer list first`
    return { code: 'NO_ALTERNATIVE_KEY', message, itemIndex: index, blocking: true }
  }
  return null
}

/** A problem of an offer that replaces others, made blocking (see itemProblems). */
function unskippable(problem: PlanProblem): PlanProblem {
  const message = `${problem.message.replace(/[:.]? ?(it|It) will be skipped.*$/, '')}. Listing it again would cancel its current offer without a new one: take it out of the selection`
  return { ...problem, message, blocking: true }
}
