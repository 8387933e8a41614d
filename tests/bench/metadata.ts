/**
 * Metadata enrichment throughput: 2,000 NFTs of the large demo collection (`ipfs://<dirCid>/<n>.json`)
 * through the real pipeline (resolve, fetch, parse, normalise, cache write into fake-indexeddb)
 * against the sandbox gateway, no ledger involved.
 *
 * - cold: MetadataService.load with its pool of 15 (a new fetch starts as soon as one ends);
 * - warm: the same load again, all from the cache;
 * - batches: the spec's scheme, strict batches of 15 (wait for the whole batch, then the next),
 *   same pipeline and cache writes, on a fresh cache;
 * - pool: the cold load again on a fresh cache and a fresh engine pool, with three gateways: one
 *   that hangs (first in the list), one that answers 429 (Retry-After: 1) above 10 requests a
 *   second, and the healthy one; its rate against the healthy cold load (the goal is ≥ 0.8), and
 *   how many loaded cards have no picture address on a gateway that answers (the goal is 0).
 *
 * Latency model (deterministic): the gateway answers after 100 ms; in addition, one item in 20,
 * chosen by a seeded PRNG, answers 200 ms later (300 ms in all), as a cold IPFS block does. The
 * extra delay is added by a wrapper around fetch, keyed by URL, so both schemes meet exactly the
 * same slow items.
 */
import 'fake-indexeddb/auto'

import { MetadataCache } from '../../src/db/metadataCache.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import type { NftItem } from '../../src/db/types/nfts.ts'
import { largeCollection } from '../../src/sandbox/demo/catalog.ts'
import { mulberry32 } from '../../src/sandbox/demo/catalogRandom.ts'
import { startGateway } from '../../src/sandbox/gateway/server.ts'
import { METADATA_CONCURRENCY } from '../../src/shared/constants.ts'
import { buildNetworks } from '../../src/shared/networks.ts'
import { gatewaysFor } from '../../src/worker/collection/metadata/gateways.ts'
import { DEFAULT_METADATA_LIMITS } from '../../src/worker/collection/metadata/metadataLimits.ts'
import { MetadataService } from '../../src/worker/collection/metadata/metadataService.ts'
import { fetchMetadataRow } from '../../src/worker/collection/metadata/pipeline.ts'
import type { PipelineContext } from '../../src/worker/collection/metadata/pipeline.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const N = size(2000, 40)
/** The gateway's answer time, as a public gateway's round trip (the mint suite's check uses it too). */
export const GATEWAY_LATENCY_MS = 100
const SLOW_EXTRA_MS = 200
const SLOW_SHARE = 1 / 20
const ACCOUNT = 'rBenchMetadataHolder'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** NftItem-like inputs: synthetic ids, the collection's real URIs. */
function benchNfts(): NftItem[] {
  return largeCollection(N).items.map((item, i) => ({
    nftId: (i + 1).toString(16).toUpperCase().padStart(64, '0'),
    issuer: ACCOUNT,
    taxon: 99,
    serial: i + 1,
    transferFee: 0,
    flags: 8,
    transferable: true,
    burnable: false,
    uri: item.uri,
  }))
}

/** fetch with the deterministic extra delay of the slow items (keyed by URL path). */
function jitteredFetch(nfts: NftItem[]): { fetchFn: typeof fetch; slow: number } {
  const random = mulberry32(0x6d657461)
  const slowPaths = new Set(
    nfts.filter(() => random() < SLOW_SHARE).map((n) => (n.uri ?? '').replace('ipfs://', '/ipfs/')),
  )
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    if (slowPaths.has(url.pathname)) await sleep(SLOW_EXTRA_MS)
    return fetch(input, init)
  }) as typeof fetch
  return { fetchFn, slow: slowPaths.size }
}

async function freshDb(label: string): Promise<LedgerDb> {
  const db = new LedgerDb(`bench-metadata-${label}-${process.pid}-${Date.now()}`)
  await db.open()
  return db
}

/** The spec's scheme for comparison: strict batches of 15, each batch waits for its slowest. */
async function loadInBatches(db: LedgerDb, nfts: NftItem[], ctx: PipelineContext) {
  const cache = new MetadataCache(db)
  let loaded = 0
  for (let i = 0; i < nfts.length; i += METADATA_CONCURRENCY) {
    const batch = nfts.slice(i, i + METADATA_CONCURRENCY)
    const rows = await Promise.all(
      batch.map(async (nft) => {
        const row = await fetchMetadataRow(nft, ctx)
        await cache.put(row)
        return row
      }),
    )
    loaded += rows.filter((r) => r.status === 'loaded').length
  }
  return loaded
}

/** The cold load through a pool of a hanging, a rate-limited and the healthy gateway. */
async function poolLoad(
  healthy: string,
  nfts: NftItem[],
  fetchFn: typeof fetch,
  networks: ReturnType<typeof buildNetworks>,
) {
  const limited = await startGateway({
    port: 0,
    latencyMs: GATEWAY_LATENCY_MS,
    rateLimit: { perSecond: 10, retryAfterS: 1 },
  })
  const hanging = await startGateway({ port: 0, hang: true })
  const db = await freshDb('gateway-pool')
  try {
    await db.nftSnapshots.put({
      network: 'sandbox',
      account: ACCOUNT,
      nfts,
      loadedAt: 0,
      ledgerIndex: 0,
    })
    const service = new MetadataService({
      db,
      network: () => 'sandbox',
      networks,
      fetchFn,
      isMobile: false,
      gateways: { ipfs: [hanging.url, limited.url, healthy] },
    })
    const cold = await timed(() => service.load({ account: ACCOUNT }))
    check('pool', cold.value.loaded)
    const rows = await db.metadata.toArray()
    const answering = [healthy, limited.url]
    const withoutPicture = rows.filter(
      (r) => !(r.imageUrls ?? []).some((url) => answering.some((g) => url.startsWith(g))),
    ).length
    const firstOnHanging = rows.filter((r) => r.image?.startsWith(hanging.url)).length
    return {
      ms: cold.ms,
      limited429: limited.limited(),
      hangingAsked: hanging.received(),
      withoutPicture,
      firstOnHanging,
    }
  } finally {
    db.close()
    await db.delete()
    await Promise.all([limited.stop(), hanging.stop()])
  }
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await run()
  return { ms: performance.now() - t0, value }
}

function check(what: string, loaded: number): void {
  if (loaded !== N) throw new Error(`bench metadata: ${what} loaded ${loaded} of ${N}`)
}

export const metadataSuite: Suite = {
  name: 'metadata',
  async run(): Promise<Figures> {
    const gateway = await startGateway({ port: 0, latencyMs: GATEWAY_LATENCY_MS })
    const dbs: LedgerDb[] = []
    try {
      const nfts = benchNfts()
      const { fetchFn, slow } = jitteredFetch(nfts)
      const base = buildNetworks({})
      const networks = { ...base, sandbox: { ...base.sandbox, metadataGateway: gateway.url } }
      // One request first: the gateway's route index and the HTTP connection are set up once.
      await fetch(`${gateway.url}/health`).then((r) => r.text())

      const poolDb = await freshDb('pool')
      dbs.push(poolDb)
      const snapshot = {
        network: 'sandbox' as const,
        account: ACCOUNT,
        nfts,
        loadedAt: 0,
        ledgerIndex: 0,
      }
      await poolDb.nftSnapshots.put(snapshot)
      const service = new MetadataService({
        db: poolDb,
        network: () => 'sandbox',
        networks,
        fetchFn,
        isMobile: false,
      })
      const cold = await timed(() => service.load({ account: ACCOUNT }))
      check('cold', cold.value.loaded)
      const warm = await timed(() => service.load({ account: ACCOUNT }))
      if (warm.value.cached !== N) throw new Error('bench metadata: warm load fetched')

      const batchDb = await freshDb('batches')
      dbs.push(batchDb)
      const ctx: PipelineContext = {
        gateways: gatewaysFor('sandbox', networks),
        limits: {
          timeoutMs: DEFAULT_METADATA_LIMITS.timeoutMs,
          maxBytes: DEFAULT_METADATA_LIMITS.maxBytes,
        },
        fetchFn,
        now: Date.now,
      }
      const batches = await timed(() => loadInBatches(batchDb, nfts, ctx))
      check('batches', batches.value)

      const pooled = await poolLoad(gateway.url, nfts, fetchFn, networks)

      const poolRate = (N / cold.ms) * 1000
      const batchRate = (N / batches.ms) * 1000
      const troubledRate = (N / pooled.ms) * 1000
      return {
        gateway_latency_ms: GATEWAY_LATENCY_MS,
        slow_items: slow,
        slow_item_extra_ms: SLOW_EXTRA_MS,
        cold2000_nfts_per_s: Math.round(poolRate),
        cold2000_ms: Math.round(cold.ms),
        warm2000_ms: Math.round(warm.ms),
        batches2000_nfts_per_s: Math.round(batchRate),
        batches2000_ms: Math.round(batches.ms),
        ratio_pool_over_batches: Math.round((poolRate / batchRate) * 100) / 100,
        troubled_pool2000_nfts_per_s: Math.round(troubledRate),
        troubled_pool2000_ms: Math.round(pooled.ms),
        ratio_troubled_over_healthy: Math.round((troubledRate / poolRate) * 100) / 100,
        troubled_429_answers: pooled.limited429,
        troubled_hanging_requests: pooled.hangingAsked,
        troubled_cards_without_answering_picture: pooled.withoutPicture,
        troubled_pictures_first_on_hanging: pooled.firstOnHanging,
      }
    } finally {
      for (const db of dbs) {
        db.close()
        await db.delete()
      }
      await gateway.stop()
    }
  },
}
