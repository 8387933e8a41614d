import { useMemo } from 'react'

import { NftGrid } from '../nfts/NftGrid.tsx'
import type { NftView } from '../nfts/useNftView.ts'
import { useBurn } from './burnState.ts'
import { useCollection } from '../state/collection.ts'
import { SelectButtons } from '../nfts/SelectButtons.tsx'
import { passesBurnFilter } from './burnFilter.ts'
import { counted } from '../../shared/plural.ts'

/**
 * The Burn tab's grid: the collection as the shell's filters show it, narrowed by the tab's own filter
 * (All, Issuer, Collection), with 'Select all shown' and 'Clear selection'.
 */
export function BurnGrid({ view }: { view: NftView }) {
  const { mode, value } = useBurn()
  const { loadingNfts, loadingMetadata } = useCollection()
  const groups = useMemo(
    () =>
      view.groups
        .map((group) => ({
          ...group,
          nfts: group.nfts.filter((nft) => passesBurnFilter(nft, mode, value)),
        }))
        .filter((group) => group.nfts.length > 0),
    [view.groups, mode, value],
  )
  const shown = groups.reduce((n, group) => n + group.nfts.length, 0)
  return (
    <section className="burn-grid" aria-label="NFTs to burn">
      <div className="grid-bar">
        <p className="tab-muted" data-testid="burn-shown">
          {counted(shown, 'NFT shown', 'NFTs shown')}
        </p>
        <SelectButtons
          ids={() => groups.flatMap((group) => group.nfts.map((nft) => nft.nftId))}
          canSelect={shown > 0}
          selectLabel="Select all shown"
          clearLabel="Clear selection"
        />
      </div>
      {shown === 0 ? (
        <p className="collection__empty">No NFTs match this filter.</p>
      ) : (
        <NftGrid
          groups={groups}
          metadata={view.metadata}
          metadataVersion={view.metadataVersion}
          metadataPending={loadingNfts || loadingMetadata}
        />
      )}
    </section>
  )
}
