/** The account's NFTs and their metadata. */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { CacheStats } from '../../db/types/metadata.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { ProgressListener } from './progress.ts'

/** Loading an account's NFTs and their metadata. */
export const collectionContract = {
  /**
   * A page of an account's NFTs as last loaded (`loadNfts`) on the network in use: the connected
   * wallet's by default; `offset` from 0, `limit` 100 by default and at most 1,000.
   *
   * @throws EngineError `NOT_FOUND` when the account's NFTs were never loaded on this network;
   *   `VALIDATION` for a bad offset or limit, or without an account and a connected wallet.
   */
  listNfts:
    method<(options?: { account?: string; offset?: number; limit?: number }) => Promise<NftPage>>(),

  /**
   * Loads every NFT of an account (account_nfts, limit 400, marker paging) from the validated ledger
   * and saves the list as the account's snapshot on this network, which the UI observes (and shows
   * offline).
   *
   * @param onProgress - a `Comlink.proxy` callback, throttled; called after each page.
   * @param account - whose NFTs; the connected wallet's account by default.
   */
  loadNfts:
    method<
      (onProgress?: ProgressListener<NftLoadProgress>, account?: string) => Promise<NftLoadResult>
    >(),

  /**
   * Enriches NFTs with their metadata: cached entries younger than 24 h count at once, the rest are
   * fetched (15 at a time, with gateway failover, a timeout and a size cap), normalised, sanitised and
   * written to the cache one by one as they land, so the UI fills in progressively.
   *
   * @param request - which NFTs: those of the account's snapshot (default: the connected wallet's),
   *   or explicit ids; `force` refetches fresh entries too.
   */
  loadMetadata:
    method<
      (
        request: MetadataRequest,
        onProgress?: ProgressListener<MetadataProgress>,
      ) => Promise<MetadataProgress>
    >(),

  /**
   * The NFTs whose cards are on screen now: their metadata is fetched first, and still fetched while a
   * job runs (the rest of a load waits for the job to end).
   *
   * @param nftIds - the visible NFTs' ids (at most 200 are taken).
   */
  showingNfts: method<(nftIds: string[]) => Promise<void>>(),

  /** Metadata cache statistics; `walletEntries` counts the given account's NFTs that are cached. */
  getCacheStats: method<(account?: string) => Promise<CacheStats>>(),

  /** Clears the metadata cache; returns how many entries were removed. */
  clearMetadataCache: method<() => Promise<number>>(),

  /**
   * Subscribes to what validated transactions do to the connected wallet's NFTs and offers, as the
   * ledger stream shows them (one account subscription on the connection; no list is read again):
   * an NFT that left (an airdrop offer accepted, a listing bought, a bid accepted, a burn) is already
   * out of the stored list when the listener hears of it; one that arrived is named, to be loaded.
   * Transactions of the engine's own jobs count too. Nothing is heard without a wallet or a
   * connection, nor for a transaction missed while disconnected: read the lists again on reconnection.
   *
   * @param listener - a `Comlink.proxy` callback (a plain function in Node).
   * @returns a subscription id for {@link CollectionApi.offAccountActivity}.
   */
  onAccountActivity: method<(listener: AccountActivityListener) => Promise<number>>(),

  /** Ends an activity subscription and releases its callback proxy; unknown ids are ignored. */
  offAccountActivity: method<(subscription: number) => Promise<void>>(),
}

/** {@link collectionContract} as the methods it declares. */
export interface CollectionApi extends Api<typeof collectionContract> {}

/** The change one transaction made to the account's NFTs and offers. */
export interface AccountActivity {
  account: string
  ledgerIndex: number
  /** Who sent the transaction: the account itself (its jobs, another app of it) or another. */
  by: string
  /** NFTs that left the account (NFTokenIDs, upper case). */
  left: string[]
  /** NFTs that came to the account. */
  arrived: string[]
  /** Offers the account owns, created minus removed, by kind. */
  offers: { sell: number; buy: number }
}

/** Hears of the connected account's activity (see CollectionApi.onAccountActivity). */
export type AccountActivityListener = (activity: AccountActivity) => void

export interface NftLoadProgress {
  /** NFTs read so far. */
  loaded: number
  /** account_nfts pages read so far. */
  pages: number
}

export interface NftLoadResult {
  network: NetworkId
  account: string
  count: number
  ledgerIndex: number
  loadedAt: number
}

export interface MetadataRequest {
  /** Whose snapshot to enrich; the connected wallet's account by default. */
  account?: string
  /** Enrich exactly these NFTs (of the snapshot) instead of all. */
  nftIds?: string[]
  /** Refetch even entries younger than 24 h. */
  force?: boolean
}

export interface MetadataProgress {
  total: number
  /** Served from the cache without a fetch. */
  cached: number
  /** Fetched and usable. */
  loaded: number
  /** Fetched but unusable, or without a URI. */
  failed: number
  /** Not finished yet. */
  pending: number
}

/** A page of an account's NFTs (EngineApi.listNfts). */
export interface NftPage {
  network: NetworkId
  account: string
  /** How many NFTs the account held when they were loaded. */
  total: number
  /** The validated ledger they were read from. */
  ledgerIndex: number
  /** Unix ms of the load. */
  loadedAt: number
  nfts: NftItem[]
}
