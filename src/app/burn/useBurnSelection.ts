import { useMemo } from 'react'

import { useShownIds } from '../collection/useShownIds.ts'
import { useSelectedIds } from '../state/selection.ts'

/** What 'Burn Selected' burns: the selected NFTs the grid shows. */
export interface BurnSelection {
  /** The Burn tab's selected NFTs that the collection's filters pass, in selection order. */
  toBurn: string[]
  /** Selected NFTs the filters hide (picked before a filter changed): kept, never burned. */
  hidden: number
}

/**
 * The Burn tab's selection as it burns it: only what the grid shows, so an NFT out of sight is never
 * burned.
 */
export function useBurnSelection(): BurnSelection {
  const selected = useSelectedIds('burn')
  const shown = useShownIds()
  return useMemo(() => {
    const toBurn = [...selected].filter((id) => shown.has(id))
    return { toBurn, hidden: selected.size - toBurn.length }
  }, [selected, shown])
}
