/**
 * The metadata cache through the Engine: the 24 h lifetime (and the shorter one of transient
 * failures) with an injected clock, statistics and Clear Cache, pruning to the newest 75 % on a
 * storage quota error, and the mobile size cap.
 *
 * fake-indexeddb has no storage quota, so quota errors are simulated with a Dexie `creating` hook on
 * the metadata table that throws a `QuotaExceededError` DOMException, as a full browser store does:
 * the error travels through Dexie's own error path (and wrapping) to the repository.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import type { MetadataRow } from '../../../src/db/types/metadata.ts'
import type { NftItem } from '../../../src/db/types/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import type { MetadataOptions } from '../../../src/worker/collection/metadata/metadataLimits.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const holder = demoAccounts().holder.classicAddress
const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
/**
 * Short enough that the catalogue's 30 s "slow" items time out quickly, long enough that a good item
 * never does on a loaded machine (at 300 ms one did, with three test files at a time on 2 cores).
 */
const TIMEOUT_MS = 2_000

let h: EngineHarness
let nfts: NftItem[]

beforeAll(async () => {
  h = await startEngineHarness(
    { demo: true, gatewayPort: 0 },
    { metadata: { limits: { timeoutMs: TIMEOUT_MS } } },
  )
  await h.engine.loadNfts(undefined, holder)
  nfts = (await h.db.nftSnapshots.get(['sandbox', holder]))?.nfts ?? []
})

afterAll(async () => {
  await h.stop()
})

/** A second engine on the same database with other metadata options (connected, so on Sandbox). */
async function engineWith(metadata: MetadataOptions): Promise<Engine> {
  const limits = { timeoutMs: TIMEOUT_MS, ...metadata.limits }
  const engine = h.reopen({ metadata: { ...metadata, limits } })
  await engine.connect('sandbox')
  return engine
}

/** Rows for NFTs that are not the holder's (another wallet's cache), `ageMs` old and older. */
function foreignRows(count: number, newestAt: number, bytes = 400): MetadataRow[] {
  return Array.from({ length: count }, (_, i) => ({
    nftId: `F${String(i).padStart(63, '0')}`,
    status: 'loaded',
    name: `Foreign #${i}`,
    description: 'x'.repeat(Math.max(0, bytes - 200)),
    collection: null,
    image: null,
    attributes: [],
    fetchedAt: newestAt - (count - i) * 60_000,
    sizeBytes: bytes,
  }))
}

async function holderRowCount(): Promise<number> {
  return h.db.metadata
    .where('nftId')
    .anyOf(nfts.map((n) => n.nftId))
    .count()
}

async function usedBytes(): Promise<number> {
  let total = 0
  await h.db.metadata.each((r) => void (total += r.sizeBytes))
  return total
}

describe('freshness', () => {
  let cold: { loaded: number; failed: number }
  let transientFailures = 0

  beforeAll(async () => {
    await h.engine.clearMetadataCache()
    cold = await h.engine.loadMetadata({ account: holder })
    const failed = await h.db.metadata
      .where('nftId')
      .anyOf(nfts.map((n) => n.nftId))
      .toArray()
    transientFailures = failed.filter(
      (r) => r.problem === 'timeout' || r.problem === 'http-error',
    ).length
  })

  it('trusts every entry for the first minutes', async () => {
    const engine = await engineWith({ now: () => Date.now() + 4 * MINUTE })
    expect(await engine.loadMetadata({ account: holder })).toMatchObject({
      cached: 250,
      loaded: 0,
      failed: 0,
    })
  })

  it('retries transient failures (timeouts, HTTP errors) after 5 minutes, nothing else', async () => {
    expect(transientFailures).toBeGreaterThan(5)
    const engine = await engineWith({ now: () => Date.now() + 6 * MINUTE })
    const result = await engine.loadMetadata({ account: holder })
    expect(result).toMatchObject({ cached: 250 - transientFailures, loaded: 0 })
    expect(result.failed).toBe(transientFailures)
  })

  it('refetches everything older than 24 hours', async () => {
    const later = Date.now() + 25 * HOUR
    const engine = await engineWith({ now: () => later })
    const result = await engine.loadMetadata({ account: holder })
    expect(result).toMatchObject({
      total: 250,
      cached: 0,
      loaded: cold.loaded,
      failed: cold.failed,
    })
    const rows = await h.db.metadata
      .where('nftId')
      .anyOf(nfts.map((n) => n.nftId))
      .toArray()
    expect(rows.every((r) => r.fetchedAt === later)).toBe(true)
  })

  it('does not trust entries from the future (a clock set back)', async () => {
    const engine = await engineWith({ now: () => Date.now() - HOUR })
    expect((await engine.loadMetadata({ account: holder })).cached).toBe(0)
  })
})

describe('statistics and Clear Cache', () => {
  beforeAll(async () => {
    await h.engine.clearMetadataCache()
    await h.db.metadata.bulkPut(foreignRows(10, Date.now()))
    await h.engine.loadMetadata({ account: holder })
  })

  it("reports the wallet's entries, all entries and the size", async () => {
    const stats = await h.engine.getCacheStats(holder)
    expect(stats.walletEntries).toBe(250)
    expect(stats.totalEntries).toBe(260)
    expect(stats.sizeKb).toBeGreaterThan(50)
    expect(stats.sizeKb).toBeCloseTo((await usedBytes()) / 1024, 1)
  })

  it('counts no wallet entries without a wallet or a snapshot', async () => {
    expect(await h.engine.getCacheStats()).toMatchObject({ walletEntries: 0, totalEntries: 260 })
    const stranger = demoAccounts().artist.classicAddress
    expect((await h.engine.getCacheStats(stranger)).walletEntries).toBe(0)
  })

  it('clears everything and says how much', async () => {
    expect(await h.engine.clearMetadataCache()).toBe(260)
    expect(await h.db.metadata.count()).toBe(0)
    expect(await h.engine.getCacheStats(holder)).toEqual({
      walletEntries: 0,
      totalEntries: 0,
      sizeKb: 0,
    })
    expect(await h.engine.clearMetadataCache()).toBe(0)
  })
})

describe('storage quota', () => {
  let unhook: (() => void) | undefined
  afterEach(() => unhook?.())

  /** Makes the next `times` row creations fail as a full store does. */
  function quotaFailures(times: number): void {
    let left = times
    const hook = () => {
      if (left-- > 0) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    h.db.metadata.hook('creating', hook)
    unhook = () => h.db.metadata.hook('creating').unsubscribe(hook)
  }

  it('prunes to the newest 75 % and retries the write', async () => {
    await h.engine.clearMetadataCache()
    const seeded = foreignRows(100, Date.now() - HOUR)
    await h.db.metadata.bulkPut(seeded)
    // One fetch at a time, so the prune sees exactly the 100 seeded rows.
    const engine = await engineWith({ limits: { concurrency: 1 } })
    quotaFailures(1)
    const result = await engine.loadMetadata({ account: holder })
    expect(result.loaded + result.failed).toBe(250)
    const left = new Set(await h.db.metadata.toCollection().primaryKeys())
    const kept = seeded.filter((r) => left.has(r.nftId))
    expect(kept).toEqual(seeded.slice(25)) // the 75 newest of 100
    expect(await holderRowCount()).toBe(250) // the failed write went through on retry
  })

  it('gives up writing, not loading, when pruning does not help', async () => {
    await h.engine.clearMetadataCache()
    await h.db.metadata.bulkPut(foreignRows(8, Date.now() - HOUR))
    const engine = await engineWith({})
    quotaFailures(Infinity)
    // 15 fetches land close together and fail together: they share one prune, not one each.
    const result = await engine.loadMetadata({ account: holder })
    expect(result).toMatchObject({ total: 250, cached: 0, pending: 0 })
    expect(result.loaded + result.failed).toBe(250)
    expect(await holderRowCount()).toBe(0)
    expect(await h.db.metadata.count()).toBe(6) // pruned once: 8 → 6, then no more tries
  })
})

describe('cache caps', () => {
  const CAP = 40 * 1024

  it('clears other entries first, then stops writing at the cap', async () => {
    await h.engine.clearMetadataCache()
    await h.db.metadata.bulkPut(foreignRows(20, Date.now() - HOUR, 1000))
    const engine = await engineWith({ isMobile: true, limits: { mobileCacheBytes: CAP } })
    const result = await engine.loadMetadata({ account: holder })
    expect(result.loaded + result.failed).toBe(250)
    expect(await usedBytes()).toBeLessThanOrEqual(CAP)
    expect(await h.db.metadata.where('nftId').startsWith('F').count()).toBe(0)
    const written = await holderRowCount()
    expect(written).toBeGreaterThan(50)
    expect(written).toBeLessThan(250)
    // The rest were not written, so the next load fetches them again.
    expect((await engine.loadMetadata({ account: holder })).cached).toBe(written)
  })

  it('caps the desktop cache too, at its own limit, the oldest entries going first', async () => {
    await h.engine.clearMetadataCache()
    await h.db.metadata.bulkPut(foreignRows(20, Date.now() - HOUR, 1000))
    const limits = { mobileCacheBytes: CAP, desktopCacheBytes: 2 * CAP }
    const engine = await engineWith({ isMobile: false, limits })
    const result = await engine.loadMetadata({ account: holder })
    expect(result.loaded + result.failed).toBe(250)
    expect(await usedBytes()).toBeLessThanOrEqual(2 * CAP)
    // More than the mobile cap allows, and the older entries of other wallets made room first.
    expect(await usedBytes()).toBeGreaterThan(CAP)
    expect(await h.db.metadata.where('nftId').startsWith('F').count()).toBe(0)
    expect(await holderRowCount()).toBeLessThan(250)
  })

  it('keeps the production caps at 3 MB on mobile and 50 MB elsewhere', async () => {
    const { DEFAULT_METADATA_LIMITS } =
      await import('../../../src/worker/collection/metadata/metadataLimits.ts')
    expect(DEFAULT_METADATA_LIMITS.mobileCacheBytes).toBe(3 * 1024 * 1024)
    expect(DEFAULT_METADATA_LIMITS.desktopCacheBytes).toBe(50 * 1024 * 1024)
    expect(DEFAULT_METADATA_LIMITS.concurrency).toBe(15)
  })
})
