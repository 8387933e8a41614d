/**
 * Classifies an account's NFT offers (the Orders tab's flags): expired, unfillable, duplicate. Pure:
 * the ledger facts come in, the flags go out.
 */
import type { OfferFlags } from '../api.ts'
import type { OfferEntry } from '../ledger/ownOffers.ts'

/** What the classification is judged by, all read from one validated ledger. */
export interface OfferFacts {
  /** Close time of that ledger, Ripple-epoch seconds. */
  closeTime: number
  /** The NFTs the account holds in that ledger. */
  heldNftIds: ReadonlySet<string>
  /**
   * Where the transactions that created offers stand in their ledger (TransactionIndex), by hash:
   * needed only to order sell offers on one NFT created in the same ledger ({@link tiedOffers}).
   * The ledger's own order, not the Sequence: rippled applies an account's ticketed transactions
   * after its sequenced ones, so a ticket number says nothing about which came last.
   */
  positions: ReadonlyMap<string, number>
}

/**
 * rippled's rule: an offer with an Expiration at or before the parent ledger's close time can no longer
 * be accepted, and anyone may cancel it.
 */
export function isExpired(entry: OfferEntry, closeTime: number): boolean {
  return entry.expiration !== null && entry.expiration <= closeTime
}

/** The sell offers by the NFT they offer, for NFTs with more than one. */
function sellGroups(entries: Iterable<OfferEntry>): OfferEntry[][] {
  const byNft = new Map<string, OfferEntry[]>()
  for (const entry of entries) {
    if (!entry.sell) continue
    const group = byNft.get(entry.nftId)
    if (group) group.push(entry)
    else byNft.set(entry.nftId, [entry])
  }
  return [...byNft.values()].filter((group) => group.length > 1)
}

/**
 * The offers whose creating transaction's place in its ledger decides which one of an NFT's sell offers is kept:
 * those created in the same ledger as another sell offer on the same NFT.
 */
export function tiedOffers(entries: Iterable<OfferEntry>): OfferEntry[] {
  const tied: OfferEntry[] = []
  for (const group of sellGroups(entries)) {
    const perLedger = new Map<number, number>()
    for (const e of group) perLedger.set(e.createdLedger, (perLedger.get(e.createdLedger) ?? 0) + 1)
    tied.push(...group.filter((e) => (perLedger.get(e.createdLedger) ?? 0) > 1))
  }
  return tied
}

/**
 * Newest first: by creation ledger, then by the creating transaction's place in that ledger (unknown
 * places last), then by offer id so that the order never depends on the reading order.
 */
export function newestFirst(
  positions: ReadonlyMap<string, number>,
): (a: OfferEntry, b: OfferEntry) => number {
  return (a, b) =>
    b.createdLedger - a.createdLedger ||
    (positions.get(b.createdTx) ?? -1) - (positions.get(a.createdTx) ?? -1) ||
    (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0)
}

/**
 * The offers of each NFT with several sell offers that are not kept. The kept one is the newest that
 * has not expired (an expired offer can never be accepted, so keeping it would leave the NFT with no
 * live price), or the newest of all when every one has expired.
 */
function duplicateIds(entries: Iterable<OfferEntry>, facts: OfferFacts): Set<string> {
  const order = newestFirst(facts.positions)
  const duplicates = new Set<string>()
  for (const group of sellGroups(entries)) {
    const sorted = [...group].sort(order)
    const kept = sorted.find((e) => !isExpired(e, facts.closeTime)) ?? sorted[0]
    for (const e of sorted) if (e !== kept) duplicates.add(e.offerId)
  }
  return duplicates
}

/**
 * The flags of every offer, by offer id. Unfillable applies to sell offers only: a buy offer's ledger
 * entry does not say whom the NFT belonged to when the bid was made.
 *
 * @param entries - the account's own offers.
 * @param facts - the ledger they were read from.
 */
export function classifyOffers(
  entries: readonly OfferEntry[],
  facts: OfferFacts,
): Map<string, OfferFlags> {
  const duplicates = duplicateIds(entries, facts)
  const flags = new Map<string, OfferFlags>()
  for (const entry of entries) {
    flags.set(entry.offerId, {
      expired: isExpired(entry, facts.closeTime),
      unfillable: entry.sell && !facts.heldNftIds.has(entry.nftId),
      duplicate: duplicates.has(entry.offerId),
    })
  }
  return flags
}
