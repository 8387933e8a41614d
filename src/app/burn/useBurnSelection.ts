import { useMemo } from 'react'

import { filterNfts } from '../nfts/nftFilters.ts'
import { useBurn } from './burnState.ts'
import { useCollection } from '../state/collection.ts'
import { useFilters } from '../state/filters.ts'
import { useSelectedIds } from '../state/selection.ts'
import { passesBurnFilter } from './burnFilter.ts'

/** What 'Burn Selected' burns: the selected NFTs the grid shows. */
export interface BurnSelection {
  /** Selected NFTs that pass the tab's filter and the collection's, in selection order. */
  toBurn: string[]
  /** Selected NFTs the filters hide (picked on another tab, or before a filter changed): kept. */
  hidden: number
}

/**
 * The selection as the Burn tab burns it: only what the grid shows. The selection is shared by the
 * tabs and the collection panel's own buttons ignore the tab's filter, so an NFT out of sight is
 * never burned.
 */
export function useBurnSelection(): BurnSelection {
  const selected = useSelectedIds()
  const { mode, value } = useBurn()
  const { filters } = useFilters()
  const { nfts, metadata, metadataVersion } = useCollection()
  return useMemo(() => {
    const shown = new Set(
      filterNfts(nfts, metadata, filters)
        .filter((nft) => passesBurnFilter(nft, mode, value))
        .map((nft) => nft.nftId),
    )
    const toBurn = [...selected].filter((id) => shown.has(id))
    return { toBurn, hidden: selected.size - toBurn.length }
    // The metadata map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, mode, value, filters, nfts, metadata, metadataVersion])
}
