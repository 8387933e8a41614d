/**
 * The NFT selection every tab shares (spec part 1 §4 Selection): a set of NFTokenIDs. The set is kept
 * out of valtio's deep proxy (`ref`) and replaced on every change, so a snapshot's `ids` changes
 * identity exactly when the selection does.
 */
import { proxy, ref, useSnapshot } from 'valtio'

interface SelectionState {
  ids: ReadonlySet<string>
}

/** The selection. Mutate it only through the actions below. */
export const selectionState = proxy<SelectionState>({ ids: ref(new Set<string>()) })

function replace(next: Set<string>): void {
  selectionState.ids = ref(next)
}

/** Selects or deselects one NFT (clicking a card). */
export function toggleSelected(nftId: string): void {
  const next = new Set(selectionState.ids)
  if (next.has(nftId)) next.delete(nftId)
  else next.add(nftId)
  replace(next)
}

/** Adds NFTs to the selection ('Select All Filtered', 'Select by Name List'). */
export function selectMany(nftIds: Iterable<string>): void {
  const next = new Set(selectionState.ids)
  for (const id of nftIds) next.add(id)
  replace(next)
}

/** Removes NFTs from the selection ('Deselect All Filtered'). */
export function deselectMany(nftIds: Iterable<string>): void {
  const next = new Set(selectionState.ids)
  for (const id of nftIds) next.delete(id)
  replace(next)
}

/** Empties the selection (wallet switched, NFTs burned or sent). */
export function clearSelection(): void {
  if (selectionState.ids.size > 0) replace(new Set())
}

/** The selected NFTokenIDs, for rendering. */
export function useSelectedIds(): ReadonlySet<string> {
  return useSnapshot(selectionState).ids
}
