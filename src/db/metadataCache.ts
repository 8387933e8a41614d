/**
 * The metadata cache repository (spec part 2 §4, §9): rows keyed by NFTokenID, written one by one as
 * fetches land, trusted for 24 h, pruned to the newest 75 % when storage quota runs out, and capped
 * at 3 MB on mobile devices. The worker is its only writer; the UI reads through queries/metadata.ts.
 */
import { CACHE_PRUNE_KEEP_RATIO, METADATA_CACHE_TTL_MS } from '../shared/constants.ts'
import type { CacheStats } from './types/metadata.ts'
import { cacheStats, cacheUsageBytes, metadataByIds } from './queries/metadata.ts'
import type { LedgerDb } from './schema.ts'
import type { MetadataProblem, MetadataRow } from './types/metadata.ts'

/**
 * How long a failure that may be temporary (timeout, network, HTTP error: a gateway having a bad
 * minute, a rate limit) is trusted before it is retried: minutes, so that the next load after a
 * gateway recovers fetches it again (the gateway pool already tried every gateway before this). Definite failures (no URI, unsupported URI, not JSON, too
 * large) live as long as good rows: refetching them every load would only repeat the same answer.
 */
export const TRANSIENT_FAILURE_TTL_MS = 5 * 60 * 1000

const TRANSIENT: ReadonlySet<MetadataProblem> = new Set(['timeout', 'network', 'http-error'])

/** How long `row` stays fresh. */
export function ttlOf(row: MetadataRow): number {
  const transient =
    row.status === 'failed' && row.problem !== undefined && TRANSIENT.has(row.problem)
  return transient ? TRANSIENT_FAILURE_TTL_MS : METADATA_CACHE_TTL_MS
}

/**
 * Whether a cached row can be used without a refetch at time `now`. A row from the future (the
 * clock went back) is not trusted.
 */
export function isFresh(row: MetadataRow | undefined, now: number): row is MetadataRow {
  if (!row) return false
  const age = now - row.fetchedAt
  return age >= 0 && age < ttlOf(row)
}

const QUOTA_NAMES = new Set([
  'QuotaExceededError', // the standard DOMException, and Dexie's mapped error of the same name
  'NS_ERROR_DOM_QUOTA_REACHED', // old Firefox
  'QUOTA_EXCEEDED_ERR', // old Safari
])

/**
 * Whether an error (or the error it wraps: Dexie keeps the IndexedDB error in `inner`, a failed
 * transaction surfaces as an AbortError around it, a bulk write in `failures`) means storage quota.
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false
  const e = error as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown }
  if (typeof e.name === 'string' && QUOTA_NAMES.has(e.name)) return true
  const first = Array.isArray(e.failures) ? (e.failures[0] as unknown) : undefined
  return [e.inner, e.cause, first].some((inner) => isQuotaError(inner, depth + 1))
}

/** Options of {@link MetadataCache}. */
export interface MetadataCacheOptions {
  /** Size cap in bytes (mobile devices: 3 MB); null for none. */
  limitBytes?: number | null
}

/** Reads and writes metadata rows with the spec's limits. */
export class MetadataCache {
  private readonly limitBytes: number | null
  /** Bytes in the cache as far as this writer knows; recounted at each load (other tabs write). */
  private usedBytes: number | undefined
  /** Set when a write failed even after pruning: stop trying until the next load. */
  private quotaExhausted = false
  /** Set when the mobile cap was reached by the NFTs being loaded: no more writes this load. */
  private capReached = false
  /**
   * The one prune of the current load. The 15 writes in flight fail together when storage runs
   * out; each pruning its own 25 % would empty most of the cache, so they share one, and a write
   * that still fails after it means the storage is really full.
   */
  private prune: Promise<number> | undefined

  /**
   * @param db - the app's database.
   * @param options - the mobile size cap.
   */
  constructor(
    private readonly db: LedgerDb,
    options: MetadataCacheOptions = {},
  ) {
    this.limitBytes = options.limitBytes === undefined ? null : options.limitBytes
  }

  /** Prepares for a load: recounts usage under a cap and gives writing another chance. */
  async beginLoad(): Promise<void> {
    this.quotaExhausted = false
    this.capReached = false
    this.prune = undefined
    this.usedBytes = this.limitBytes === null ? undefined : await cacheUsageBytes(this.db)
  }

  /** The cached rows of `ids` (missing ones absent from the map). */
  getMany(ids: readonly string[]): Promise<Map<string, MetadataRow>> {
    return metadataByIds(this.db, ids)
  }

  /**
   * Writes one row. On a quota error the oldest entries are pruned (keeping the newest 75 %; once
   * per load) and the write is tried once more; if it fails again, writing stops until the next
   * load. Under a size cap, reaching the cap first clears the entries that are not in `protect`
   * (the NFTs being loaded); if the cap is still reached, the row is not written.
   *
   * @returns whether the row was stored.
   */
  async put(row: MetadataRow, protect: ReadonlySet<string> = new Set()): Promise<boolean> {
    if (this.quotaExhausted) return false
    try {
      return await this.write(row, protect)
    } catch (error) {
      if (!isQuotaError(error)) throw error
    }
    await (this.prune ??= this.pruneOldest())
    try {
      return await this.write(row, protect)
    } catch (error) {
      if (!isQuotaError(error)) throw error
      this.quotaExhausted = true
      return false
    }
  }

  private async write(row: MetadataRow, protect: ReadonlySet<string>): Promise<boolean> {
    if (this.limitBytes === null) {
      await this.db.metadata.put(row)
      return true
    }
    return this.db.transaction('rw', this.db.metadata, () => this.writeCapped(row, protect))
  }

  /** Inside a transaction, so the size check and the write see the same cache. */
  private async writeCapped(row: MetadataRow, protect: ReadonlySet<string>): Promise<boolean> {
    if (this.capReached) return false
    const limit = this.limitBytes ?? Infinity
    const previous = (await this.db.metadata.get(row.nftId))?.sizeBytes ?? 0
    let used = (this.usedBytes ??= await cacheUsageBytes(this.db)) - previous
    if (used + row.sizeBytes > limit) {
      // Spec: a mobile cache over the limit is cleared: everything but what is loading now ...
      await this.db.metadata.filter((r) => !protect.has(r.nftId)).delete()
      used = (await cacheUsageBytes(this.db)) - previous
      this.usedBytes = used + previous
    }
    if (used + row.sizeBytes > limit) {
      // ... or no longer written, when the NFTs being loaded fill it alone.
      this.capReached = true
      return false
    }
    await this.db.metadata.put(row)
    this.usedBytes = used + row.sizeBytes
    return true
  }

  /**
   * Deletes the oldest entries (by fetch time), keeping the newest {@link CACHE_PRUNE_KEEP_RATIO}.
   *
   * @returns how many were deleted.
   */
  async pruneOldest(keepRatio: number = CACHE_PRUNE_KEEP_RATIO): Promise<number> {
    const count = await this.db.metadata.count()
    const remove = count - Math.floor(count * keepRatio)
    if (remove <= 0) return 0
    const oldest = await this.db.metadata.orderBy('fetchedAt').limit(remove).primaryKeys()
    await this.db.metadata.bulkDelete(oldest)
    this.usedBytes = undefined
    return oldest.length
  }

  /** The spec's statistics; `walletNftIds` are the current account's NFTs. */
  stats(walletNftIds: readonly string[]): Promise<CacheStats> {
    return cacheStats(this.db, walletNftIds)
  }

  /** Empties the cache; returns how many entries there were. */
  async clear(): Promise<number> {
    const count = await this.db.transaction('rw', this.db.metadata, async () => {
      const n = await this.db.metadata.count()
      await this.db.metadata.clear()
      return n
    })
    this.usedBytes = this.limitBytes === null ? undefined : 0
    this.capReached = false
    return count
  }
}
