/**
 * Rows of the app's IndexedDB (see schema.ts). Plain, structured-cloneable data: the worker writes
 * them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../shared/networks.ts'

/** One NFT as the ledger describes it (account_nfts plus the fields parsed from its NFTokenID). */
export interface NftItem {
  nftId: string
  issuer: string
  taxon: number
  serial: number
  /** Transfer fee in units of 1/100000 (0–50000); the UI shows it as fee / 1000 %. */
  transferFee: number
  /** NFToken flags (lsfBurnable 1, lsfOnlyXRP 2, lsfTrustLine 4, lsfTransferable 8, lsfMutable 16). */
  flags: number
  transferable: boolean
  burnable: boolean
  /** The URI decoded to text; null when the NFT has none or it is not valid UTF-8. */
  uri: string | null
}

/** The last loaded NFT list of an account on a network: what the collection shows offline. */
export interface NftSnapshotRow {
  network: NetworkId
  account: string
  nfts: NftItem[]
  /** Unix ms when the list finished loading. */
  loadedAt: number
  /** The validated ledger the list was read from. */
  ledgerIndex: number
}

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

/** A setting, by key (network choice, dark mode, splash seen, gateway lists …). */
export interface SettingRow {
  key: string
  value: unknown
}

/**
 * The GEM Wallet regular key of one account, encrypted at rest (DESIGN.md §3.1): AES-GCM with a
 * non-extractable CryptoKey that never leaves IndexedDB.
 */
export interface StoredKeyRow {
  /** `${network}:${primaryAddress}` */
  id: string
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
  /** AES-GCM initialisation vector and ciphertext of the regular key's seed. */
  iv: Uint8Array
  ciphertext: ArrayBuffer
  createdAt: number
}

/** The device's key-encryption key: a non-extractable AES-GCM CryptoKey. */
export interface DeviceKeyRow {
  id: 'device'
  key: CryptoKey
}
