import { Suspense } from 'react'
import type { ReactNode } from 'react'

import { useReadBlock } from '../state/actionGate.ts'
import { useCollection, loadCollection } from './collectionState.ts'
import { clearFilters, setGroup, setSort, useFilters } from './filtersState.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { COLLECTION_SECTION_ID } from '../ui/sections.ts'
import { lazyNamed, LoadingBoundary } from '../ui/lazyNamed.tsx'
import { CacheStatus, LoadProgress } from './CollectionStatus.tsx'
import { GROUP_OPTIONS, SORT_OPTIONS } from './sortGroup.ts'
import { TakenToggle } from './TakenToggle.tsx'
import { useHideTaken, useTakenMarks } from './takenState.ts'
import { useUi } from '../state/ui.ts'
import type { GroupKey, SortKey } from './sortGroup.ts'
import { useNftView } from './useNftView.ts'
import type { NftView } from './useNftView.ts'
import './nfts.css'

// The virtualized grid and the filter panel are chunks of their own, fetched as the panel first
// renders: its title, counts and Load NFTs paint before them.
const NftGrid = lazyNamed(() => import('./NftGrid.tsx'), 'NftGrid')
const FilterSelectPanel = lazyNamed(() => import('./FilterSelectPanel.tsx'), 'FilterSelectPanel')

/** Draws the collection's NFTs in place of the shared grid (the List tab's paged grid). */
export type GridRenderer = (view: NftView) => ReactNode

/**
 * The NFT Collection panel (spec part 1 §2): the connected wallet's NFTs, filters and selection.
 *
 * @param renderGrid - a tab's own grid of the filtered NFTs; the shared virtualized grid otherwise.
 */
export function NftCollectionPanel({ renderGrid }: { renderGrid?: GridRenderer }) {
  const { wallet } = useSession()
  if (!wallet) {
    return (
      <section className="panel" aria-labelledby="collection-title">
        <h2 id="collection-title">No Wallet Connected</h2>
        <p>Connect your wallet to view and manage NFTs</p>
      </section>
    )
  }
  return <ConnectedCollection renderGrid={renderGrid} />
}

function ConnectedCollection({ renderGrid }: { renderGrid: GridRenderer | undefined }) {
  const { loadingNfts, loadingMetadata, error, readAt } = useCollection()
  const blocked = useReadBlock()
  const marks = useTakenMarks(useUi().tab)
  const hideTaken = useHideTaken()
  const view = useNftView(hideTaken ? marks : null)
  const selected = useSelectedIds()
  const hasNfts = view.nfts.length > 0
  return (
    <section
      id={COLLECTION_SECTION_ID}
      className="collection"
      aria-labelledby="collection-title"
      // The Airdrop tab's selection bar moves focus here; not a stop of its own in the tab order.
      tabIndex={-1}
    >
      <div className="collection__head">
        <h2 id="collection-title">NFT Collection</h2>
        <button
          type="button"
          className="button--primary"
          disabled={loadingNfts || blocked !== null}
          onClick={() => void loadCollection()}
        >
          {loadingNfts ? 'Loading NFTs...' : 'Load NFTs'}
        </button>
      </div>
      <BlockedReason reason={blocked} />
      {readAt && (
        <p className="collection__read-at" data-testid="collection-read-at">
          Read from the ledger {new Date(readAt.loadedAt).toLocaleString()} (ledger #
          {readAt.ledgerIndex})
        </p>
      )}
      <CacheStatus />
      <LoadProgress />
      {error && (
        <div className="collection__error" role="alert">
          <p className="collection__error-title">Error</p>
          <p>{error}</p>
        </div>
      )}
      {hasNfts && (
        <Suspense fallback={null}>
          <FilterSelectPanel
            nfts={view.nfts}
            metadata={view.metadata}
            metadataVersion={view.metadataVersion}
            filtered={view.filtered}
            // A tab's own grid carries its own selection buttons: one set per screen.
            selects={!renderGrid}
          />
        </Suspense>
      )}
      {hasNfts && (
        <ViewBar
          selected={selected.size}
          filtered={view.filtered.length}
          total={view.nfts.length}
        />
      )}
      {hasNfts && !renderGrid && <TakenToggle marks={marks} nfts={view.nfts} hide={hideTaken} />}
      {!hasNfts && loadingNfts && <p className="collection__empty">Loading NFTs...</p>}
      {!hasNfts && !loadingNfts && !error && (
        <p className="collection__empty">No NFTs loaded yet.</p>
      )}
      {hasNfts && view.filtered.length === 0 && (
        <div className="collection__empty">
          <p>No NFTs match the current filters</p>
          <button type="button" onClick={clearFilters}>
            Clear all filters
          </button>
        </div>
      )}
      {view.filtered.length > 0 && renderGrid && renderGrid(view)}
      {view.filtered.length > 0 && !renderGrid && (
        <LoadingBoundary>
          <NftGrid
            groups={view.groups}
            metadata={view.metadata}
            metadataVersion={view.metadataVersion}
            metadataPending={loadingNfts || loadingMetadata}
            marks={marks}
          />
        </LoadingBoundary>
      )}
    </section>
  )
}

/** Counts (selected, filtered, total) and the sort and grouping selectors. */
function ViewBar({
  selected,
  filtered,
  total,
}: {
  selected: number
  filtered: number
  total: number
}) {
  const { sort, group } = useFilters()
  return (
    <div className="collection__bar">
      <p className="collection__counts" data-testid="collection-counts">
        <span>{selected} selected</span>
        <span>{filtered} shown</span>
        <span>{total} total</span>
      </p>
      <div className="collection__view">
        <label htmlFor="collection-sort">Sort by</label>
        <select
          id="collection-sort"
          value={sort}
          onChange={(e) => setSort(e.target.value as SortKey)}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <label htmlFor="collection-group">Group by</label>
        <select
          id="collection-group"
          value={group}
          onChange={(e) => setGroup(e.target.value as GroupKey)}
        >
          {GROUP_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
