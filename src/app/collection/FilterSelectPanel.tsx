import { useMemo, useState } from 'react'

import type { NftItem } from '../../db/types/nfts.ts'
import { clearFilters, setFilter, useFiltersSync } from './filtersState.ts'
import { deselectMany, selectMany } from '../state/selection.ts'
import {
  filterOptions,
  ISSUER_OPTION_MAX_CHARS,
  matchNameList,
  OPTION_MAX_CHARS,
  truncateOption,
} from './nftFilters.ts'
import type { MetadataFilter, MetadataMap } from './nftFilters.ts'
import { counted } from '../../shared/plural.ts'

interface FilterSelectPanelProps {
  nfts: readonly NftItem[]
  metadata: MetadataMap
  metadataVersion: number
  filtered: readonly NftItem[]
  /**
   * Whether the panel's selection buttons show: false where the tab's own grid selects (the List
   * tab's Select All and Clear All), so that one screen has one way to select.
   */
  selects: boolean
}

interface Notice {
  kind: 'ok' | 'error'
  text: string
}

/** One selector; option labels are truncated, the full value is the option's title. */
function FilterSelect(props: {
  id: string
  label: string
  value: string
  values: readonly string[]
  max: number
  onChange: (value: string) => void
}) {
  return (
    <div className="filter-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">All</option>
        {props.values.map((value) => (
          <option key={value} value={value} title={value}>
            {truncateOption(value, props.max)}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The Filter & Select panel (spec part 1 §2): selectors, the comma-separated name search (filters as
 * you type), and the bulk selection buttons. Messages show inline, not as window alerts.
 */
export function FilterSelectPanel({
  nfts,
  metadata,
  metadataVersion,
  filtered,
  selects,
}: FilterSelectPanelProps) {
  const { filters } = useFiltersSync()
  const [notice, setNotice] = useState<Notice | null>(null)
  const options = useMemo(
    () => filterOptions(nfts, metadata),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is mutated; its version changes
    [nfts, metadata, metadataVersion],
  )
  const taxons = useMemo(() => options.taxons.map(String), [options])

  function selectByNameList(): void {
    if (!filters.nameSearch.trim()) {
      setNotice({ kind: 'error', text: 'Please enter NFT names in the search box first' })
      return
    }
    const matches = matchNameList(nfts, metadata, filters.nameSearch)
    selectMany(matches.map((nft) => nft.nftId))
    setNotice({
      kind: 'ok',
      text: `Selected ${counted(matches.length, 'NFT', 'NFTs')} matching the name list`,
    })
  }

  return (
    <section className="filter-panel" aria-labelledby="filter-title">
      <h3 id="filter-title">Filter &amp; Select</h3>
      <div className="filter-panel__fields">
        <FilterSelect
          id="filter-issuer"
          label="Issuer"
          value={filters.issuer}
          values={options.issuers}
          max={ISSUER_OPTION_MAX_CHARS}
          onChange={(v) => setFilter('issuer', v)}
        />
        <FilterSelect
          id="filter-collection"
          label="Collection"
          value={filters.collection}
          values={options.collections}
          max={OPTION_MAX_CHARS}
          onChange={(v) => setFilter('collection', v)}
        />
        <FilterSelect
          id="filter-taxon"
          label="Taxon"
          value={filters.taxon}
          values={taxons}
          max={OPTION_MAX_CHARS}
          onChange={(v) => setFilter('taxon', v)}
        />
        <div className="filter-field">
          <label htmlFor="filter-metadata">Metadata Status</label>
          <select
            id="filter-metadata"
            value={filters.metadata}
            onChange={(e) => setFilter('metadata', e.target.value as MetadataFilter)}
          >
            <option value="all">All</option>
            <option value="loaded">Loaded (name and image)</option>
            <option value="basic">Basic (no name, no image)</option>
          </select>
        </div>
        <div className="filter-field filter-field--wide">
          <label htmlFor="filter-name">Search by name (separate names with commas)</label>
          <input
            id="filter-name"
            type="search"
            value={filters.nameSearch}
            placeholder="e.g. Pixel Cat #1, Voyager #2"
            onChange={(e) => setFilter('nameSearch', e.target.value)}
          />
        </div>
      </div>
      <div className="filter-panel__actions">
        <button type="button" onClick={clearFilters}>
          Clear all filters
        </button>
        {selects && (
          <>
            <button type="button" onClick={() => selectMany(filtered.map((nft) => nft.nftId))}>
              Select All Filtered
            </button>
            <button type="button" onClick={() => deselectMany(filtered.map((nft) => nft.nftId))}>
              Deselect All Filtered
            </button>
            <button type="button" onClick={selectByNameList}>
              Select by Name List
            </button>
          </>
        )}
      </div>
      <p className="filter-panel__counts">
        <span data-testid="filter-shown">
          {counted(filtered.length, 'NFT shown', 'NFTs shown')}
        </span>
        <span data-testid="filter-filtered">
          {counted(nfts.length - filtered.length, 'hidden by the filters', 'hidden by the filters')}
        </span>
      </p>
      {notice && (
        <p
          className={`notice notice--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
    </section>
  )
}
