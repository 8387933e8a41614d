/**
 * What pre-flight's per-item verdicts are drawn from: the facts read from the validated ledger for
 * one plan, and the shape of a problem that skips its item.
 */
import type { NftItem } from '../../../db/types/nfts.ts'
import { shortId } from '../../../shared/format.ts'
import type { PlanProblem } from '../../api.ts'
import type { AccountFacts } from '../../ledger/ledgerRequests.ts'
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
   * Plans that make offers (else empty): the account's sell offers by the NFT they offer, but those the
   * plan cancels. An NFT among them was already offered (by an earlier run of the same airdrop, or it
   * is on sale): a second offer would name a second recipient or a second price, and lock a second
   * owner reserve.
   */
  offeredNfts: ReadonlyMap<string, OfferEntry>
  /** NFTs the account's other unfinished airdrops and listings will still offer, with the job. */
  offeredByJobs: ReadonlyMap<string, { kind: string; id: string }>
  /** Offers to cancel that are not the account's own, as the ledger has them. */
  lookups: ReadonlyMap<string, OfferLookup>
  /**
   * The validated ledger's close time (Ripple-epoch seconds), when an expiry matters (a foreign offer
   * to cancel, an offer to make with an expiration); else null.
   */
  closeTime: number | null
  /**
   * The NFTs' names as their cards show them (from the metadata cache), by id: problems name an NFT
   * the way the user picked it. NFTs whose metadata this device never read are absent.
   */
  names: ReadonlyMap<string, string>
}

/** An NFT as problems name it: its card's name in quotes, or its shortened id when none is known. */
export function nftLabel(nftId: string, facts: Pick<ItemFacts, 'names'>): string {
  const name = facts.names.get(nftId)
  return name ? `"${name}"` : `NFT ${shortId(nftId)}`
}

/**
 * The future-tense consequences plan problems end with, as pre-flight words them before the start
 * (itemProblems, offerProblems, takenItems): ': it will be skipped', '. It will be skipped, so that it
 * is not offered twice', ': only its first item will run'.
 */
const CONSEQUENCE =
  /(?:[:.] ?)?(?:it|It) will be skipped(?:, so that it is not offered twice)?|: only its first item will run/

/**
 * A problem's reason without its consequence: what a skipped item's result says once the job ran
 * (beside its 'skipped' badge), and what a blocking problem adds its own consequence to.
 *
 * @example
 * ```ts
 * problemReason('rAbc… does not accept incoming NFT offers: it will be skipped')
 * // 'rAbc… does not accept incoming NFT offers'
 * ```
 */
export function problemReason(message: string): string {
  return message.replace(CONSEQUENCE, '').trim()
}

/** A problem's cause alone: its message up to the consequence, without the hint after it. */
export function problemCause(message: string): string {
  return (message.split(CONSEQUENCE)[0] ?? message).trim()
}

/** A problem that skips its item (not blocking). */
export function itemProblem(
  code: PlanProblem['code'],
  itemIndex: number,
  message: string,
): PlanProblem {
  return { code, message, itemIndex, blocking: false }
}
