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
  // The pages as a linked list (merges and deletions in constant time), each with its tokens.
  interface Page {
    size: number
    ids: string[]
    prev: Page | null
    next: Page | null
  }
  const pageOf = new Map<string, Page>()
  let last: Page | null = null
  for (const ids of pages) {
    const page: Page = { size: ids.length, ids: [...ids], prev: last, next: null }
    if (last) last.next = page
    last = page
    for (const id of ids) pageOf.set(id, page)
  }
  let freed = 0
  const unlink = (page: Page) => {
    if (page.prev) page.prev.next = page.next
    if (page.next) page.next.prev = page.prev
    freed += 1
  }
  const moveTokens = (from: Page, into: Page) => {
    into.size += from.size
    // Burned ids stay in the arrays; only the tokens still held follow the move.
    for (const id of from.ids) if (pageOf.has(id)) pageOf.set(id, into)
    into.ids.push(...from.ids)
  }
  const merge = (from: Page, into: Page): boolean => {
    if (from.size + into.size > TOKENS_PER_PAGE) return false
    moveTokens(from, into)
    unlink(from)
    return true
  }
  for (const id of burned) {
    const page = pageOf.get(id)
    if (!page) continue
    pageOf.delete(id)
    page.size -= 1
    const { prev, next } = page
    if (page.size > 0) {
      if (prev) merge(prev, page)
      if (page.next) merge(page, page.next)
      continue
    }
    if (!next && prev) {
      // The last page stays: it takes its predecessor's tokens, and that page goes.
      page.size = 0
      moveTokens(prev, page)
      unlink(prev)
      continue
    }
    unlink(page)
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
