/**
 * What burning NFTs does to the account, worked out before anything is signed: the NFT pages that go
 * away (each frees one owner reserve) and the offers the ledger deletes with each NFT. Pages follow
 * rippled's removal: a page left empty is deleted (the last page survives by taking over its
 * predecessor's tokens), and a page is merged with a neighbour when both fit in one (32 NFTs). Pure.
 */

/** The most NFTs one NFTokenPage holds. */
export const TOKENS_PER_PAGE = 32
/** The most offers the ledger deletes with a burned NFT (sell offers first); the rest stay orphaned. */
export const OFFERS_DELETED_PER_BURN = 500

/**
 * How many of the account's NFT pages go away when `burned` are burned in that order.
 *
 * @param pages - the NFT ids of each of the account's pages, in page order (the last is the account's
 *   last page).
 * @param burned - the NFTs to burn, in plan order; ids on no page are ignored.
 */
export function pagesFreed(
  pages: readonly (readonly string[])[],
  burned: readonly string[],
): number {
  // Each page as a count and a membership; merged pages share one record.
  const live = pages.map((ids) => ({ size: ids.length }))
  const pageOf = new Map<string, (typeof live)[number]>()
  pages.forEach((ids, i) => ids.forEach((id) => pageOf.set(id, live[i]!)))
  let freed = 0
  const merge = (from: (typeof live)[number], into: (typeof live)[number]): boolean => {
    if (from.size + into.size > TOKENS_PER_PAGE) return false
    into.size += from.size
    for (const [id, page] of pageOf) if (page === from) pageOf.set(id, into)
    live.splice(live.indexOf(from), 1)
    freed += 1
    return true
  }
  for (const id of burned) {
    const page = pageOf.get(id)
    if (!page) continue
    pageOf.delete(id)
    page.size -= 1
    const at = live.indexOf(page)
    const prev = live[at - 1]
    const next = live[at + 1]
    if (page.size > 0) {
      if (prev) merge(prev, page)
      if (next) merge(page, next)
      continue
    }
    if (!next && prev) {
      // The last page stays: it takes its predecessor's tokens, and that page goes.
      page.size = prev.size
      for (const [token, owner] of pageOf) if (owner === prev) pageOf.set(token, page)
      live.splice(at - 1, 1)
      freed += 1
      continue
    }
    live.splice(at, 1)
    freed += 1
    if (prev && next) merge(prev, next)
  }
  return freed
}

/** The offers of one NFT that its burn deletes. */
export interface OffersOfNft {
  /** Sell offers of the burning account (each frees one of its owner reserves). */
  ownSell: number
  /** Other offers on the NFT: others' bids, mostly (their owners get their reserve back). */
  others: number
}

/**
 * The offers a burn deletes: all of them up to 500, sell offers (the account's) first.
 *
 * @returns the account's own offers deleted and the others'.
 */
export function offersDeleted(offers: OffersOfNft): OffersOfNft {
  const ownSell = Math.min(offers.ownSell, OFFERS_DELETED_PER_BURN)
  return { ownSell, others: Math.min(offers.others, OFFERS_DELETED_PER_BURN - ownSell) }
}
