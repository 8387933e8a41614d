/**
 * The collection grid as a list of rows for the virtualizer: group headers and rows of up to
 * `columns` cards, so headers and cards scroll (and are virtualized) together. Pure.
 */
import type { NftItem } from '../../db/types/nfts.ts'
import type { NftGroup } from './sortGroup.ts'

/** One virtualized row: a group header, or a row of cards. */
export type GridRow =
  | { kind: 'header'; key: string; label: string; count: number }
  | { kind: 'cards'; key: string; nfts: NftItem[] }

/** Narrowest card, in CSS pixels, and the gap between cards. */
export const CARD_MIN_WIDTH = 240
export const CARD_GAP = 16

/** How many card columns fit in `width` pixels (at least one). */
export function columnsFor(width: number, minWidth = CARD_MIN_WIDTH, gap = CARD_GAP): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)))
}

/**
 * The rows of the grid. Headers are emitted only when grouping (a group with an empty label is the
 * ungrouped list); each row's key is stable across re-renders so measured heights are kept.
 */
export function gridRows(groups: readonly NftGroup[], columns: number): GridRow[] {
  const rows: GridRow[] = []
  const cols = Math.max(1, Math.floor(columns))
  for (const group of groups) {
    if (group.label) {
      rows.push({
        kind: 'header',
        key: `h:${group.key}`,
        label: group.label,
        count: group.nfts.length,
      })
    }
    for (let i = 0; i < group.nfts.length; i += cols) {
      const nfts = group.nfts.slice(i, i + cols)
      rows.push({ kind: 'cards', key: `r:${group.key}:${nfts[0]?.nftId ?? i}`, nfts })
    }
  }
  return rows
}
