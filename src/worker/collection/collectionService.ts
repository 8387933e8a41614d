/**
 * The collection capability (CollectionApi): an account's NFTs, loaded from the ledger and paged from
 * the stored list, and their metadata (fetched in the background, cached, and fetched first for the
 * cards on screen). Each method is CollectionApi's of the same name.
 */
import type { LedgerDb } from '../../db/schema.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type {
  CacheStats,
  MetadataProgress,
  MetadataRequest,
  NftLoadProgress,
  NftLoadResult,
  NftPage,
  ProgressListener,
} from '../api.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import { IssuerDomains } from './metadata/issuerDomains.ts'
import { MetadataService } from './metadata/metadataService.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import type { MetadataOptions } from './metadata/metadataLimits.ts'
import { NftLoader } from './nftLoader.ts'
import type { NftLoaderDeps } from './nftLoader.ts'
import { nftPage } from './nftPage.ts'

/** NFT ids `showingNfts` takes at most (a few screenfuls of cards). */
const MAX_SHOWING = 200

/** What the collection capability needs of the engine. */
export interface CollectionServiceDeps {
  db: LedgerDb
  connection: Pick<ConnectionManager, 'readyClient' | 'status'>
  /** The network table (for its metadata gateways). */
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /** Metadata fetching: gateways, limits, fetch function, mobile cache cap. */
  metadata?: MetadataOptions
  /** The given account, or the connected wallet's; a VALIDATION error when there is neither. */
  accountOf: (account: string | undefined) => string
  /** The connected wallet's address, if any. */
  walletAddress: () => string | undefined
  /** NFTs the account's stream saw leave it after a ledger (see AccountWatch.leftAfter). */
  leftAfter?: NftLoaderDeps['leftAfter']
}

/** The account's NFTs and their metadata. */
export class CollectionService {
  private readonly nfts: NftLoader
  private readonly metadata: MetadataService

  constructor(private readonly deps: CollectionServiceDeps) {
    this.nfts = new NftLoader({
      connection: deps.connection,
      db: deps.db,
      ...(deps.leftAfter ? { leftAfter: deps.leftAfter } : {}),
    })
    const domains = new IssuerDomains((network) => deps.connection.readyClient(network))
    this.metadata = new MetadataService({
      db: deps.db,
      network: () => deps.connection.status.network,
      networks: deps.networks,
      issuerDomain: (network, issuer) => domains.domainOf(network, issuer),
      ...deps.metadata,
    })
  }

  async listNfts(
    options: { account?: string; offset?: number; limit?: number } = {},
  ): Promise<NftPage> {
    const network = this.deps.connection.status.network
    return nftPage(this.deps.db, network, this.deps.accountOf(options.account), options)
  }

  async loadNfts(
    onProgress?: ProgressListener<NftLoadProgress>,
    account?: string,
  ): Promise<NftLoadResult> {
    const network = this.deps.connection.status.network
    return await this.nfts.load(network, this.deps.accountOf(account), onProgress)
  }

  async loadMetadata(
    request: MetadataRequest,
    onProgress?: ProgressListener<MetadataProgress>,
  ): Promise<MetadataProgress> {
    const account = this.deps.accountOf(request.account)
    return await this.metadata.load({ ...request, account }, onProgress)
  }

  showingNfts(nftIds: string[]): Promise<void> {
    // From the UI thread: a list of strings, and not more than a few screenfuls.
    if (Array.isArray(nftIds)) this.metadata.showing(nftIds.slice(0, MAX_SHOWING))
    return Promise.resolve()
  }

  getCacheStats(account?: string): Promise<CacheStats> {
    return this.metadata.stats(account ?? this.deps.walletAddress())
  }

  clearMetadataCache(): Promise<number> {
    return this.metadata.clear()
  }

  /** What each URI serves (see MetadataService.readUris): a mint's metadata check. */
  readUris(uris: readonly string[], onRow: (uri: string, row: MetadataRow) => void): Promise<void> {
    return this.metadata.readUris(uris, onRow)
  }

  /** The cached metadata of these NFTs, by id (what the collection read). */
  cachedMetadata(nftIds: readonly string[]): Promise<Map<string, MetadataRow>> {
    return this.metadata.cachedRows(nftIds)
  }

  /** Whether metadata fetching yields to a job being planned or run here. */
  yieldToJob(busy: boolean): void {
    this.metadata.yieldToJob(busy)
  }
}
