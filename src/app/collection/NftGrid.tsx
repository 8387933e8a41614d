import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'

import { showingNfts } from './collectionState.ts'
import { useSelectedIds } from '../state/selection.ts'
import { NftCard } from './NftCard.tsx'
import { columnsFor, gridRows } from './gridRows.ts'
import type { GridRow } from './gridRows.ts'
import type { MetadataMap } from './nftFilters.ts'
import type { NftGroup } from './sortGroup.ts'
import type { TakenMark } from './takenState.ts'

/** Quiet time after scrolling before the engine is told what is on screen. */
const SHOWING_DEBOUNCE_MS = 150

/** Tells the engine which cards are on screen once scrolling settles (their metadata first). */
function useShowing(ids: string): void {
  useEffect(() => {
    if (!ids) return
    const timer = setTimeout(() => showingNfts(ids.split(',')), SHOWING_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [ids])
}

interface NftGridProps {
  groups: readonly NftGroup[]
  metadata: MetadataMap
  /** Re-render when the (mutated) map changed. */
  metadataVersion: number
  /** Metadata is loading: cards without any show 'Loading'. */
  metadataPending: boolean
  /** NFTs marked as taken (on offer, in another job), by id. */
  marks: ReadonlyMap<string, TakenMark>
}

const HEADER_ESTIMATE_PX = 48
const CARD_ROW_ESTIMATE_PX = 520

/** Width of the grid and its distance from the top of the page, followed on resize. */
function useGridBox(ref: RefObject<HTMLDivElement | null>): { width: number; top: number } {
  const [box, setBox] = useState({ width: 0, top: 0 })
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const rect = element.getBoundingClientRect()
      const next = { width: rect.width, top: Math.round(rect.top + window.scrollY) }
      setBox((prev) => (prev.width === next.width && prev.top === next.top ? prev : next))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [ref])
  return box
}

/**
 * The collection grid: rows of a responsive column grid (and group headers) virtualized against the
 * window's scroll, so only the visible rows of 5,000 NFTs are in the DOM.
 */
export function NftGrid({
  groups,
  metadata,
  metadataVersion,
  metadataPending,
  marks,
}: NftGridProps) {
  const ref = useRef<HTMLDivElement>(null)
  const { width, top } = useGridBox(ref)
  const columns = columnsFor(width)
  const rows = useMemo(() => gridRows(groups, columns), [groups, columns])
  const selected = useSelectedIds()
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'header' ? HEADER_ESTIMATE_PX : CARD_ROW_ESTIMATE_PX),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 2,
    scrollMargin: top,
  })
  const items = virtualizer.getVirtualItems()
  // Rows drawn above the window (the overscan) are no Tab stops: Tab into the grid lands on the
  // first card in view, not on one scrolled past.
  const firstInView = virtualizer.range?.startIndex ?? 0
  useShowing(
    items
      .flatMap((item) => {
        const row = rows[item.index]
        return row?.kind === 'cards' ? row.nfts.map((nft) => nft.nftId) : []
      })
      .join(','),
  )
  return (
    <div
      ref={ref}
      className="nft-grid"
      data-testid="nft-grid"
      data-metadata-version={metadataVersion}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const row = rows[item.index] as GridRow
        return (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="nft-grid__row"
            style={{ transform: `translateY(${item.start - top}px)` }}
          >
            {row.kind === 'header' ? (
              <h3 className="nft-grid__group">
                {row.label} <span className="nft-grid__group-count">({row.count})</span>
              </h3>
            ) : (
              <div
                className="nft-grid__cards"
                style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
              >
                {row.nfts.map((nft) => (
                  <NftCard
                    key={nft.nftId}
                    nft={nft}
                    meta={metadata.get(nft.nftId)}
                    selected={selected.has(nft.nftId)}
                    metadataPending={metadataPending}
                    mark={marks.get(nft.nftId)}
                    tabbable={item.index >= firstInView}
                  />
                ))}
              </div>
            )}
          </div>
        )
      })}
    </div>
  )
}
