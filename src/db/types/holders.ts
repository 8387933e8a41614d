/**
 * A collection's holders as read from Clio's nfts_by_issuer at one ledger: the reading in progress
 * (resumable after a reload) or finished.
 *
 * Rows of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The worker writes them.
 */
import type { NetworkId } from '../../shared/networks.ts'

/** One holder snapshot of an issuer (and taxon) on a network, kept after each page read. */
export interface HolderSnapshotRow {
  /** `network|issuer|taxon` ('*' for every taxon): one snapshot each, a new one replaces it. */
  id: string
  network: NetworkId
  issuer: string
  /** The taxon read, or null for every taxon of the issuer. */
  taxon: number | null
  /** The ledger every page is read at (the first page's); null before the first page. */
  ledgerIndex: number | null
  /** The marker of the next page to read; null once every page was read. */
  marker: unknown
  /** The order key (taxon, id) of the last NFT read: the next page must come after it. */
  lastKey?: string
  complete: boolean
  /** Pages read. */
  pages: number
  /** NFTs read that exist (not burned). */
  nfts: number
  /** Burned NFTs the server listed (left out). */
  burned: number
  /** NFTs held, by holder address. */
  holders: Record<string, number>
  /** Unix ms when the reading started. */
  startedAt: number
  /** Unix ms when the last page was read; null while pages remain. */
  takenAt: number | null
  /**
   * The Clio endpoints that served its pages (a resumed reading may have had another): the holders
   * are confirmed by a server other than these. Absent on snapshots read before it was kept (any of
   * the network's Clio servers may have listed them then).
   */
  listedBy?: string[]
  /**
   * What another server said each holder held at `ledgerIndex`, by holder address: kept so that a
   * holder is asked about once per snapshot (a new snapshot starts without any).
   */
  checks?: Record<string, HolderCheck>
}

/** What a server other than the lister says of one holder at the snapshot's ledger. */
export interface HolderCheck {
  /**
   * NFTs of the collection it holds there, at least: the count stops once it reaches what the
   * snapshot listed (the rest of a large account's list proves nothing more).
   */
  held: number
  /** The endpoint that said so. */
  by: string
}
