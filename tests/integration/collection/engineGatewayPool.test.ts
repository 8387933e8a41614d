/**
 * Metadata from gateways that behave as public ones do: the engine's IPFS list holds a closed host,
 * a gateway that hangs, one that answers 429 with Retry-After above 5 requests a second, and a
 * healthy one. Every card of the demo holder still loads, from the gateways that answer. URIs that
 * name a closed or a subdomain gateway load from the pool, and NFTs minted without a URI load from
 * their issuer's domain (XLS-20).
 */
import { Wallet, convertStringToHex } from 'xrpl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { NftItem } from '../../../src/db/types/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { demoCollections, fillGateway } from '../../../src/sandbox/demo/catalog.ts'
import type { DemoNft } from '../../../src/sandbox/demo/catalog.ts'
import { startGateway } from '../../../src/sandbox/gateway/server.ts'
import type { Gateway } from '../../../src/sandbox/gateway/server.ts'
import { deadPort } from '../../helpers/ports.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const holder = demoAccounts().holder.classicAddress
const TIMEOUT_MS = 2_000

let h: EngineHarness
let healthy: Gateway
let limited: Gateway
let hanging: Gateway
let closed: string

beforeAll(async () => {
  limited = await startGateway({ port: 0, rateLimit: { perSecond: 5, retryAfterS: 1 } })
  hanging = await startGateway({ port: 0, hang: true })
  closed = `http://127.0.0.1:${await deadPort()}`
  h = await startEngineHarness({ demo: true, gatewayPort: 0 }, {})
  if (!h.sb.gateway) throw new Error('the harness started no gateway')
  healthy = h.sb.gateway
})

afterAll(async () => {
  await h.stop()
  await Promise.all([limited.stop(), hanging.stop()])
})

/**
 * Hosts the engine tried to reach beyond this machine. The URIs below name public (closed) gateways:
 * they must be read from the local gateways, never fetched, so the test's fetch refuses and records
 * any other host instead of reaching the internet.
 */
const offMachine: string[] = []
const loopbackOnly = ((input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input.toString())
  if (url.hostname !== '127.0.0.1') {
    offMachine.push(url.host)
    return Promise.reject(new TypeError('off this machine'))
  }
  return fetch(input, init)
}) as typeof fetch

/** An engine whose IPFS gateways are, in order: rate-limited, closed, hanging, healthy. */
async function poolEngine() {
  const engine = h.reopen({
    metadata: {
      limits: { timeoutMs: TIMEOUT_MS },
      gateways: { ipfs: [limited.url, closed, hanging.url, healthy.url] },
      fetchFn: loopbackOnly,
    },
  })
  await engine.connect('sandbox')
  return engine
}

async function snapshotOf(account: string): Promise<NftItem[]> {
  return (await h.db.nftSnapshots.get(['sandbox', account]))?.nfts ?? []
}

describe('a pool with a closed host, a hanging gateway and a rate-limited one', () => {
  it('loads every card of the demo holder that the healthy gateway alone loads, from the gateways that answer', async () => {
    await h.engine.loadNfts(undefined, holder)
    const nfts = await snapshotOf(holder)
    const items = demoCollections().flatMap((c) => c.items)
    const byUri = new Map(items.map((i) => [i.uri ? fillGateway(i.uri, healthy.url) : null, i]))
    const item = (n: NftItem) => byUri.get(n.uri) as DemoNft
    const ipfsGood = nfts.filter((n) => item(n)?.kind === 'ok' && item(n)?.uriStyle === 'ipfs')
    expect(ipfsGood.length).toBeGreaterThan(50)

    const engine = await poolEngine()
    await engine.loadMetadata({ account: holder, force: true })
    const rows = new Map((await h.db.metadata.toArray()).map((r) => [r.nftId, r]))
    for (const nft of ipfsGood) {
      const row = rows.get(nft.nftId)
      expect(row, nft.nftId).toMatchObject({ status: 'loaded', name: item(nft).name })
      // The picture comes from a gateway that answers; the others stay as later resorts.
      const picture = row?.image ?? ''
      expect(picture.startsWith(healthy.url) || picture.startsWith(limited.url), picture).toBe(true)
      expect(row?.imageUrls?.length).toBeGreaterThanOrEqual(2)
    }
    // Each misbehaving gateway was asked, and the load went on without it.
    expect(limited.limited()).toBeGreaterThan(0)
    expect(hanging.received()).toBeGreaterThan(0)
    expect(hanging.received()).toBeLessThan(ipfsGood.length)
  })
})

describe('URIs that name a gateway, and NFTs without a URI', () => {
  const issuer = Wallet.generate()
  const domainIssuer = Wallet.generate()
  let expected: (string | null)[] = []

  beforeAll(async () => {
    fundInProcess(h.sb.ledger, 200, issuer, domainIssuer)
    // Three good items of a collection published as an IPFS directory.
    const good = demoCollections()
      .flatMap((c) => c.items)
      .filter((i) => i.kind === 'ok' && /^ipfs:\/\/b[a-z2-7]+\/\d+\.json$/.test(i.uri ?? ''))
      .slice(0, 3)
    expect(good).toHaveLength(3)
    expected = good.map((i) => i.name).sort()
    const [a, b, c] = good.map((i) => /^ipfs:\/\/([^/]+)\/(.*)$/.exec(i.uri ?? '') ?? [])
    for (const uri of [
      `https://${a?.[1]}.ipfs.nftstorage.link/${a?.[2]}`,
      `https://cloudflare-ipfs.com/ipfs/${b?.[1]}/${b?.[2]}`,
      `https://ipfs.infura.io/ipfs/${c?.[1]}/${c?.[2]}`,
    ]) {
      const minted = submitInProcess(h.sb.ledger, issuer, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 1,
        Flags: 8,
        URI: convertStringToHex(uri),
      })
      expect(minted.engine_result).toBe('tesSUCCESS')
    }
    const host = new URL(healthy.url).host
    const domainSet = submitInProcess(h.sb.ledger, domainIssuer, {
      TransactionType: 'AccountSet',
      Domain: convertStringToHex(host),
    })
    expect(domainSet.engine_result).toBe('tesSUCCESS')
    for (let i = 0; i < 2; i++) {
      const minted = submitInProcess(h.sb.ledger, domainIssuer, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 2,
        Flags: 8,
      })
      expect(minted.engine_result).toBe('tesSUCCESS')
    }
    await h.sb.ledgerAccept()
  })

  it('fetches a closed or subdomain gateway’s content from the live gateways', async () => {
    const engine = await poolEngine()
    await engine.loadNfts(undefined, issuer.address)
    const progress = await engine.loadMetadata({ account: issuer.address })
    expect(progress).toMatchObject({ total: 3, loaded: 3, failed: 0 })
    const rows = await h.db.metadata.bulkGet((await snapshotOf(issuer.address)).map((n) => n.nftId))
    expect(rows.map((r) => r?.name).sort()).toEqual(expected)
    // Read from the pool: the closed gateways the URIs name were never asked.
    expect(offMachine).toEqual([])
  })

  it("reads the metadata of NFTs without a URI at the issuer's domain, and says so", async () => {
    await h.engine.loadNfts(undefined, domainIssuer.address)
    const progress = await h.engine.loadMetadata({ account: domainIssuer.address })
    expect(progress).toMatchObject({ total: 2, loaded: 2, failed: 0 })
    const nfts = await snapshotOf(domainIssuer.address)
    for (const nft of nfts) {
      const row = await h.db.metadata.get(nft.nftId)
      expect(row).toMatchObject({
        status: 'loaded',
        name: `Domain NFT #${nft.serial}`,
        origin: { kind: 'issuer-domain', domain: new URL(healthy.url).host },
      })
      expect(row?.image).toContain(`/domain-media/${nft.nftId}.svg`)
    }
  })
})
