/**
 * The collection's filters (issuer, collection, taxon, Metadata Status, name search) and how the grid
 * is ordered (sort, grouping). The matching itself is pure, in nftFilters.ts.
 */
import { proxy, useSnapshot } from 'valtio'

import { NO_FILTERS } from './nftFilters.ts'
import type { NftFilters } from './nftFilters.ts'
import type { GroupKey, SortKey } from './sortGroup.ts'

interface FilterState {
  filters: NftFilters
  sort: SortKey
  group: GroupKey
}

/** The filters and view options. Mutate them only through the actions below. */
export const filterState = proxy<FilterState>({
  filters: { ...NO_FILTERS },
  sort: 'serial',
  group: 'none',
})

/** Changes one filter. */
export function setFilter<K extends keyof NftFilters>(key: K, value: NftFilters[K]): void {
  filterState.filters[key] = value
}

/** 'Clear All' / 'Clear all filters'. */
export function clearFilters(): void {
  filterState.filters = { ...NO_FILTERS }
}

/** The sort selector. */
export function setSort(sort: SortKey): void {
  filterState.sort = sort
}

/** The grouping selector. */
export function setGroup(group: GroupKey): void {
  filterState.group = group
}

/**
 * The same, updated synchronously: for the controlled inputs that edit it (valtio's default batching
 * would move the caret of a text box to its end).
 */
export function useFiltersSync(): Readonly<FilterState> {
  return useSnapshot(filterState, { sync: true })
}

/** Filters, sort and grouping, for rendering. */
export function useFilters(): Readonly<FilterState> {
  return useSnapshot(filterState)
}
