/**
 * Owner directories and NFToken offer directories. The sandbox keeps each directory on one page (rippled
 * pages at 32 entries); Indexes never appear in metadata, so the difference is not visible to clients
 * beyond OwnerNode always being "0".
 */
import type { DirectoryNode } from './entries.ts'
import { keylet } from './keylets.ts'
import type { ApplyView } from './view.ts'

function dirInsert(
  view: ApplyView,
  root: string,
  item: string,
  fields: Partial<DirectoryNode>,
): string {
  const dir = view.peek<DirectoryNode>(root)
  if (dir) {
    dir.Indexes = [...dir.Indexes, item]
  } else {
    view.insert({
      Flags: 0,
      ...fields,
      Indexes: [item],
      LedgerEntryType: 'DirectoryNode',
      RootIndex: root,
      index: root,
    })
  }
  return '0'
}

function dirRemove(view: ApplyView, root: string, item: string): void {
  const dir = view.peek<DirectoryNode>(root)
  if (!dir) return
  dir.Indexes = dir.Indexes.filter((i) => i !== item)
  // A directory goes away with its last entry (rippled's dirRemove without keepRoot).
  if (dir.Indexes.length === 0) view.erase(root)
}

export function ownerDirInsert(view: ApplyView, owner: string, item: string): string {
  return dirInsert(view, keylet.ownerDir(owner), item, { Owner: owner })
}

export function ownerDirRemove(view: ApplyView, owner: string, item: string): void {
  dirRemove(view, keylet.ownerDir(owner), item)
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

export function offerDirRemove(view: ApplyView, nftId: string, offer: string, sell: boolean): void {
  dirRemove(view, sell ? keylet.nftSells(nftId) : keylet.nftBuys(nftId), offer)
}

/** The entries of a directory in insertion order (empty when it does not exist). */
export function dirEntries(view: Pick<ApplyView, 'read'>, root: string): readonly string[] {
  return view.read<DirectoryNode>(root)?.Indexes ?? []
}
