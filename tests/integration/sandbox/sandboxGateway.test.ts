import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { demoCollections, fillGateway } from '../../../src/sandbox/demo/catalog.ts'
import type { DemoNft, DemoNftKind, DemoUriStyle } from '../../../src/sandbox/demo/catalog.ts'
import { startGateway } from '../../../src/sandbox/gateway/server.ts'
import type { Gateway, GatewayOptions } from '../../../src/sandbox/gateway/server.ts'

const collections = demoCollections()
const items = collections.flatMap((c) => c.items)

function find(predicate: (item: DemoNft) => boolean): DemoNft {
  const item = items.find(predicate)
  if (!item) throw new Error('no such demo item')
  return item
}

const byKind = (kind: DemoNftKind) => find((i) => i.kind === kind)
const byStyle = (style: DemoUriStyle) => find((i) => i.uriStyle === style && i.kind !== 'slow')

/** The HTTP URL a client resolver would fetch for a catalogue URI on this gateway. */
function urlOf(gateway: Gateway, uri: string | null): string {
  const u = fillGateway(uri ?? '', gateway.url)
  if (u.startsWith('ipfs://')) return `${gateway.url}/ipfs/${u.slice(7).replace(/^ipfs\//, '')}`
  if (u.startsWith('ar://')) return `${gateway.url}/ar/${u.slice(5)}`
  if (/^(Qm|baf)/.test(u)) return `${gateway.url}/ipfs/${u}`
  return u
}

async function withGateway(opts: GatewayOptions, run: (g: Gateway) => Promise<void> | void) {
  const gateway = await startGateway({ port: 0, ...opts })
  try {
    await run(gateway)
  } finally {
    await gateway.stop()
  }
}

async function statuses(gateway: Gateway, count: number): Promise<number[]> {
  const out: number[] = []
  const uri = byKind('ok').uri
  for (let i = 0; i < count; i++) {
    const response = await fetch(urlOf(gateway, uri))
    await response.arrayBuffer()
    out.push(response.status)
  }
  return out
}

describe('metadata gateway over HTTP', () => {
  let gateway: Gateway
  beforeAll(async () => {
    gateway = await startGateway({ port: 0 })
  })
  afterAll(async () => {
    await gateway.stop()
  })

  it('listens on 127.0.0.1 at the URL it reports', async () => {
    expect(gateway.url).toBe(`http://127.0.0.1:${gateway.port}`)
    expect(gateway.port).toBeGreaterThan(0)
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200)
  })

  it('serves metadata with CORS, a JSON type and the placeholder filled in', async () => {
    const item = byStyle('https')
    const response = await fetch(urlOf(gateway, item.uri))
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const body = await response.text()
    expect(body).toContain(gateway.url)
    expect(body).not.toContain('{gateway}')
    expect((JSON.parse(body) as { name: unknown }).name).toBe(item.name)
  })

  it('serves every fetchable URI style, IPFS content as immutable', async () => {
    for (const style of ['ipfs', 'ipfs-ipfs', 'cid', 'ar'] as const) {
      const response = await fetch(urlOf(gateway, byStyle(style).uri))
      expect(response.status, style).toBe(200)
      expect(response.headers.get('cache-control'), style).toContain('immutable')
      expect(typeof JSON.parse(await response.text()), style).toBe('object')
    }
  })

  it('serves SVG and PNG images with their content types', async () => {
    const dir = collections.find((c) => c.key === 'pixel-cats')?.dirCid ?? ''
    const svg = await fetch(`${gateway.url}/ipfs/${dir}/img/3.svg`)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(await svg.text()).toMatch(/^<svg /)
    const png = await fetch(`${gateway.url}/meta/badges/img/2.png`)
    expect(png.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await png.arrayBuffer())
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('answers the broken kinds as the catalogue says', async () => {
    const expectations: [DemoNftKind, number, RegExp][] = [
      ['failing', 500, /^text\/plain/],
      ['not-found', 404, /^text\/plain/],
      ['html', 200, /^text\/html/],
      ['malformed', 200, /^application\/json/],
      ['oversized', 200, /^application\/json/],
    ]
    for (const [kind, status, type] of expectations) {
      const response = await fetch(urlOf(gateway, byKind(kind).uri))
      expect(response.status, kind).toBe(status)
      expect(response.headers.get('content-type'), kind).toMatch(type)
      const body = await response.arrayBuffer()
      if (kind === 'oversized') expect(body.byteLength).toBeGreaterThan(2 * 1024 * 1024)
      if (status !== 200) expect(response.headers.get('cache-control'), kind).toBe('no-store')
    }
  })

  it('answers 404 with CORS for unknown paths', async () => {
    for (const path of ['/', '/nope', '/ipfs/bafyunknown/1.json', '/meta/badges/999.json']) {
      const response = await fetch(`${gateway.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      await response.arrayBuffer()
    }
  })

  it('answers a CORS preflight', async () => {
    const response = await fetch(`${gateway.url}/meta/badges/1.json`, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toContain('GET')
  })

  it('answers HEAD with the GET headers and no body', async () => {
    const url = `${gateway.url}/meta/badges/5.json`
    const get = await fetch(url)
    const length = (await get.arrayBuffer()).byteLength
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(length))
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('refuses other methods with 405', async () => {
    const response = await fetch(`${gateway.url}/meta/badges/1.json`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toContain('GET')
  })

  it('counts the responses it sends', async () => {
    const before = gateway.requests()
    await statuses(gateway, 3)
    expect(gateway.requests()).toBe(before + 3)
  })
})

describe('metadata gateway fault injection', () => {
  it('fails every request at rate 1 and none at rate 0', async () => {
    await withGateway({ failureRate: 1 }, async (gateway) => {
      const failed = await statuses(gateway, 20)
      expect(failed).toEqual(Array(20).fill(503))
      gateway.setFailureRate(0)
      expect(await statuses(gateway, 20)).toEqual(Array(20).fill(200))
    })
  })

  it('marks injected failures as retryable and uncacheable', async () => {
    await withGateway({ failureRate: 1 }, async (gateway) => {
      const response = await fetch(`${gateway.url}/meta/badges/1.json`)
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('1')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    })
  })

  it('injects the same failures for the same seed', async () => {
    const runs: number[][] = []
    for (let i = 0; i < 2; i++) {
      await withGateway({ failureRate: 0.5, seed: 7 }, async (gateway) => {
        runs.push(await statuses(gateway, 40))
      })
    }
    expect(runs[0]).toEqual(runs[1])
    expect(runs[0]).toContain(200)
    expect(runs[0]).toContain(503)
  })

  it('rejects invalid settings', async () => {
    await expect(startGateway({ port: 0, failureRate: 2 })).rejects.toThrow(RangeError)
    await withGateway({}, (gateway) => {
      expect(() => gateway.setLatency(-1)).toThrow(RangeError)
      expect(() => gateway.setFailureRate(Number.NaN)).toThrow(RangeError)
    })
  })

  it('refuses a port already in use', async () => {
    await withGateway({}, async (gateway) => {
      await expect(startGateway({ port: gateway.port })).rejects.toThrow(/EADDRINUSE/)
    })
  })
})

describe('metadata gateway latency and stop', () => {
  it('holds responses back while latency is set, and answers at once when cleared', async () => {
    const gateway = await startGateway({ port: 0, latencyMs: 60_000 })
    const held = fetch(`${gateway.url}/meta/badges/1.json`).then(
      (r) => r.status,
      () => 'dropped',
    )
    await vi.waitFor(() => expect(gateway.pending()).toBe(1))
    gateway.setLatency(0)
    expect((await fetch(`${gateway.url}/meta/badges/2.json`)).status).toBe(200)
    expect(gateway.pending()).toBe(1)
    await gateway.stop()
    expect(await held).toBe('dropped')
  })

  it('does not wait for a slow item when stopping', async () => {
    const gateway = await startGateway({ port: 0 })
    const slow = fetch(urlOf(gateway, byKind('slow').uri)).then(
      (r) => r.status,
      () => 'dropped',
    )
    await vi.waitFor(() => expect(gateway.pending()).toBe(1))
    await gateway.stop()
    // Had stop() waited for the 30 s answer, the client would have received a 200.
    expect(await slow).toBe('dropped')
    expect(gateway.requests()).toBe(0)
    expect(gateway.pending()).toBe(0)
    await gateway.stop() // idempotent
  })
})

describe('behaving as public gateways do', () => {
  it('answers 429 with Retry-After above its rate, and serves again in the next second', async () => {
    await withGateway({ rateLimit: { perSecond: 3, retryAfterS: 7 } }, async (g) => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => fetch(urlOf(g, byKind('ok').uri))),
      )
      const codes = answers.map((r) => r.status).sort()
      expect(codes).toEqual([200, 200, 200, 429, 429])
      expect(answers.find((r) => r.status === 429)?.headers.get('retry-after')).toBe('7')
      for (const r of answers) await r.arrayBuffer()
      expect(g.limited()).toBe(2)
    })
  })

  it('hangs: takes requests and answers none until the client gives up', async () => {
    await withGateway({ hang: true }, async (g) => {
      const outcome = await fetch(urlOf(g, byKind('ok').uri), {
        signal: AbortSignal.timeout(300),
      }).then(
        () => 'answered',
        () => 'gave up',
      )
      expect(outcome).toBe('gave up')
      expect(g.received()).toBe(1)
      g.setHang(false)
      expect((await fetch(urlOf(g, byKind('ok').uri))).status).toBe(200)
    })
  })

  it('serves subdomain-style requests (CID.ipfs.host) and issuer-domain documents', async () => {
    await withGateway({}, async (g) => {
      const path = new URL(urlOf(g, byKind('ok').uri)).pathname
      const [, , cid, ...rest] = path.split('/')
      const viaSubdomain = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: g.port,
              path: `/${rest.join('/')}`,
              headers: { host: `${cid}.ipfs.localhost:${g.port}` },
            },
            (res) => {
              let body = ''
              res.on('data', (chunk: Buffer) => (body += chunk.toString()))
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
            },
          )
          req.on('error', reject)
          req.end()
        },
      )
      expect(viaSubdomain.status).toBe(200)
      expect(viaSubdomain.body).toBe(await (await fetch(`${g.url}${path}`)).text())
      const id = `000800001234${'AB'.repeat(22)}0000002A`
      const doc = (await (await fetch(`${g.url}/.well-known/xrpl-nft/${id}`)).json()) as {
        name: string
        image: string
      }
      expect(doc.name).toBe('Domain NFT #42')
      expect((await fetch(doc.image)).headers.get('content-type')).toBe('image/svg+xml')
    })
  })
})
