/** Read-only walk over an owner's NFTokenPages in key order, following the PreviousPageMin links. */
import type { NFTokenEntry, NFTokenPage } from '../ledger/entries.ts'
import { keylet } from '../ledger/keylets.ts'
import type { StateMap } from '../ledger/view.ts'

export function ownerPages(state: StateMap, owner: string): Readonly<NFTokenPage>[] {
  const pages: Readonly<NFTokenPage>[] = []
  let page = state.get(keylet.nftPageMax(owner)) as Readonly<NFTokenPage> | undefined
  while (page) {
    pages.push(page)
    page = page.PreviousPageMin
      ? (state.get(page.PreviousPageMin) as Readonly<NFTokenPage> | undefined)
      : undefined
  }
  return pages.reverse()
}

export function ownerTokens(state: StateMap, owner: string): NFTokenEntry['NFToken'][] {
  return ownerPages(state, owner).flatMap((p) => p.NFTokens.map((t) => t.NFToken))
}
