/**
 * Metadata enrichment through the Engine against the sandbox's metadata gateway: the demo holder's
 * 250 NFTs, every kind of good and bad metadata in the catalogue, the cache as the UI observes it,
 * and gateway failover.
 */
import { liveQuery } from 'dexie'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { MetadataRow } from '../../../src/db/types/metadata.ts'
import type { NftItem } from '../../../src/db/types/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { demoCollections, fillGateway } from '../../../src/sandbox/demo/catalog.ts'
import type { DemoNft, DemoNftKind } from '../../../src/sandbox/demo/catalog.ts'
import type { Gateway } from '../../../src/sandbox/gateway/server.ts'
import type { MetadataProgress } from '../../../src/worker/api.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import { deadPort } from '../../helpers/ports.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const holder = demoAccounts().holder.classicAddress
/**
 * Short enough that the catalogue's 30 s "slow" items time out quickly, long enough that a good item
 * never does on a loaded machine (at 300 ms one did, with three test files at a time on 2 cores).
 */
const TIMEOUT_MS = 2_000

let h: EngineHarness
let gateway: Gateway
let nfts: NftItem[]
/** The catalogue item behind each of the holder's NFTs. */
let itemOf: Map<string, DemoNft>

beforeAll(async () => {
  h = await startEngineHarness(
    { demo: true, gatewayPort: 0 },
    { metadata: { limits: { timeoutMs: TIMEOUT_MS } } },
  )
  if (!h.sb.gateway) throw new Error('the harness started no gateway')
  gateway = h.sb.gateway
  await h.engine.loadNfts(undefined, holder)
  nfts = (await h.db.nftSnapshots.get(['sandbox', holder]))?.nfts ?? []
  itemOf = matchCatalogue(nfts, gateway.url)
})

afterAll(async () => {
  await h.stop()
})

/** Pairs NFTs with catalogue items by URI (items without a URI are interchangeable). */
function matchCatalogue(list: NftItem[], gatewayUrl: string): Map<string, DemoNft> {
  const items = demoCollections().flatMap((c) => c.items)
  const byUri = new Map(items.map((i) => [i.uri ? fillGateway(i.uri, gatewayUrl) : null, i]))
  const out = new Map<string, DemoNft>()
  for (const nft of list) {
    const item = byUri.get(nft.uri)
    if (!item) throw new Error(`no catalogue item for ${nft.uri}`)
    out.set(nft.nftId, item)
  }
  return out
}

const ids = (predicate: (item: DemoNft) => boolean) =>
  nfts.filter((n) => predicate(itemOf.get(n.nftId) as DemoNft)).map((n) => n.nftId)

async function rows(): Promise<Map<string, MetadataRow>> {
  const all = await h.db.metadata.toArray()
  return new Map(all.map((r) => [r.nftId, r]))
}

const GOOD: DemoNftKind[] = ['ok', 'https', 'data', 'arweave', 'broken-image']
const EXPECTED_FAILURE: Partial<Record<DemoNftKind, MetadataRow['problem']>> = {
  slow: 'timeout',
  failing: 'http-error',
  'not-found': 'http-error',
  malformed: 'not-json',
  html: 'not-json',
  oversized: 'too-large',
  'no-uri': 'no-uri',
}
/** What a request would be made for: everything but inline documents and NFTs without a URI. */
const fetched = (i: DemoNft) => i.kind !== 'data' && i.kind !== 'no-uri'

describe('Engine.loadMetadata: the demo holder, cold', () => {
  let result: MetadataProgress
  const reports: MetadataProgress[] = []
  const counts: number[] = []
  let requestsBefore = 0

  beforeAll(async () => {
    expect(nfts).toHaveLength(250)
    requestsBefore = gateway.requests()
    const observer = liveQuery(() => h.db.metadata.count()).subscribe((n) => counts.push(n))
    result = await h.engine.loadMetadata({ account: holder }, (p) => reports.push(p))
    // The observer is told of the last writes a moment later: wait until it has seen them all.
    await vi.waitFor(() => expect(counts).toContain(250), { timeout: 10_000, interval: 5 })
    observer.unsubscribe()
  })

  it('accounts for every NFT', () => {
    const failed = nfts.length - ids((i) => GOOD.includes(i.kind) || i.kind === 'hostile').length
    expect(result).toEqual({ total: 250, cached: 0, loaded: 250 - failed, failed, pending: 0 })
    expect(reports.at(-1)).toEqual(result)
    expect(reports.length).toBeGreaterThanOrEqual(1)
  })

  it('loads every good item with the name the catalogue expects', async () => {
    const cache = await rows()
    const good = ids((i) => GOOD.includes(i.kind))
    expect(good.length).toBeGreaterThan(200)
    for (const id of good) {
      const row = cache.get(id)
      expect(row, id).toMatchObject({ status: 'loaded', name: itemOf.get(id)?.name })
      expect(row?.problem).toBeUndefined()
      expect(row?.image ?? '', id).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      expect(row?.sizeBytes).toBeGreaterThan(50)
    }
  })

  it('flattens object-valued fields and reads image_url / animation_url fallbacks', async () => {
    const cache = await rows()
    const relics = nfts.filter((n) => n.taxon === 7).map((n) => cache.get(n.nftId))
    expect(relics.every((r) => r?.collection === 'Ancient Relics')).toBe(true)
    expect(relics.every((r) => r?.description?.startsWith('A '))).toBe(true)
    expect(relics.every((r) => r?.attributes.some((a) => a.trait_type === 'Material'))).toBe(true)
    const voyagers = nfts.filter((n) => n.taxon === 42).map((n) => cache.get(n.nftId))
    expect(voyagers.every((r) => r?.image?.includes('/ipfs/'))).toBe(true)
    expect(voyagers.some((r) => r?.image?.includes('/anim/'))).toBe(true)
  })

  it('caches each failure with its problem', async () => {
    const cache = await rows()
    for (const [kind, problem] of Object.entries(EXPECTED_FAILURE)) {
      const failing = ids((i) => i.kind === kind)
      expect(failing.length, kind).toBeGreaterThan(0)
      for (const id of failing)
        expect(cache.get(id), kind).toMatchObject({ status: 'failed', problem })
    }
  })

  it('renders hostile documents harmless', async () => {
    const cache = await rows()
    const hostile = ids((i) => i.kind === 'hostile').map((id) => cache.get(id) as MetadataRow)
    expect(hostile).toHaveLength(8)
    for (const row of hostile) {
      const text = JSON.stringify(row)
      expect(row.status).toBe('loaded')
      expect(text).not.toMatch(/<\s*\/?\s*[a-z!]/i)
      expect(text).not.toMatch(/javascript:|vbscript:|data:text\/html|file:|data:image\/svg/i)
      expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/)
      expect(row.name?.length ?? 0).toBeLessThanOrEqual(200)
      expect(row.description?.length ?? 0).toBeLessThanOrEqual(2000)
      expect(row.attributes.length).toBeLessThanOrEqual(100)
      expect(row.image ?? '').not.toMatch(/["'\s<>]/)
      expect(row.sizeBytes).toBeLessThan(20_000)
    }
    expect(hostile.some((r) => r.name?.startsWith('Proto #'))).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('requests each fetchable URI once and nothing for inline or missing URIs', () => {
    // Timed-out "slow" answers are never sent, so the gateway does not count them.
    const expected = ids((i) => fetched(i) && i.kind !== 'slow').length
    expect(gateway.requests() - requestsBefore).toBe(expected)
  })

  it('writes rows as they land, so an observer sees the cache fill in', () => {
    expect(counts.at(-1)).toBe(250)
    expect(counts.some((n) => n > 0 && n < 250)).toBe(true)
  })
})

describe('Engine.loadMetadata: warm, forced, subsets', () => {
  it('serves a second load from the cache without a request', async () => {
    const before = gateway.requests()
    const result = await h.engine.loadMetadata({ account: holder })
    expect(result).toEqual({ total: 250, cached: 250, loaded: 0, failed: 0, pending: 0 })
    expect(gateway.requests()).toBe(before)
  })

  it('refetches everything when forced', async () => {
    const before = gateway.requests()
    const started = Date.now()
    const result = await h.engine.loadMetadata({ account: holder, force: true })
    expect(result.cached).toBe(0)
    expect(result.loaded + result.failed).toBe(250)
    expect(gateway.requests() - before).toBe(ids((i) => fetched(i) && i.kind !== 'slow').length)
    const fetchedAt = [...(await rows()).values()].map((r) => r.fetchedAt)
    expect(Math.min(...fetchedAt)).toBeGreaterThanOrEqual(started)
  })

  it('enriches only the NFTs asked for, skipping ids not in the snapshot', async () => {
    const two = ids((i) => i.kind === 'ok').slice(0, 2)
    const result = await h.engine.loadMetadata({
      account: holder,
      nftIds: [...two, '000800006203F49C21D5D6E022CB16DE3538F248662FC73C00000000DEADBEEF'],
      force: true,
    })
    expect(result).toEqual({ total: 2, cached: 0, loaded: 2, failed: 0, pending: 0 })
  })

  it('asks for the NFT list first', async () => {
    const stranger = demoAccounts().recipients[0]?.classicAddress ?? ''
    expect(await engineError(h.engine.loadMetadata({ account: stranger }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Load NFTs first',
    })
  })

  it('rejects malformed requests', async () => {
    const bad = { account: holder, nftIds: 'all' } as unknown as { account: string }
    expect((await engineError(h.engine.loadMetadata(bad))).code).toBe('VALIDATION')
  })
})

describe('gateway failover and the ipfsGateways setting', () => {
  it('falls over from a dead gateway to the next', async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`
    const engine = h.reopen({
      metadata: { limits: { timeoutMs: TIMEOUT_MS }, gateways: { ipfs: [dead, gateway.url] } },
    })
    await engine.connect('sandbox')
    const result = await engine.loadMetadata({ account: holder, force: true })
    const cache = await rows()
    for (const id of ids((i) => GOOD.includes(i.kind))) {
      expect(cache.get(id), id).toMatchObject({ status: 'loaded', name: itemOf.get(id)?.name })
    }
    // Pictures point at the gateway that answers; the dead one stays as the last resort.
    const picture = cache.get(ids((i) => i.kind === 'ok' && i.uriStyle === 'ipfs')[0] ?? '')
    expect(picture?.image).toContain(gateway.url)
    expect(picture?.imageUrls?.at(-1)).toContain(dead)
    expect(result.loaded).toBe(ids((i) => GOOD.includes(i.kind) || i.kind === 'hostile').length)
  })

  it("uses the user's gateways when set, and the network's when the list is empty", async () => {
    const dead = `http://127.0.0.1:${await deadPort()}`
    const ipfsOnly = ids((i) => i.kind === 'ok' && i.uriStyle === 'ipfs').slice(0, 3)
    await h.engine.saveSettings({ ipfsGateways: [dead] })
    const viaDead = await h.engine.loadMetadata({ account: holder, nftIds: ipfsOnly, force: true })
    expect(viaDead).toMatchObject({ loaded: 0, failed: 3 })
    expect((await rows()).get(ipfsOnly[0] ?? '')).toMatchObject({ problem: 'network' })
    await h.engine.saveSettings({ ipfsGateways: [] })
    const viaDefault = await h.engine.loadMetadata({
      account: holder,
      nftIds: ipfsOnly,
      force: true,
    })
    expect(viaDefault).toMatchObject({ loaded: 3, failed: 0 })
  })
})
