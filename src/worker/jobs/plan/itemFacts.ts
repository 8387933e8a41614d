/**
 * What pre-flight's per-item verdicts are drawn from: the facts read from the validated ledger for
 * one plan, and the shape of a problem that skips its item.
 */
import type { BidTerms } from '../../../db/types/offers.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import type { PlanProblem } from '../../api.ts'
import type { AccountKeyFacts } from '../../ledger/accountKeys.ts'
import type { SecondWord } from '../../ledger/bidTerms.ts'
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

/** A problem that skips its item (not blocking). */
export function itemProblem(
  code: PlanProblem['code'],
  itemIndex: number,
  message: string,
): PlanProblem {
  return { code, message, itemIndex, blocking: false }
}
