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

/** Moving or sounding media of an NFT, at one or more addresses of the same content (best first). */
export interface NftMedia {
  kind: 'video' | 'audio'
  /** http(s) URLs; the next is tried when one fails. */
  urls: string[]
}

/**
 * Where an NFT's metadata was read when not at its URI: XLS-20's issuer domain, for NFTs minted
 * without a URI (`https://{domain}/.well-known/xrpl-nft/{NFTokenID}`).
 */
export interface MetadataOrigin {
  kind: 'issuer-domain'
  domain: string
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
  /**
   * The picture (a still or an animated image such as a GIF): an http(s) or data:image URL, IPFS
   * already resolved to a gateway; null when none is safe.
   */
  image: string | null
  /** Every address of the picture, `image` first: the card tries the next when one fails. */
  imageUrls?: string[]
  /** A video or a sound: what the card shows (a video) or offers (a sound) when there is no picture. */
  animation?: NftMedia | null
  /** Set when the metadata was not read at the NFT's URI. */
  origin?: MetadataOrigin
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
