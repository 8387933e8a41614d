/**
 * Owner directories and NFToken offer directories, paged as rippled pages them: at most 32 entries a
 * page, page 0 is the root, the others are keyed by (root, page number) and linked both ways
 * (IndexNext / IndexPrevious; the root's IndexPrevious names the last page). An entry records the
 * page it went into (OwnerNode, NFTokenOfferNode), so removing it touches one page. Pages keep
 * insertion order.
 *
 * Paging also bounds the sandbox's work: with one page, every offer an account made copied and
 * compared all its directory's entries (10,000 offers: milliseconds a transaction).
 */
import type { DirectoryNode } from './entries.ts'
import { keylet } from './keylets.ts'
import type { ApplyView } from './view.ts'

/** rippled's dirNodeMaxEntries. */
export const DIR_PAGE_SIZE = 32

/** A page number as the ledger stores it (UInt64 in hex, as rippled's JSON prints it). */
function pageField(page: bigint): string {
  return page.toString(16).toUpperCase()
}

function pageNumber(field: string | undefined): bigint {
  return field === undefined ? 0n : BigInt(`0x${field}`)
}

/** Sets or clears (0) a page link. */
function link(node: DirectoryNode, field: 'IndexNext' | 'IndexPrevious', page: bigint): void {
  if (page === 0n) delete node[field]
  else node[field] = pageField(page)
}

/** Appends `item` to the directory's last page (a new page when it is full); returns the page. */
function dirInsert(
  view: ApplyView,
  root: string,
  item: string,
  fields: Partial<DirectoryNode>,
): string {
  const rootRead = view.read<DirectoryNode>(root)
  if (!rootRead) {
    view.insert({
      Flags: 0,
      ...fields,
      Indexes: [item],
      LedgerEntryType: 'DirectoryNode',
      RootIndex: root,
      index: root,
    })
    return pageField(0n)
  }
  // Only the pages that change are copied (a copy is a change the metadata compares).
  const last = pageNumber(rootRead.IndexPrevious)
  const lastKey = keylet.dirPage(root, last)
  if (view.read<DirectoryNode>(lastKey)!.Indexes.length < DIR_PAGE_SIZE) {
    view.peek<DirectoryNode>(lastKey)!.Indexes.push(item)
    return pageField(last)
  }
  const lastNode = view.peek<DirectoryNode>(lastKey)!
  const rootNode = view.peek<DirectoryNode>(root)!
  const page = last + 1n
  const node: DirectoryNode = {
    Flags: 0,
    ...fields,
    Indexes: [item],
    LedgerEntryType: 'DirectoryNode',
    RootIndex: root,
    index: keylet.dirPage(root, page),
  }
  link(node, 'IndexPrevious', last)
  view.insert(node)
  link(lastNode, 'IndexNext', page)
  link(rootNode, 'IndexPrevious', page)
  return pageField(page)
}

/**
 * Takes `item` out of page `pageHex`. An emptied page other than the root is unlinked and deleted; the
 * root goes away once it is empty and the directory has no other page (rippled's dirRemove without
 * keepRoot). An empty root with pages after it stays.
 */
function dirRemove(view: ApplyView, root: string, pageHex: string, item: string): void {
  const page = pageNumber(pageHex)
  let node = view.peek<DirectoryNode>(keylet.dirPage(root, page))
  // Ledgers saved before paging kept every entry on the root, whatever page the entry names.
  if (!node?.Indexes.includes(item)) node = findPage(view, root, item)
  if (!node) return
  const at = node.Indexes.indexOf(item)
  if (at < 0) return
  node.Indexes.splice(at, 1)
  if (node.Indexes.length > 0) return
  if (node.index !== root) {
    const prev = pageNumber(node.IndexPrevious)
    const next = pageNumber(node.IndexNext)
    const prevNode = view.peek<DirectoryNode>(keylet.dirPage(root, prev))!
    const nextNode = view.peek<DirectoryNode>(keylet.dirPage(root, next))!
    link(prevNode, 'IndexNext', next)
    link(nextNode, 'IndexPrevious', prev)
    view.erase(node.index)
  }
  const rootNode = view.peek<DirectoryNode>(root)
  if (rootNode && rootNode.Indexes.length === 0 && pageNumber(rootNode.IndexNext) === 0n) {
    view.erase(root)
  }
}

/** The page holding `item`, walking from the root (only for entries whose page hint is wrong). */
function findPage(view: ApplyView, root: string, item: string): DirectoryNode | undefined {
  for (const page of pagesOf(view, root)) {
    if (page.Indexes.includes(item)) return view.peek<DirectoryNode>(page.index)
  }
  return undefined
}

/** The directory's pages, root first, following IndexNext. */
function* pagesOf(view: Pick<ApplyView, 'read'>, root: string): Generator<Readonly<DirectoryNode>> {
  let node = view.read<DirectoryNode>(root)
  while (node) {
    yield node
    const next = pageNumber(node.IndexNext)
    if (next === 0n) return
    node = view.read<DirectoryNode>(keylet.dirPage(root, next))
  }
}

export function ownerDirInsert(view: ApplyView, owner: string, item: string): string {
  return dirInsert(view, keylet.ownerDir(owner), item, { Owner: owner })
}

/** @param page - the entry's OwnerNode. */
export function ownerDirRemove(view: ApplyView, owner: string, page: string, item: string): void {
  dirRemove(view, keylet.ownerDir(owner), page, item)
}

/** Adds an offer to the token's buy or sell offer directory. */
export function offerDirInsert(
  view: ApplyView,
  nftId: string,
  offer: string,
  sell: boolean,
): string {
  const root = sell ? keylet.nftSells(nftId) : keylet.nftBuys(nftId)
  return dirInsert(view, root, offer, { NFTokenID: nftId, Flags: sell ? 2 : 1 })
}

/** @param page - the offer's NFTokenOfferNode. */
export function offerDirRemove(
  view: ApplyView,
  nftId: string,
  page: string,
  offer: string,
  sell: boolean,
): void {
  dirRemove(view, sell ? keylet.nftSells(nftId) : keylet.nftBuys(nftId), page, offer)
}

/** The entries of a directory, page by page in insertion order (empty when it does not exist). */
export function dirEntries(view: Pick<ApplyView, 'read'>, root: string): string[] {
  const out: string[] = []
  for (const page of pagesOf(view, root)) out.push(...page.Indexes)
  return out
}
