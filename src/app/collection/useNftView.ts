import { useDeferredValue, useMemo } from 'react'

import type { NftItem } from '../../db/types/nfts.ts'
import { useCollection } from './collectionState.ts'
import { useFilters } from './filtersState.ts'
import { timedPass } from '../state/viewPace.ts'
import { filterNfts } from './nftFilters.ts'
import type { MetadataMap } from './nftFilters.ts'
import { groupNfts, sortNfts } from './sortGroup.ts'
import type { NftGroup } from './sortGroup.ts'

/** The collection as the grid shows it. */
export interface NftView {
  nfts: readonly NftItem[]
  metadata: MetadataMap
  metadataVersion: number
  /** The NFTs passing the filters (list order). */
  filtered: NftItem[]
  /** The filtered NFTs, sorted and grouped. */
  groups: NftGroup[]
}

/**
 * Filters, sorts and groups the loaded NFTs; those in `hidden` are left out (the taken NFTs the user
 * chose to hide). The filters are deferred: a keystroke in the name box
 * paints first, and the 5,000-item pass follows at lower priority (and is skipped if another
 * keystroke arrives).
 */
export function useNftView(hidden?: ReadonlyMap<string, unknown> | null): NftView {
  const { nfts, metadata, metadataVersion } = useCollection()
  const { filters, sort, group } = useFilters()
  const deferredFilters = useDeferredValue(filters)
  const deferredVersion = useDeferredValue(metadataVersion)
  const filtered = useMemo(
    () =>
      timedPass('filter', () => {
        const passed = filterNfts(nfts, metadata, deferredFilters)
        return hidden?.size ? passed.filter((nft) => !hidden.has(nft.nftId)) : passed
      }),
    // The map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nfts, metadata, deferredFilters, deferredVersion, hidden],
  )
  const groups = useMemo(
    () => timedPass('group', () => groupNfts(sortNfts(filtered, metadata, sort), metadata, group)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtered, metadata, sort, group, deferredVersion],
  )
  return { nfts, metadata, metadataVersion, filtered, groups }
}
