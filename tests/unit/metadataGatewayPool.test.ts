/**
 * The gateway pool: every IPFS spelling becomes CID + path on the user's gateways (closed gateways
 * never asked), health orders the gateways, a 429 rests its operator for its Retry-After while the
 * others serve, a silent gateway is hedged over, operators are counted once, and a busy gateway
 * spills over to the next instead of queueing.
 */
import type { Client } from 'xrpl'
import { describe, expect, it } from 'vitest'

import { fetchDocument } from '../../src/worker/collection/metadata/fetchDocument.ts'
import { retryAfterMs } from '../../src/worker/collection/metadata/fetchText.ts'
import { GatewayPool } from '../../src/worker/collection/metadata/gatewayPool.ts'
import { operatorOf } from '../../src/worker/collection/metadata/gateways.ts'
import {
  domainFromHex,
  domainMetadataUrl,
} from '../../src/worker/collection/metadata/issuerDomain.ts'
import { IssuerDomains } from '../../src/worker/collection/metadata/issuerDomains.ts'
import { resolveMetadataUri } from '../../src/worker/collection/metadata/resolveUri.ts'

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'
const GATEWAYS = {
  ipfs: ['https://a.example', 'https://b.example'],
  arweave: ['https://ar.example'],
}
const LIMITS = { timeoutMs: 2_000, maxBytes: 1024 * 1024 }

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()

type Handler = (url: string, signal: AbortSignal | undefined) => Promise<Response>

/** A fetch that records the URLs asked and answers with `handler`. */
function fakeFetch(handler: Handler) {
  const calls: string[] = []
  const fn = ((input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString()
    calls.push(url)
    return handler(url, init?.signal ?? undefined)
  }) as typeof fetch
  return { fn, calls }
}

const ok = (body = '{"name":"n"}') =>
  Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }))

/** Never answers; rejects when aborted (as fetch does). */
const silent: Handler = (_, signal) =>
  new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))))

describe('every IPFS spelling on the pool', () => {
  it.each([
    [
      `https://ipfs.io/ipfs/${CID}/LHS #1044.json`,
      `/ipfs/${CID}/LHS%20%231044.json`,
      'https://ipfs.io',
    ],
    [`https://${CID}.ipfs.w3s.link/7.json`, `/ipfs/${CID}/7.json`, `https://${CID}.ipfs.w3s.link`],
    [`https://cloudflare-ipfs.com/ipfs/${CID}/1.json`, `/ipfs/${CID}/1.json`, null],
    [`https://ipfs.infura.io/ipfs/${CID}`, `/ipfs/${CID}`, null],
    [`https://${CID}.ipfs.nftstorage.link/x.json`, `/ipfs/${CID}/x.json`, null],
    [`https://nftstorage.link/ipfs/${CID}/x.json`, `/ipfs/${CID}/x.json`, null],
  ])('%s', (uri, path, own) => {
    const r = resolveMetadataUri(uri, GATEWAYS, 1e6)
    expect(r.kind).toBe('fetch')
    if (r.kind !== 'fetch') return
    const expected = [`https://a.example${path}`, `https://b.example${path}`]
    // The gateway the URI names comes last, unless it closed for good.
    if (own)
      expected.push(
        own.includes('.ipfs.') ? `${own}${path.slice(path.indexOf('/', 7))}` : `${own}${path}`,
      )
    expect(r.urls).toEqual(expected)
  })

  it('counts an operator once', () => {
    expect(operatorOf('ipfs.io')).toBe(operatorOf('dweb.link'))
    expect(operatorOf(`${CID}.ipfs.dweb.link`)).toBe(operatorOf('ipfs.io'))
    expect(operatorOf('127.0.0.1:1')).not.toBe(operatorOf('127.0.0.1:2'))
    const pool = new GatewayPool()
    expect(
      pool.order(['https://ipfs.io/ipfs/x', 'https://dweb.link/ipfs/x', 'https://b.example/x']),
    ).toEqual(['https://ipfs.io/ipfs/x', 'https://b.example/x'])
  })
})

describe('health', () => {
  it('rests a gateway that answers 429 for its Retry-After, and the others serve meanwhile', async () => {
    const pool = new GatewayPool()
    const urls = ['https://a.example/d', 'https://b.example/d']
    const f = fakeFetch((url) =>
      url.startsWith('https://a')
        ? Promise.resolve(
            new Response('slow down', { status: 429, headers: { 'retry-after': '120' } }),
          )
        : ok(),
    )
    expect(await fetchDocument(urls, LIMITS, pool, f.fn)).toEqual({ doc: { name: 'n' } })
    expect(f.calls).toEqual(urls)
    // Resting: the next documents go to b first, without asking a.
    expect(await fetchDocument(urls, LIMITS, pool, f.fn)).toEqual({ doc: { name: 'n' } })
    expect(f.calls.slice(2)).toEqual(['https://b.example/d'])
    const a = pool.report().find((r) => r.operator === 'a.example')
    expect(a?.limited).toBe(1)
    expect(a?.restingUntil).toBeGreaterThan(Date.now() + 100_000)
  })

  it('asks the next gateway when one stays silent, and the first answer wins', async () => {
    const pool = new GatewayPool(Date.now, { hedgeAfterMs: 50 })
    const f = fakeFetch((url, signal) => (url.startsWith('https://a') ? silent(url, signal) : ok()))
    const urls = ['https://a.example/d', 'https://b.example/d']
    expect(await fetchDocument(urls, LIMITS, pool, f.fn)).toEqual({ doc: { name: 'n' } })
    expect(f.calls).toEqual(urls)
  })

  it('asks the others first after a gateway failed, and rests it after several failures in a row', async () => {
    const pool = new GatewayPool()
    const f = fakeFetch((url) =>
      url.startsWith('https://a') ? Promise.reject(new TypeError('fetch failed')) : ok(),
    )
    const urls = ['https://a.example/d', 'https://b.example/d']
    await fetchDocument(urls, LIMITS, pool, f.fn)
    expect(pool.order(urls)).toEqual(['https://b.example/d', 'https://a.example/d'])
    expect(pool.report().find((r) => r.operator === 'a.example')?.restingUntil).toBeNull()
    for (let i = 0; i < 2; i++) await fetchDocument([urls[0]!], LIMITS, pool, f.fn)
    expect(pool.report().find((r) => r.operator === 'a.example')?.restingUntil).not.toBeNull()
  })

  it('does not rest a gateway for one item that never answers while others do', async () => {
    const pool = new GatewayPool(Date.now, { hedgeAfterMs: 10_000 })
    const f = fakeFetch((url, signal) => (url.endsWith('/slow') ? silent(url, signal) : ok()))
    const limits = { ...LIMITS, timeoutMs: 200 }
    const slow = ['/slow', '/slow2'].map(() =>
      fetchDocument(['https://a.example/slow'], limits, pool, f.fn),
    )
    for (let i = 0; i < 5; i++) await fetchDocument([`https://a.example/${i}`], limits, pool, f.fn)
    expect(await Promise.all(slow)).toEqual([{ problem: 'timeout' }, { problem: 'timeout' }])
    expect(pool.report()[0]?.restingUntil).toBeNull()
  })

  it('keeps at most a few requests in flight per gateway, spilling over to the next', async () => {
    const pool = new GatewayPool(Date.now, { perOperator: 2 })
    const release: (() => void)[] = []
    const inFlight = new Map<string, number>()
    let most = 0
    const f = fakeFetch(async (url) => {
      const host = new URL(url).host
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1)
      most = Math.max(most, inFlight.get(host) ?? 0)
      await new Promise<void>((resolve) => release.push(resolve))
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1)
      return ok()
    })
    const urls = ['https://a.example/d', 'https://b.example/d']
    const loads = Array.from({ length: 6 }, () => fetchDocument(urls, LIMITS, pool, f.fn))
    await new Promise((r) => setTimeout(r, 20))
    // Two on a, two spilled over to b, two waiting for a slot.
    expect(f.calls.filter((u) => u.startsWith('https://a'))).toHaveLength(2)
    expect(f.calls.filter((u) => u.startsWith('https://b'))).toHaveLength(2)
    while (release.length) {
      release.shift()?.()
      await new Promise((r) => setTimeout(r, 5))
    }
    await Promise.all(loads)
    expect(most).toBe(2)
  })
})

describe('responses', () => {
  it('takes a URI that answers with a picture as the picture', async () => {
    const f = fakeFetch(() =>
      Promise.resolve(
        new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { 'content-type': 'image/png' },
        }),
      ),
    )
    expect(
      await fetchDocument(
        ['https://a.example/1.png', 'https://b.example/1.png'],
        LIMITS,
        new GatewayPool(),
        f.fn,
      ),
    ).toEqual({
      media: 'image',
      urls: ['https://a.example/1.png', 'https://b.example/1.png'],
    })
  })

  it('tells a picture served untyped (a raw IPFS block) by its first bytes', async () => {
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000')
    const f = fakeFetch(() =>
      Promise.resolve(
        new Response(gif, { headers: { 'content-type': 'application/octet-stream' } }),
      ),
    )
    expect(await fetchDocument(['https://a.example/x'], LIMITS, new GatewayPool(), f.fn)).toEqual({
      media: 'image',
      urls: ['https://a.example/x'],
    })
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('30')).toBe(30_000)
    expect(retryAfterMs(new Date(Date.now() + 60_000).toUTCString(), Date.now())).toBeGreaterThan(
      58_000,
    )
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(null)).toBeUndefined()
  })
})

describe("an issuer's domain (XLS-20, NFTs without a URI)", () => {
  it.each([
    ['onxrp.com', 'onxrp.com'],
    ['https://Example.org/', 'example.org'],
    ['example.org/path?q', 'example.org'],
    ['127.0.0.1:6007', '127.0.0.1:6007'],
    ['evil.com:8443', null],
    ['not a domain', null],
    ['', null],
    ['<script>.com', null],
  ])('%j → %j', (domain, expected) => {
    expect(domainFromHex(hex(domain))).toBe(expected)
  })

  it('reads the metadata at /.well-known/xrpl-nft/{NFTokenID}', () => {
    expect(domainMetadataUrl('onxrp.com', 'ab'.repeat(32))).toBe(
      `https://onxrp.com/.well-known/xrpl-nft/${'AB'.repeat(32)}`,
    )
    expect(domainMetadataUrl('127.0.0.1:6007', '00')).toBe(
      'http://127.0.0.1:6007/.well-known/xrpl-nft/00',
    )
  })
})

describe('what a hostile URI, domain or gateway cannot do', () => {
  it.each([
    `ipfs://${CID}/.%2e/.%2e/secret`,
    `ipfs://${CID}/%2E./x`,
    'ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U/.%2e/.%2e/x',
  ])('climbs out of no content root: %s', (uri) => {
    expect(resolveMetadataUri(uri, GATEWAYS, 1e6)).toEqual({
      kind: 'failed',
      problem: 'unsupported-uri',
    })
  })

  it('leaves a climbing gateway address as the URL parser reads it, on its own host only', () => {
    // The URL parser itself resolves the dot segments: this is https://any.host/x, not content.
    expect(resolveMetadataUri(`https://any.host/ipfs/${CID}/%2e./.%2E/x`, GATEWAYS, 1e6)).toEqual({
      kind: 'fetch',
      urls: ['https://any.host/x'],
    })
  })

  it.each([
    'http://127.0.0.1:631/x.json',
    'http://localhost:8080/x.json',
    'http://192.168.1.1/admin.json',
    'http://router.lan/x.json',
    'http://[::1]:80/x.json',
    `http://10.0.0.1/ipfs/${CID}/x.json`,
  ])('reaches nothing on this device or the local network: %s', (uri) => {
    const r = resolveMetadataUri(uri, GATEWAYS, 1e6)
    const urls = r.kind === 'fetch' ? r.urls : []
    expect(
      urls.every((u) => u.startsWith('https://a.example') || u.startsWith('https://b.example')),
    ).toBe(true)
  })

  it('reaches a local gateway that is configured (the sandbox, your own IPFS daemon)', () => {
    const own = { ipfs: ['http://127.0.0.1:8080'], arweave: [] }
    expect(resolveMetadataUri(`ipfs://${CID}/1.json`, own, 1e6)).toEqual({
      kind: 'fetch',
      urls: [`http://127.0.0.1:8080/ipfs/${CID}/1.json`],
    })
  })

  it('reads hosts as the browser does', () => {
    // A backslash is a slash to the URL parser: the host is evil.com, not an IPFS gateway.
    expect(resolveMetadataUri(`https://evil.com\\.ipfs.io/ipfs/${CID}`, GATEWAYS, 1e6)).toEqual({
      kind: 'fetch',
      urls: [`https://evil.com/.ipfs.io/ipfs/${CID}`],
    })
    // A host that merely contains ".ipfs." with an /ipfs/ path: path style, its address kept.
    const mine = resolveMetadataUri(
      `https://my-nft.ipfs.example.com/ipfs/${CID}/1.json`,
      GATEWAYS,
      1e6,
    )
    expect(mine.kind === 'fetch' && mine.urls.at(-1)).toBe(
      `https://my-nft.ipfs.example.com/ipfs/${CID}/1.json`,
    )
    expect(operatorOf(`${CID}.ipfs.gw.example`)).toBe(operatorOf('gw.example'))
  })

  it.each(['192.168.1.1', '10.0.0.1', 'router', 'localhost:631'])(
    'takes no private domain from an issuer on a public network: %s',
    (domain) => {
      const host = domainFromHex(hex(domain))
      const urls = host ? [domainMetadataUrl(host, '00')] : []
      expect(urls.filter((u) => !u.startsWith('http://localhost'))).toEqual([])
    },
  )

  it('asks the next gateway when one refuses by policy (403, a bot-check page), and learns it', async () => {
    const pool = new GatewayPool()
    const f = fakeFetch((url) =>
      url.startsWith('https://a')
        ? Promise.resolve(new Response('forbidden', { status: 403 }))
        : url.startsWith('https://b')
          ? Promise.resolve(
              new Response('<html>checking your browser</html>', {
                headers: { 'content-type': 'text/html' },
              }),
            )
          : ok(),
    )
    const urls = ['https://a.example/d', 'https://b.example/d', 'https://c.example/d']
    expect(await fetchDocument(urls, LIMITS, pool, f.fn)).toEqual({ doc: { name: 'n' } })
    expect(pool.order(urls)[0]).toBe('https://c.example/d')
    // A 404 is the content's answer everywhere: the search ends.
    const g = fakeFetch(() => Promise.resolve(new Response('missing', { status: 404 })))
    expect(await fetchDocument(urls, LIMITS, new GatewayPool(), g.fn)).toEqual({
      problem: 'http-error',
    })
    expect(g.calls).toHaveLength(1)
  })

  it('demotes a gateway whose every answer is a 5xx, and rests one that says Retry-After: 0', async () => {
    const pool = new GatewayPool()
    const f = fakeFetch((url) =>
      url.startsWith('https://a')
        ? Promise.resolve(new Response('bad gateway', { status: 502 }))
        : ok(),
    )
    const urls = ['https://a.example/d', 'https://b.example/d']
    for (let i = 0; i < 3; i++) await fetchDocument([urls[0]!], LIMITS, pool, f.fn)
    expect(pool.order(urls)[0]).toBe(urls[0])
    for (let i = 0; i < 2; i++) await fetchDocument([urls[0]!], LIMITS, pool, f.fn)
    expect(pool.order(urls)[0]).toBe(urls[1])

    const limited = new GatewayPool()
    const z = fakeFetch(() =>
      Promise.resolve(new Response('slow down', { status: 429, headers: { 'retry-after': '0' } })),
    )
    await fetchDocument(['https://z.example/d'], LIMITS, limited, z.fn)
    expect(limited.report()[0]?.restingUntil).not.toBeNull()
  })

  it('does not send a request into a long Retry-After: the item is left for a later load', async () => {
    const pool = new GatewayPool(Date.now, { maxWaitMs: 50 })
    const f = fakeFetch(() =>
      Promise.resolve(
        new Response('slow down', { status: 429, headers: { 'retry-after': '300' } }),
      ),
    )
    await fetchDocument(['https://a.example/d'], LIMITS, pool, f.fn)
    const later = await Promise.all(
      Array.from({ length: 5 }, () => fetchDocument(['https://a.example/d'], LIMITS, pool, f.fn)),
    )
    expect(later.every((r) => 'problem' in r && r.problem === 'http-error')).toBe(true)
    expect(f.calls).toHaveLength(1)
  })
})

describe("issuers' domains, read once", () => {
  it('asks the ledger once per issuer, also when the account cannot be read', async () => {
    let asked = 0
    const client = {
      request: () => {
        asked++
        return Promise.reject(new Error('actNotFound'))
      },
    } as unknown as Client
    const domains = new IssuerDomains(() => Promise.resolve(client))
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => domains.domainOf('mainnet', 'rIssuer')),
    )
    expect(answers.every((a) => a === null)).toBe(true)
    expect(await domains.domainOf('mainnet', 'rIssuer')).toBeNull()
    expect(asked).toBe(1)
  })

  it('reads the Domain of the account', async () => {
    const client = {
      request: () =>
        Promise.resolve({
          result: { account_data: { Account: 'rIssuer', Domain: hex('onxrp.com') } },
        }),
    } as unknown as Client
    expect(
      await new IssuerDomains(() => Promise.resolve(client)).domainOf('mainnet', 'rIssuer'),
    ).toBe('onxrp.com')
  })
})
