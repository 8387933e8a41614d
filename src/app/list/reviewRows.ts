/** The review's price table: its rows, their sorting and the guard's words. Pure. */
import type { PriceGuard, PricedNft } from '../../worker/api.ts'

/** A priced NFT with the name the table shows. */
export interface PriceRow extends PricedNft {
  name: string
}

/** The table's sortable columns. */
export type SortKey = 'name' | 'price' | 'floor' | 'cut' | 'net'

/** Why the guard holds a price, as its tag reads. */
export const GUARD_TEXT: Readonly<Record<PriceGuard, string>> = {
  belowHalfFloor: 'below half the floor',
  belowMinimum: 'below 0.1 XRP',
}

function compareDrops(a: string | null, b: string | null): number {
  // Rows without a floor sort after every floor.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  const x = BigInt(a)
  const y = BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

const COMPARE: Readonly<Record<SortKey, (a: PriceRow, b: PriceRow) => number>> = {
  name: (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }),
  price: (a, b) => compareDrops(a.drops, b.drops),
  floor: (a, b) => compareDrops(a.floorDrops, b.floorDrops),
  cut: (a, b) => compareDrops(a.issuerCutDrops, b.issuerCutDrops),
  net: (a, b) => compareDrops(a.netDrops, b.netDrops),
}

/** The rows sorted by a column (ties keep selection order); a new array. */
export function sortPrices(rows: readonly PriceRow[], key: SortKey, descending: boolean) {
  const compare = COMPARE[key]
  return [...rows].sort((a, b) => (descending ? compare(b, a) : compare(a, b)))
}
