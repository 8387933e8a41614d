/**
 * Pre-flight's verdicts on offers to make (airdrops and listings): NFTs the account may not offer,
 * recipients that do not exist, refuse incoming offers or require a destination tag, expirations
 * already past, and 'List again' replacing what is not the account's sell offer. Pure.
 */
import type { NftItem } from '../../../db/types/nfts.ts'
import { shortId } from '../../../shared/format.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { OfferTerms } from '../../../shared/intents.ts'
import type { PlanProblem } from '../../api.ts'
import { LSF_TRANSFERABLE } from '../../ledger/nftEntry.ts'
import type { PlannedIntent } from '../jobKind.ts'
import { itemProblem, nftLabel } from './itemFacts.ts'
import type { ItemFacts } from './itemFacts.ts'

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
    const offer = intentEffects(intent).offer
    const nft = offer ? nfts.get(offer.nftId) : undefined
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
    const effects = intentEffects(intent)
    const destination = (effects.offer ?? effects.mint?.offer)?.destination
    if (destination) destinations.add(destination)
  }
  return destinations
}

/**
 * rippled's rule: a non-transferable NFT may be offered only by its issuer or the issuer's
 * authorised minter.
 */
export function mayOffer(nft: NftItem, facts: ItemFacts): boolean {
  if ((nft.flags & LSF_TRANSFERABLE) !== 0 || nft.issuer === facts.account) return true
  return facts.accounts.get(nft.issuer)?.nftokenMinter === facts.account
}

/**
 * 'List again': the offers an NFT's new offer replaces must be the account's sell offers on that NFT
 * (cancelling anything else would take down what the user did not mean to). Blocking.
 */
export function replacementProblem(
  intent: OfferTerms,
  index: number,
  facts: ItemFacts,
): PlanProblem | null {
  for (const offerId of intent.replaces ?? []) {
    const own = facts.ownOffers.get(offerId)
    // Gone since it was read (sold, cancelled): nothing to cancel, the new offer is the only one.
    if (!own && facts.lookups.get(offerId)?.kind !== 'offer') continue
    if (own?.sell && own.nftId === intent.nftId) continue
    const message = `Offer ${shortId(offerId)} is not your sell offer on ${nftLabel(intent.nftId, facts)}: listing it again cannot replace it. Read the offers again and retry`
    return { code: 'NOT_YOUR_OFFER', message, itemIndex: index, blocking: true }
  }
  return null
}

/** A recipient that would make the offer fail or never be claimed. */
export function destinationProblem(
  intent: Pick<OfferTerms, 'destination'>,
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
export function expirationProblem(
  intent: Pick<OfferTerms, 'expiration'>,
  index: number,
  facts: ItemFacts,
  label: string,
): PlanProblem | null {
  const { expiration } = intent
  if (expiration === undefined || facts.closeTime === null || expiration > facts.closeTime) {
    return null
  }
  const message = `The offer for ${label} expires before the ledger's current time: it would fail (tecEXPIRED). It will be skipped`
  return itemProblem('EXPIRED', index, message)
}
