/**
 * The NFT selections (spec part 1 §4 Selection), one per tab that acts on NFTs: what is picked for an
 * airdrop is never what a burn or a listing acts on. Each is a set of NFTokenIDs, kept out of
 * valtio's deep proxy (`ref`) and replaced on every change, so a snapshot's set changes identity
 * exactly when the selection does. The Orders tab acts on offers: its selection is its own
 * (orders/ordersState.ts), and only its count is told here, for the footer.
 *
 * The actions and the hook act on the shown tab's selection unless given one: a card or the filter
 * panel is on screen only on its own tab.
 */
import { proxy, ref, useSnapshot } from 'valtio'

import { uiState, useUi } from './ui.ts'
import type { TabId } from './ui.ts'

/** The tabs that select NFTs. */
export type SelectionScope = 'airdrop' | 'list' | 'burn'

const SCOPES: readonly SelectionScope[] = ['airdrop', 'list', 'burn']

const NONE: ReadonlySet<string> = new Set()

type SelectionState = Record<SelectionScope, ReadonlySet<string>>

/** The selections. Mutate them only through the actions below. */
export const selectionState = proxy<SelectionState>({
  airdrop: ref(new Set<string>()),
  list: ref(new Set<string>()),
  burn: ref(new Set<string>()),
})

/** How many offers the Orders tab has selected (its footer's 'Selected'). */
const offerSelection = proxy({ count: 0 })

/** Tells the footer how many offers the Orders tab has selected. */
export function setOffersSelected(count: number): void {
  if (offerSelection.count !== count) offerSelection.count = count
}

/** The selection a tab acts on; null for a tab without one (Orders, Mint). */
export function scopeOf(tab: TabId): SelectionScope | null {
  return tab === 'orders' || tab === 'mint' ? null : tab
}

function change(scope: SelectionScope | null, edit: (next: Set<string>) => void): void {
  if (!scope) return
  const next = new Set(selectionState[scope])
  edit(next)
  selectionState[scope] = ref(next)
}

/** Selects or deselects one NFT (clicking a card). */
export function toggleSelected(nftId: string, scope = scopeOf(uiState.tab)): void {
  change(scope, (next) => {
    if (!next.delete(nftId)) next.add(nftId)
  })
}

/** Adds NFTs to a selection ('Select All Filtered', 'Select by Name List'). */
export function selectMany(nftIds: Iterable<string>, scope = scopeOf(uiState.tab)): void {
  change(scope, (next) => {
    for (const id of nftIds) next.add(id)
  })
}

/** Removes NFTs from a selection ('Deselect All Filtered', NFTs just listed). */
export function deselectMany(nftIds: Iterable<string>, scope = scopeOf(uiState.tab)): void {
  change(scope, (next) => {
    for (const id of nftIds) next.delete(id)
  })
}

/** Empties a selection ('Clear All', an airdrop just started). */
export function clearSelection(scope = scopeOf(uiState.tab)): void {
  if (scope && selectionState[scope].size > 0) selectionState[scope] = ref(new Set())
}

/** Removes NFTs that left the account (burned, sent, sold) from every selection. */
export function forgetSelected(nftIds: readonly string[]): void {
  if (nftIds.length === 0) return
  for (const scope of SCOPES) {
    if (nftIds.some((id) => selectionState[scope].has(id))) deselectMany(nftIds, scope)
  }
}

/** Empties every selection (the wallet changed). */
export function clearAllSelections(): void {
  for (const scope of SCOPES) clearSelection(scope)
}

/** The selected NFTokenIDs of a tab (the shown tab's by default), for rendering. */
/**
 * What the shown tab has selected, as the footer counts it: NFTs, or offers on the Orders tab.
 */
export function useShownSelection(): { count: number; of: 'NFTs' | 'offers' } {
  const { tab } = useUi()
  const selections = useSnapshot(selectionState)
  const offers = useSnapshot(offerSelection)
  const scope = scopeOf(tab)
  return scope
    ? { count: selections[scope].size, of: 'NFTs' }
    : { count: offers.count, of: 'offers' }
}

export function useSelectedIds(scope?: SelectionScope): ReadonlySet<string> {
  const { tab } = useUi()
  const selections = useSnapshot(selectionState)
  const which = scope ?? scopeOf(tab)
  return which ? selections[which] : NONE
}
