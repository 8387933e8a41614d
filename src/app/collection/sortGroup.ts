/**
 * Sorting and grouping of the collection grid (spec part 1 §9): sort by serial, taxon, issuer, name
 * or collection; group by nothing, taxon, issuer (first 8 characters and '...') or collection. Pure.
 */
import type { NftItem } from '../../db/types/nfts.ts'
import { displayName, issuerGroupLabel } from '../../shared/nftDisplay.ts'
import type { MetadataMap } from './nftFilters.ts'

export type SortKey = 'serial' | 'taxon' | 'issuer' | 'name' | 'collection'
export type GroupKey = 'none' | 'taxon' | 'issuer' | 'collection'

/** The sort selector's options, in the spec's order. */
export const SORT_OPTIONS: readonly { value: SortKey; label: string }[] = [
  { value: 'serial', label: 'Serial' },
  { value: 'taxon', label: 'Taxon' },
  { value: 'issuer', label: 'Issuer' },
  { value: 'name', label: 'Name' },
  { value: 'collection', label: 'Collection' },
]

/** The grouping selector's options. */
export const GROUP_OPTIONS: readonly { value: GroupKey; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'taxon', label: 'Taxon' },
  { value: 'issuer', label: 'Issuer' },
  { value: 'collection', label: 'Collection' },
]

/** The label of NFTs without a collection in the metadata. */
export const NO_COLLECTION_LABEL = 'Unknown Collection'

// Numeric collation: 'Cat #2' before 'Cat #10'.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Orders text values; null (no value) sorts last. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null) return 1
  if (b === null) return -1
  return collator.compare(a, b)
}

function textKey(nft: NftItem, metadata: MetadataMap, key: SortKey): string | null {
  if (key === 'issuer') return nft.issuer
  if (key === 'name') return displayName(nft, metadata.get(nft.nftId))
  if (key === 'collection') return metadata.get(nft.nftId)?.collection ?? null
  return null
}

/**
 * The NFTs in the chosen order; ties fall back to the serial, then the NFTokenID, so the order is
 * stable whatever the ledger returned.
 */
export function sortNfts(nfts: readonly NftItem[], metadata: MetadataMap, key: SortKey): NftItem[] {
  // Decorate once: the comparator runs n log n times.
  const decorated = nfts.map((nft) => ({ nft, text: textKey(nft, metadata, key) }))
  decorated.sort((a, b) => {
    const primary =
      key === 'taxon'
        ? a.nft.taxon - b.nft.taxon
        : key === 'serial'
          ? 0
          : compareText(a.text, b.text)
    if (primary !== 0) return primary
    if (a.nft.serial !== b.nft.serial) return a.nft.serial - b.nft.serial
    return a.nft.nftId < b.nft.nftId ? -1 : a.nft.nftId > b.nft.nftId ? 1 : 0
  })
  return decorated.map((d) => d.nft)
}

/** A group of the grid: its header label and its NFTs, in the sorted order. */
export interface NftGroup {
  key: string
  label: string
  nfts: NftItem[]
}

interface GroupBy {
  key: (nft: NftItem, metadata: MetadataMap) => string
  label: (key: string) => string
  compare: (a: string, b: string) => number
}

const GROUPERS: Record<Exclude<GroupKey, 'none'>, GroupBy> = {
  taxon: {
    key: (nft) => String(nft.taxon),
    label: (key) => `Taxon ${key}`,
    compare: (a, b) => Number(a) - Number(b),
  },
  issuer: { key: (nft) => nft.issuer, label: issuerGroupLabel, compare: compareText },
  collection: {
    key: (nft, metadata) => metadata.get(nft.nftId)?.collection ?? '',
    label: (key) => key || NO_COLLECTION_LABEL,
    compare: (a, b) => compareText(a || null, b || null),
  },
}

/**
 * Splits the sorted NFTs into groups, ordered by the group's value (taxon numerically, issuer and
 * collection alphabetically, NFTs without a collection last). 'none' gives one group with no label.
 */
export function groupNfts(
  sorted: readonly NftItem[],
  metadata: MetadataMap,
  by: GroupKey,
): NftGroup[] {
  if (by === 'none') return [{ key: '', label: '', nfts: [...sorted] }]
  const grouper = GROUPERS[by]
  const groups = new Map<string, NftItem[]>()
  for (const nft of sorted) {
    const key = grouper.key(nft, metadata)
    const list = groups.get(key)
    if (list) list.push(nft)
    else groups.set(key, [nft])
  }
  return [...groups.keys()]
    .sort(grouper.compare)
    .map((key) => ({ key, label: grouper.label(key), nfts: groups.get(key) ?? [] }))
}
