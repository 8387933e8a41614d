import { useMemo } from 'react'

import { filterNfts } from '../nfts/nftFilters.ts'
import { useCollection } from '../state/collection.ts'
import { useFilters } from '../state/filters.ts'
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
  const { filters } = useFilters()
  const { nfts, metadata, metadataVersion } = useCollection()
  return useMemo(() => {
    const shown = new Set(filterNfts(nfts, metadata, filters).map((nft) => nft.nftId))
    const toBurn = [...selected].filter((id) => shown.has(id))
    return { toBurn, hidden: selected.size - toBurn.length }
    // The metadata map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, filters, nfts, metadata, metadataVersion])
}
