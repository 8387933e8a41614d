/**
 * NFT metadata as the cache keeps it, normalised and sanitised, and the cache's statistics.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */

/** A trait as the app shows it, normalised from `{trait_type, value}` objects or plain strings. */
export interface NftAttribute {
  trait_type: string
  value: string
}

/** Why metadata could not be used; the card still shows the ledger's own fields. */
export type MetadataProblem =
  'no-uri' | 'unsupported-uri' | 'http-error' | 'timeout' | 'too-large' | 'not-json' | 'network'

/** Normalised, sanitised metadata of one NFT, keyed by NFTokenID (the spec's metadata cache entry). */
export interface MetadataRow {
  nftId: string
  /** 'loaded': a usable document was read; 'failed': see `problem`. */
  status: 'loaded' | 'failed'
  problem?: MetadataProblem
  /** Plain text, length-capped; never HTML. */
  name: string | null
  description: string | null
  collection: string | null
  /** An http(s) or data:image URL, IPFS already resolved to a gateway; null when none is safe. */
  image: string | null
  attributes: NftAttribute[]
  /** Unix ms of the fetch; entries older than 24 h are refetched. */
  fetchedAt: number
  /** Approximate stored size, for the cache statistics and the mobile cap. */
  sizeBytes: number
}

/** The spec's cache statistics. */
export interface CacheStats {
  /** Cache entries for the NFTs of the current (or given) account. */
  walletEntries: number
  totalEntries: number
  sizeKb: number
}
