import { useMemo } from 'react'

import { useCollection } from './collectionState.ts'
import { useFilters } from './filtersState.ts'
import { filterNfts } from './nftFilters.ts'

/**
 * The NFTokenIDs the collection's filters show. Computed when the list, its metadata or the filters
 * change — not on every pick — so a tab that splits its selection into shown and hidden counts only
 * its selection per click.
 */
export function useShownIds(): ReadonlySet<string> {
  const { nfts, metadata, metadataVersion } = useCollection()
  const { filters } = useFilters()
  return useMemo(
    () => new Set(filterNfts(nfts, metadata, filters).map((nft) => nft.nftId)),
    // The metadata map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nfts, metadata, metadataVersion, filters],
  )
}
