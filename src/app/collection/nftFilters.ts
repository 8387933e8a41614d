/**
 * The Filter & Select panel's filters (spec part 1 §3 Filters, §5 Filters): issuer, collection and
 * taxon by equality, Metadata Status, and the comma-separated name search. Pure: the panel and the
 * grid call these on the loaded list and the metadata map.
 */
import { metadataFilterClass } from '../../db/queries/metadata.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import { nameMatchesAny, parseNameTerms } from './nameList.ts'

/** Metadata Status: all; loaded (a name and an image); basic (neither). */
export type MetadataFilter = 'all' | 'loaded' | 'basic'

/** The filters; an empty string means "all". */
export interface NftFilters {
  issuer: string
  collection: string
  /** The taxon as text (select values are strings). */
  taxon: string
  metadata: MetadataFilter
  /** Names separated by commas. */
  nameSearch: string
}

/** No filter at all. */
export const NO_FILTERS: Readonly<NftFilters> = {
  issuer: '',
  collection: '',
  taxon: '',
  metadata: 'all',
  nameSearch: '',
}

/** Metadata rows by NFTokenID. */
export type MetadataMap = ReadonlyMap<string, MetadataRow>

/** Whether any filter narrows the list. */
export function hasActiveFilters(filters: NftFilters): boolean {
  return (
    filters.issuer !== '' ||
    filters.collection !== '' ||
    filters.taxon !== '' ||
    filters.metadata !== 'all' ||
    parseNameTerms(filters.nameSearch).length > 0
  )
}

/** The NFTs that pass every filter, in the list's order. */
export function filterNfts(
  nfts: readonly NftItem[],
  metadata: MetadataMap,
  filters: NftFilters,
): NftItem[] {
  const terms = parseNameTerms(filters.nameSearch)
  return nfts.filter((nft) => {
    if (filters.issuer && nft.issuer !== filters.issuer) return false
    if (filters.taxon && String(nft.taxon) !== filters.taxon) return false
    const meta = metadata.get(nft.nftId)
    if (filters.collection && meta?.collection !== filters.collection) return false
    if (filters.metadata !== 'all' && metadataFilterClass(meta) !== filters.metadata) return false
    return terms.length === 0 || nameMatchesAny(displayName(nft, meta), terms)
  })
}

/** The NFTs whose name matches the name list (all NFTs, whatever the other filters say). */
export function matchNameList(
  nfts: readonly NftItem[],
  metadata: MetadataMap,
  box: string,
): NftItem[] {
  const terms = parseNameTerms(box)
  return nfts.filter((nft) => nameMatchesAny(displayName(nft, metadata.get(nft.nftId)), terms))
}

/** The choices of the issuer, collection and taxon selectors, sorted. */
export interface FilterOptions {
  issuers: string[]
  collections: string[]
  taxons: number[]
}

/** Distinct issuers, collections (from metadata) and taxons of the list. */
export function filterOptions(nfts: readonly NftItem[], metadata: MetadataMap): FilterOptions {
  const issuers = new Set<string>()
  const collections = new Set<string>()
  const taxons = new Set<number>()
  for (const nft of nfts) {
    issuers.add(nft.issuer)
    taxons.add(nft.taxon)
    const collection = metadata.get(nft.nftId)?.collection
    if (collection) collections.add(collection)
  }
  return {
    issuers: [...issuers].sort(),
    collections: [...collections].sort((a, b) => a.localeCompare(b)),
    taxons: [...taxons].sort((a, b) => a - b),
  }
}

/** Option labels are cut to 20 characters (30 for issuers); the full value goes in the title. */
export const OPTION_MAX_CHARS = 20
export const ISSUER_OPTION_MAX_CHARS = 30

/** A select option's label: the value, cut to `max` characters with '...' when longer. */
export function truncateOption(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max)}...` : value
}
