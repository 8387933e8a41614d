/**
 * Metadata enrichment (spec part 2 §4, docs/architecture.md §1): for the NFTs of an account's
 * snapshot, fresh cache entries count at once; the rest go through a pool of 15 concurrent fetches
 * and each result is written to the cache as it lands, so the UI (observing the cache) fills in
 * progressively.
 */
import { MetadataCache, isFresh } from '../../../db/metadataCache.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { MetadataRow } from '../../../db/types/metadata.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import { EngineError } from '../../../shared/errors.ts'
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'
import type { CacheStats, MetadataProgress, ProgressListener } from '../../api.ts'
import { throttledProgress } from '../../progress.ts'
import { detectMobile } from './device.ts'
import { GatewayPool } from './gatewayPool.ts'
import { gatewaysFor } from './gateways.ts'
import { DEFAULT_METADATA_LIMITS, METADATA_CONCURRENCY_DURING_JOB } from './metadataLimits.ts'
import type { MetadataLimits, MetadataOptions } from './metadataLimits.ts'
import { fetchMetadataRow } from './pipeline.ts'
import type { PipelineContext } from './pipeline.ts'
import { FetchQueue, uriOnlyItem } from './fetchQueue.ts'

/** Visible NFTs taken at most (a few screenfuls). */
const MAX_VISIBLE = 500

/** Everything the service needs. */
export interface MetadataServiceDeps extends MetadataOptions {
  db: LedgerDb
  /** The network in use now. */
  network: () => NetworkId
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /** The domain an issuer's account names (for NFTs without a URI, XLS-20), or null. */
  issuerDomain?: (network: NetworkId, issuer: string) => Promise<string | null>
}

/** A load request with the account already decided. */
export interface MetadataLoadRequest {
  account: string
  nftIds?: string[]
  force?: boolean
}

/** Enriches NFTs with metadata and manages the metadata cache. */
export class MetadataService {
  private readonly limits: MetadataLimits
  private readonly now: () => number
  private readonly cache: MetadataCache
  /** The gateways' health, learned across loads. */
  readonly pool: GatewayPool
  /** Fetches under way, by NFT: two overlapping loads share them instead of fetching twice. */
  private readonly inflight = new Map<string, Promise<MetadataRow>>()
  /** The NFTs whose cards are on screen, in screen order: fetched before the others. */
  private visible = new Set<string>()
  /** A job runs in this engine: only visible NFTs are fetched, fewer at once. */
  private yielding = false
  /** Fetch slots waiting for work (a job to end, a card to come on screen). */
  private readonly sleepers = new Set<() => void>()
  /** Bumped by clear(): loads under way stop, and fetches that land after it are not cached. */
  private generation = 0

  /** @param deps - database, network, and the optional {@link MetadataOptions}. */
  constructor(private readonly deps: MetadataServiceDeps) {
    this.limits = { ...DEFAULT_METADATA_LIMITS, ...deps.limits }
    this.now = deps.now ?? Date.now
    this.pool = new GatewayPool(Date.now, deps.poolLimits)
    const mobile = deps.isMobile ?? detectMobile()
    this.cache = new MetadataCache(deps.db, {
      limitBytes: mobile ? this.limits.mobileCacheBytes : this.limits.desktopCacheBytes,
    })
  }

  /**
   * Enriches the NFTs of `request.account`'s snapshot on the current network (or the given subset):
   * fresh cached entries count as `cached`, the rest are fetched and cached one by one.
   *
   * @returns the final progress.
   * @throws EngineError `NOT_FOUND` ('Load NFTs first') without a snapshot; `VALIDATION` for a
   *   malformed request.
   */
  async load(
    request: MetadataLoadRequest,
    onProgress?: ProgressListener<MetadataProgress>,
  ): Promise<MetadataProgress> {
    const progress: MetadataProgress = { total: 0, cached: 0, loaded: 0, failed: 0, pending: 0 }
    const reporter = throttledProgress(onProgress)
    // Read once: a network switch during the load must not mix one network's NFTs and gateways.
    const network = this.deps.network()
    try {
      const nfts = await this.nftsOf(network, request)
      progress.total = nfts.length
      await this.cache.beginLoad()
      const todo = await this.stale(nfts, request.force === true)
      progress.cached = nfts.length - todo.length
      progress.pending = todo.length
      reporter.report({ ...progress })
      const ctx = await this.context(network)
      const protect = new Set(nfts.map((n) => n.nftId))
      await this.fetchAll(new FetchQueue(todo), async (nft) => {
        const row = await this.fetchShared(nft, ctx, protect)
        if (row.status === 'loaded') progress.loaded++
        else progress.failed++
        progress.pending--
        reporter.report({ ...progress })
      })
    } finally {
      // Also on failure: the final report releases the listener's Comlink proxy.
      reporter.finish({ ...progress })
    }
    return progress
  }

  /**
   * While a job is planned or runs in this engine the load yields: the NFTs on screen are still
   * fetched, two at a time; the rest wait until the job ends (`yieldToJob(false)`), then go on where
   * they stopped.
   */
  yieldToJob(on: boolean): void {
    if (this.yielding === on) return
    this.yielding = on
    this.wake()
  }

  /**
   * The NFTs whose cards are on screen now (replacing those told before: cards scrolled past are not
   * waited for): fetched first, and still fetched while a job runs.
   */
  showing(nftIds: readonly string[]): void {
    const ids = nftIds.filter((id): id is string => typeof id === 'string')
    this.visible = new Set(ids.slice(0, MAX_VISIBLE).map((id) => id.toUpperCase()))
    this.wake()
  }

  /**
   * What each URI serves, read as an NFT's metadata is (the same pipeline, limits and gateway pool)
   * and cached by URI: a fresh cached result counts at once. A mint's pre-flight asks while its job
   * is planned, so this never yields to the job. `onRow` hears each URI as it is known.
   */
  async readUris(
    uris: readonly string[],
    onRow: (uri: string, row: MetadataRow) => void,
  ): Promise<void> {
    const key = (uri: string) => `uri:${uri}`
    const cached = await this.cache.getMany(uris.map(key))
    const todo: NftItem[] = []
    for (const uri of new Set(uris)) {
      const row = cached.get(key(uri))
      if (row && isFresh(row, this.now())) onRow(uri, row)
      else todo.push(uriOnlyItem(key(uri), uri))
    }
    const ctx = await this.context(this.deps.network())
    const read = async (item: NftItem) =>
      onRow(item.uri!, await this.fetchShared(item, ctx, new Set()))
    await this.fetchAll(new FetchQueue(todo), read, false)
  }

  /** The cached metadata of these NFTs (fresh or not), by id. */
  cachedRows(nftIds: readonly string[]): Promise<Map<string, MetadataRow>> {
    return this.cache.getMany(nftIds)
  }

  /**
   * Runs `fetch` for every NFT of the queue, visible ones first, with at most `concurrency` at once
   * (METADATA_CONCURRENCY_DURING_JOB and visible ones only while a job runs, unless `yields` is
   * false). The first error stops new fetches; the running ones finish, then it is thrown.
   */
  private async fetchAll(
    queue: FetchQueue,
    fetch: (nft: NftItem) => Promise<void>,
    yields = true,
  ): Promise<void> {
    let failure: { e: unknown } | undefined
    const generation = this.generation
    const slot = async (index: number): Promise<void> => {
      while (!failure && queue.size > 0 && this.generation === generation) {
        const yielding = yields && this.yielding
        const allowed = !yielding || index < METADATA_CONCURRENCY_DURING_JOB
        const nft = allowed ? queue.take(this.visible, yielding) : undefined
        if (!nft) {
          await this.sleep()
          continue
        }
        try {
          await fetch(nft)
        } catch (e) {
          failure ??= { e }
        }
      }
      // A slot that ends lets the sleeping ones see that the queue ran dry.
      this.wake()
    }
    const slots = Math.max(1, Math.min(this.limits.concurrency, queue.size))
    await Promise.all(Array.from({ length: slots }, (_, index) => slot(index)))
    if (failure) throw failure.e
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => this.sleepers.add(resolve))
  }

  private wake(): void {
    const sleepers = [...this.sleepers]
    this.sleepers.clear()
    for (const resume of sleepers) resume()
  }

  /**
   * Cache statistics; `walletEntries` counts the entries of `account`'s NFTs on the current network
   * (0 without an account or a snapshot).
   */
  async stats(account?: string): Promise<CacheStats> {
    const snapshot = account
      ? await this.deps.db.nftSnapshots.get([this.deps.network(), account])
      : undefined
    return this.cache.stats(snapshot?.nfts.map((n) => n.nftId) ?? [])
  }

  /**
   * Empties the cache; returns how many entries were removed. Loads under way stop (the next load
   * fetches afresh), and what their fetches bring after this is not cached: cleared means empty.
   */
  clear(): Promise<number> {
    this.generation += 1
    this.wake()
    return this.cache.clear()
  }

  /** The NFTs to enrich: the snapshot's, or those of it named in `nftIds` (unknown ids skipped). */
  private async nftsOf(network: NetworkId, request: MetadataLoadRequest): Promise<NftItem[]> {
    const { account, nftIds } = request
    if (typeof account !== 'string' || !account) {
      throw new EngineError('VALIDATION', 'Please connect your wallet first')
    }
    if (
      nftIds !== undefined &&
      !(Array.isArray(nftIds) && nftIds.every((id) => typeof id === 'string'))
    ) {
      throw new EngineError('VALIDATION', 'nftIds must be a list of NFTokenIDs')
    }
    const snapshot = await this.deps.db.nftSnapshots.get([network, account])
    if (!snapshot) throw new EngineError('NOT_FOUND', 'Load NFTs first', { account })
    if (!nftIds) return snapshot.nfts
    // The snapshot may be newer than the UI's list (an NFT burned or sent since): skip those.
    const wanted = new Set(nftIds.map((id) => id.toUpperCase()))
    return snapshot.nfts.filter((n) => wanted.has(n.nftId.toUpperCase()))
  }

  /** The NFTs whose cache entry is missing or stale (all of them when forced). */
  private async stale(nfts: NftItem[], force: boolean): Promise<NftItem[]> {
    if (force) return nfts
    const rows = await this.cache.getMany(nfts.map((n) => n.nftId))
    const now = this.now()
    return nfts.filter((n) => !isFresh(rows.get(n.nftId), now))
  }

  /** Gateways (read per load: the user may have changed the setting) and limits. */
  private async context(network: NetworkId): Promise<PipelineContext> {
    const setting: unknown = (await this.deps.db.settings.get('ipfsGateways'))?.value
    const userIpfs = Array.isArray(setting)
      ? setting.filter((g): g is string => typeof g === 'string')
      : []
    const gateways = gatewaysFor(network, this.deps.networks, {
      option: this.deps.gateways,
      userIpfs,
    })
    const { timeoutMs, maxBytes } = this.limits
    const { fetchFn, issuerDomain } = this.deps
    return {
      gateways,
      limits: { timeoutMs, maxBytes },
      pool: this.pool,
      ...(fetchFn ? { fetchFn } : {}),
      ...(issuerDomain ? { issuerDomain: (issuer: string) => issuerDomain(network, issuer) } : {}),
      now: this.now,
    }
  }

  /** Fetches and caches one NFT's metadata, joining a fetch already under way for it. */
  private fetchShared(
    nft: NftItem,
    ctx: PipelineContext,
    protect: ReadonlySet<string>,
  ): Promise<MetadataRow> {
    const running = this.inflight.get(nft.nftId)
    if (running) return running
    const generation = this.generation
    const work = (async () => {
      const row = await fetchMetadataRow(nft, ctx)
      // Cleared meanwhile: the user asked for an empty cache.
      if (this.generation === generation) await this.cache.put(row, protect)
      return row
    })().finally(() => this.inflight.delete(nft.nftId))
    this.inflight.set(nft.nftId, work)
    return work
  }
}
