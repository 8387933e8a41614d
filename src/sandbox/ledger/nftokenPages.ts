/**
 * An owner's NFTokens as rippled keeps them (NFTokenUtils.cpp): NFTokenPages of at most 32 tokens, keyed
 * `owner AccountID ‖ low 96 bits`, sorted by (low 96 bits, full id), linked by PreviousPageMin /
 * NextPageMin, the last page always keyed `owner ‖ FF…FF`. A token lives in the first page whose key is
 * greater than `owner ‖ (id & pageMask)`. Each page counts 1 toward the owner's OwnerCount.
 *
 * Pages are found by walking the links back from the owner's last page (rippled uses `succ`, which the
 * sandbox's map state does not offer cheaply), never by scanning the whole state.
 */
import type { NFTokenEntry, NFTokenPage } from './entries.ts'
import { accountIdHex, keylet, nftPageMask } from './keylets.ts'
import { adjustOwnerCount } from './context.ts'
import type { Ter } from './ter.ts'
import type { ApplyView } from './view.ts'

/** rippled's dirMaxTokensPerPage. */
export const MAX_TOKENS_PER_PAGE = 32

/** What the read helpers need: an ApplyView, or anything with its `read`. */
export type PageReader = Pick<ApplyView, 'read'>

/** An NFToken as stored in a page: its id and optional URI (hex). */
export type NFToken = NFTokenEntry['NFToken']

const idOf = (t: NFTokenEntry): string => t.NFToken.NFTokenID

/**
 * rippled's compareTokens: by the low 96 bits first (what places tokens across pages), then by the
 * whole id so the order is fully deterministic. Ids are upper-case hex of equal length.
 */
export function compareTokenIds(a: string, b: string): number {
  const la = nftPageMask(a)
  const lb = nftPageMask(b)
  if (la !== lb) return la < lb ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

function sortTokens(tokens: NFTokenEntry[]): NFTokenEntry[] {
  return tokens.sort((x, y) => compareTokenIds(idOf(x), idOf(y)))
}

/** `owner ‖ (id & pageMask)`: the key a token's page must be strictly greater than. */
function pageFloor(owner: string, id: string): string {
  return accountIdHex(owner) + nftPageMask(id)
}

/** The page a token belongs in (whether or not it is there): the first page keyed above its floor. */
export function locatePage(
  view: PageReader,
  owner: string,
  id: string,
): Readonly<NFTokenPage> | undefined {
  const floor = pageFloor(owner, id.toUpperCase())
  let page = view.read<NFTokenPage>(keylet.nftPageMax(owner))
  while (page?.PreviousPageMin !== undefined && page.PreviousPageMin > floor) {
    page = view.read<NFTokenPage>(page.PreviousPageMin)
  }
  return page
}

/** The token with this id if `owner` holds it (rippled nft::findToken). */
export function findToken(view: PageReader, owner: string, id: string): NFToken | undefined {
  const wanted = id.toUpperCase()
  return locatePage(view, owner, wanted)?.NFTokens.find((t) => idOf(t) === wanted)?.NFToken
}

/** The owner's pages from first to last, following PreviousPageMin back from the last page. */
export function ownerPages(view: PageReader, owner: string): Readonly<NFTokenPage>[] {
  const pages: Readonly<NFTokenPage>[] = []
  let page = view.read<NFTokenPage>(keylet.nftPageMax(owner))
  while (page) {
    pages.push(page)
    page = page.PreviousPageMin ? view.read<NFTokenPage>(page.PreviousPageMin) : undefined
  }
  return pages.reverse()
}

/** Every token of an owner in page order: the order of account_nfts. */
export function ownerTokens(view: PageReader, owner: string): NFToken[] {
  return ownerPages(view, owner).flatMap((p) => p.NFTokens.map((t) => t.NFToken))
}

/** The low 96 bits of an id plus one (uint256::next() as nftpage() sees it), as a page key suffix. */
function nextLow96(id: string): string {
  const next = (BigInt('0x' + nftPageMask(id)) + 1n) & ((1n << 96n) - 1n)
  return next.toString(16).toUpperCase().padStart(24, '0')
}

/**
 * Where a full page splits: the first index from the middle whose low 96 bits differ from the middle
 * token's (equivalent tokens must share a page). Undefined when the page holds only tokens equivalent
 * to `id`: then no page can take it (tecNO_SUITABLE_NFTOKEN_PAGE).
 */
function splitIndex(tokens: readonly NFTokenEntry[], id: string): number | undefined {
  const half = MAX_TOKENS_PER_PAGE / 2
  const cmp = nftPageMask(idOf(tokens[half - 1]!))
  let at = tokens.findIndex((t, i) => i >= half && nftPageMask(idOf(t)) !== cmp)
  if (at < 0) at = tokens.findIndex((t) => nftPageMask(idOf(t)) === cmp)
  if (at !== 0) return at
  // The whole page is one equivalence class: the new token gets a page of its own, below or above.
  const low = nftPageMask(id)
  if (low === cmp) return undefined
  return low > cmp ? tokens.length : 0
}

/**
 * Splits a full page `cp` in two (rippled getPageForToken): the lower part moves to a new page linked
 * in before `cp`; OwnerCount +1. Returns the page the token `id` goes into.
 */
function splitPage(
  view: ApplyView,
  owner: string,
  cp: NFTokenPage,
  id: string,
): NFTokenPage | undefined {
  const at = splitIndex(cp.NFTokens, id)
  if (at === undefined) return undefined
  const low = cp.NFTokens.slice(0, at)
  const high = cp.NFTokens.slice(at)
  // The new page's key is one above its last token, or the first token left on the old page.
  const suffix =
    low.length === MAX_TOKENS_PER_PAGE
      ? nextLow96(idOf(low[low.length - 1]!))
      : nftPageMask(idOf(high[0]!))
  const np: NFTokenPage = {
    Flags: 0,
    LedgerEntryType: 'NFTokenPage',
    NFTokens: low,
    NextPageMin: cp.index,
    index: accountIdHex(owner) + suffix,
  }
  if (cp.PreviousPageMin !== undefined) {
    np.PreviousPageMin = cp.PreviousPageMin
    const p3 = view.peek<NFTokenPage>(cp.PreviousPageMin)
    if (p3) p3.NextPageMin = np.index
  }
  view.insert(np)
  cp.NFTokens = high
  cp.PreviousPageMin = np.index
  adjustOwnerCount(view, owner, 1)
  return pageFloor(owner, id) < np.index ? np : cp
}

/** The page to insert `id` into, creating the last page or splitting a full one as rippled does. */
function pageForToken(view: ApplyView, owner: string, id: string): NFTokenPage | undefined {
  const found = locatePage(view, owner, id)
  if (!found) {
    const page: NFTokenPage = {
      Flags: 0,
      LedgerEntryType: 'NFTokenPage',
      NFTokens: [],
      index: keylet.nftPageMax(owner),
    }
    view.insert(page)
    adjustOwnerCount(view, owner, 1)
    return page
  }
  const cp = view.peek<NFTokenPage>(found.index)!
  if (cp.NFTokens.length < MAX_TOKENS_PER_PAGE) return cp
  return splitPage(view, owner, cp, id)
}

/**
 * Adds a token to an owner's pages (rippled nft::insertToken). A new page (first page or split) raises
 * the owner's OwnerCount by one; the caller checks the reserve. tecNO_SUITABLE_NFTOKEN_PAGE when 32
 * equivalent tokens already fill the page it belongs to.
 */
export function insertToken(view: ApplyView, owner: string, token: NFToken): Ter {
  const entry: NFTokenEntry = { NFToken: { ...token, NFTokenID: token.NFTokenID.toUpperCase() } }
  const page = pageForToken(view, owner, entry.NFToken.NFTokenID)
  if (!page) return 'tecNO_SUITABLE_NFTOKEN_PAGE'
  page.NFTokens = sortTokens([...page.NFTokens, entry])
  return 'tesSUCCESS'
}

/**
 * Moves p1's tokens into the next page p2 and deletes p1, if together they fit one page (rippled
 * mergePages). The caller lowers OwnerCount when this returns true.
 */
function mergePages(view: ApplyView, p1: NFTokenPage, p2: NFTokenPage): boolean {
  if (p1.NFTokens.length + p2.NFTokens.length > MAX_TOKENS_PER_PAGE) return false
  p2.NFTokens = sortTokens([...p1.NFTokens, ...p2.NFTokens])
  delete p2.PreviousPageMin
  if (p1.PreviousPageMin !== undefined) {
    view.peek<NFTokenPage>(p1.PreviousPageMin)!.NextPageMin = p2.index
    p2.PreviousPageMin = p1.PreviousPageMin
  }
  view.erase(p1.index)
  return true
}

function peekLinked(view: ApplyView, key: string | undefined): NFTokenPage | undefined {
  if (key === undefined) return undefined
  const page = view.peek<NFTokenPage>(key)
  if (!page) throw new Error(`sandbox: NFTokenPage link to missing page ${key}`)
  return page
}

/** Unlinks and deletes a page that became empty (fixNFTokenPageLinks keeps the last page's key). */
function dropEmptyPage(
  view: ApplyView,
  owner: string,
  curr: NFTokenPage,
  prev: NFTokenPage | undefined,
  next: NFTokenPage | undefined,
): void {
  if (prev && curr.index === keylet.nftPageMax(owner)) {
    // The last page must survive: it takes over the previous page's tokens and links instead.
    curr.NFTokens = prev.NFTokens
    if (prev.PreviousPageMin !== undefined) {
      curr.PreviousPageMin = prev.PreviousPageMin
      view.peek<NFTokenPage>(prev.PreviousPageMin)!.NextPageMin = curr.index
    } else {
      delete curr.PreviousPageMin
    }
    adjustOwnerCount(view, owner, -1)
    view.erase(prev.index)
    return
  }
  if (prev) {
    if (next) prev.NextPageMin = next.index
    else delete prev.NextPageMin
  }
  if (next) {
    if (prev) next.PreviousPageMin = prev.index
    else delete next.PreviousPageMin
  }
  adjustOwnerCount(view, owner, -1)
  view.erase(curr.index)
  if (prev && next && mergePages(view, prev, next)) adjustOwnerCount(view, owner, -1)
}

/**
 * Sets or (with undefined) removes the URI of a token the owner holds (rippled nft::changeTokenURI);
 * false when the owner does not hold it. The token keeps its place in its page.
 */
export function changeTokenUri(
  view: ApplyView,
  owner: string,
  id: string,
  uri: string | undefined,
): boolean {
  const wanted = id.toUpperCase()
  const located = locatePage(view, owner, wanted)
  if (!located?.NFTokens.some((t) => idOf(t) === wanted)) return false
  const page = view.peek<NFTokenPage>(located.index)!
  page.NFTokens = page.NFTokens.map((t) => {
    if (idOf(t) !== wanted) return t
    const { URI: _old, ...token } = t.NFToken
    return { NFToken: uri === undefined ? token : { ...token, URI: uri } }
  })
  return true
}

/**
 * Removes a token from an owner's pages (rippled nft::removeToken) and returns it, or undefined when
 * the owner does not hold it (tecNO_ENTRY). An emptied page is deleted and a page is merged with a
 * neighbour when together they fit in one; OwnerCount −1 per page that goes away.
 */
export function removeToken(view: ApplyView, owner: string, id: string): NFToken | undefined {
  const wanted = id.toUpperCase()
  const located = locatePage(view, owner, wanted)
  const removed = located?.NFTokens.find((t) => idOf(t) === wanted)
  if (!located || !removed) return undefined
  const curr = view.peek<NFTokenPage>(located.index)!
  curr.NFTokens = curr.NFTokens.filter((t) => idOf(t) !== wanted)
  const prev = peekLinked(view, curr.PreviousPageMin)
  const next = peekLinked(view, curr.NextPageMin)
  if (curr.NFTokens.length === 0) {
    dropEmptyPage(view, owner, curr, prev, next)
  } else {
    // Consolidate with both neighbours; this may fold three pages into one.
    if (prev && mergePages(view, prev, curr)) adjustOwnerCount(view, owner, -1)
    if (next && mergePages(view, curr, next)) adjustOwnerCount(view, owner, -1)
  }
  return structuredClone(removed.NFToken)
}
