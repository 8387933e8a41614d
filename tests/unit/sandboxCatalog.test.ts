import { describe, expect, it } from 'vitest'
import {
  GATEWAY_PLACEHOLDER,
  OVERSIZED_BYTES,
  demoCollections,
  fillGateway,
  gatewayPathForUri,
  largeCollection,
  resolveGatewayPath,
} from '../../src/sandbox/demo/catalog.ts'
import type { DemoNft, DemoNftKind, GatewayAnswer } from '../../src/sandbox/demo/catalog.ts'

const ALL_KINDS: DemoNftKind[] = [
  'ok',
  'https',
  'data',
  'arweave',
  'slow',
  'failing',
  'not-found',
  'malformed',
  'oversized',
  'html',
  'hostile',
  'broken-image',
  'no-uri',
]
const GOOD_KINDS = new Set<DemoNftKind>([
  'ok',
  'https',
  'arweave',
  'slow',
  'hostile',
  'broken-image',
])

const collections = demoCollections()
const items = collections.flatMap((c) => c.items.map((item) => ({ collection: c, item })))

function text(answer: GatewayAnswer): string {
  return typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body).toString('utf8')
}

function documentOf(item: DemoNft): unknown {
  const uri = item.uri ?? ''
  if (uri.startsWith('data:')) {
    const [head, payload] = splitData(uri)
    const json = head.endsWith(';base64')
      ? Buffer.from(payload, 'base64').toString()
      : decodeURIComponent(payload)
    return JSON.parse(json)
  }
  const answer = resolveGatewayPath(gatewayPathForUri(uri) ?? '')
  return answer ? JSON.parse(text(answer)) : undefined
}

function splitData(uri: string): [string, string] {
  const comma = uri.indexOf(',')
  return [uri.slice(0, comma), uri.slice(comma + 1)]
}

function flat(value: unknown, keys: string[]): unknown {
  if (value === null || typeof value !== 'object') return value
  for (const key of keys) if (key in value) return (value as Record<string, unknown>)[key]
  return undefined
}

/** The image a client would show: image, else image_url, else animation_url, flattened. */
function imageOf(doc: Record<string, unknown>): string {
  return String(flat(doc.image ?? doc.image_url ?? doc.animation_url, ['url', 'value']))
}

describe('demo collections', () => {
  it('are identical on every call', () => {
    expect(demoCollections()).toEqual(collections)
    expect(JSON.stringify(demoCollections())).toBe(JSON.stringify(collections))
  })

  it('hold at least 4 collections and about 250 NFTs, indexed 1..count', () => {
    expect(collections.length).toBeGreaterThanOrEqual(4)
    expect(items).toHaveLength(250)
    for (const c of collections) {
      expect(c.items).toHaveLength(c.count)
      expect(c.items.map((i) => i.index)).toEqual(Array.from({ length: c.count }, (_, i) => i + 1))
    }
    expect(new Set(collections.map((c) => c.key)).size).toBe(collections.length)
    expect(new Set(collections.map((c) => `${c.issuer}/${c.taxon}`)).size).toBe(collections.length)
  })

  it('have mint parameters rippled accepts', () => {
    for (const c of collections) {
      expect(Number.isInteger(c.transferFee) && c.transferFee >= 0 && c.transferFee <= 50_000).toBe(
        true,
      )
      expect(c.flags & ~(1 | 2 | 8)).toBe(0)
      if (c.transferFee > 0) expect(c.flags & 8).toBe(8)
    }
    expect(new Set(collections.map((c) => c.transferFee)).size).toBeGreaterThanOrEqual(3)
  })

  it('include a non-transferable collection issued by the artist', () => {
    expect(collections.some((c) => c.issuer === 'artist' && (c.flags & 8) === 0)).toBe(true)
    expect(collections.some((c) => c.issuer === 'holder')).toBe(true)
  })

  it('contain every kind and every URI style', () => {
    const kinds = new Set(items.map(({ item }) => item.kind))
    for (const kind of ALL_KINDS) expect(kinds).toContain(kind)
    const styles = new Set(items.map(({ item }) => item.uriStyle))
    expect([...styles].sort()).toEqual(['ar', 'cid', 'data', 'https', 'ipfs', 'ipfs-ipfs', 'none'])
  })

  it('mint URIs of at most 256 bytes, null only for no-uri', () => {
    for (const { item } of items) {
      expect(item.uri === null).toBe(item.kind === 'no-uri')
      if (item.uri === null) continue
      const filled = fillGateway(item.uri, 'http://127.0.0.1:65535')
      expect(Buffer.byteLength(filled)).toBeLessThanOrEqual(256)
      expect(filled).not.toContain(GATEWAY_PLACEHOLDER)
    }
  })

  it('spell URIs as their style says', () => {
    const patterns: Record<string, RegExp> = {
      ipfs: /^ipfs:\/\/(Qm|b)[^/]+\/\d+\.json$/,
      'ipfs-ipfs': /^ipfs:\/\/ipfs\/(Qm|b)[^/]+\/\d+\.json$/,
      cid: /^(Qm|bafk)[A-Za-z0-9]+$/,
      https: /^\{gateway\}\/meta\/[a-z-]+\/\d+\.json$/,
      data: /^data:application\/json(;base64|;charset=utf-8),/,
      ar: /^ar:\/\/[A-Za-z0-9_-]{43}$/,
    }
    for (const { item } of items) {
      if (item.uri !== null) expect(item.uri).toMatch(patterns[item.uriStyle] ?? /^$/)
    }
  })
})

describe('resolveGatewayPath over the catalogue', () => {
  it('resolves every fetchable URI to the behaviour of its kind', () => {
    for (const { item } of items) {
      if (item.uri === null || item.kind === 'data') continue
      const answer = resolveGatewayPath(gatewayPathForUri(item.uri) ?? '')
      expect(answer, item.uri).toBeDefined()
      if (!answer) continue
      const expected = { failing: 500, 'not-found': 404 } as Record<string, number>
      expect(answer.status).toBe(expected[item.kind] ?? 200)
      expect(answer.delayMs ?? 0).toBe(item.kind === 'slow' ? 30_000 : 0)
      if (item.kind === 'html') expect(answer.contentType).toMatch(/^text\/html/)
      if (item.kind === 'oversized') expect(Buffer.byteLength(text(answer))).toBeGreaterThan(2e6)
      if (answer.status === 200 && item.kind !== 'html') {
        expect(answer.contentType).toMatch(/^application\/json/)
      }
    }
  })

  it('serves documents whose name is the item name, for every good kind', () => {
    for (const { item } of items) {
      if (!GOOD_KINDS.has(item.kind) && item.kind !== 'data') continue
      const doc = documentOf(item) as Record<string, unknown>
      expect(typeof doc).toBe('object')
      expect(flat(doc.name, ['name', 'value'])).toBe(item.name)
    }
  })

  it('serves malformed items as something other than a JSON object', () => {
    const malformed = items.filter(({ item }) => item.kind === 'malformed')
    for (const { item } of malformed) {
      expect(item.name).toBeNull()
      const body = text(
        resolveGatewayPath(gatewayPathForUri(item.uri ?? '') ?? '') as GatewayAnswer,
      )
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        continue
      }
      expect(parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)).toBe(true)
    }
  })

  it('keeps the oversized document valid JSON beyond the size bound', () => {
    const item = items.find(({ item }) => item.kind === 'oversized')?.item
    const body = text(resolveGatewayPath(gatewayPathForUri(item?.uri ?? '') ?? '') as GatewayAnswer)
    expect(body.length).toBeGreaterThanOrEqual(OVERSIZED_BYTES)
    expect(typeof JSON.parse(body)).toBe('object')
  })

  it('resolves the images of good documents, and not those of broken-image items', () => {
    for (const { item } of items) {
      if (!['ok', 'https', 'arweave', 'data', 'slow', 'broken-image'].includes(item.kind)) continue
      const image = imageOf(documentOf(item) as Record<string, unknown>)
      const answer = resolveGatewayPath(gatewayPathForUri(image) ?? '')
      if (item.kind === 'broken-image') expect(answer, image).toBeUndefined()
      else expect(answer?.contentType, image).toMatch(/^image\/(svg\+xml|png)$/)
    }
  })

  it('answers undefined for unknown paths', () => {
    const dir = collections[0]?.dirCid ?? ''
    for (const path of [
      '',
      '/',
      '/ipfs/',
      `/ipfs/${dir}`,
      `/ipfs/${dir}/`,
      `/ipfs/${dir}/0.json`,
      `/ipfs/${dir}/61.json`,
      `/ipfs/${dir}/img/1.gif`,
      '/ipfs/bafyunknown/1.json',
      '/meta/nope/1.json',
      '/meta/badges/1.json/extra',
      '/ar/unknown',
      '/other/x',
    ]) {
      expect(resolveGatewayPath(path), path).toBeUndefined()
    }
  })

  it('returns the same answers on every call', () => {
    for (const { item } of items.filter((_, i) => i % 10 === 0)) {
      const path = gatewayPathForUri(item.uri ?? '') ?? '/none'
      expect(resolveGatewayPath(path)).toEqual(resolveGatewayPath(path))
    }
  })
})

describe('metadata variety', () => {
  const docs = items
    .filter(({ item }) => item.kind === 'ok' || item.kind === 'https' || item.kind === 'arweave')
    .map(({ item }) => documentOf(item) as Record<string, unknown>)

  it('covers the shapes the normaliser must flatten', () => {
    expect(docs.some((d) => typeof d.collection === 'string')).toBe(true)
    expect(docs.some((d) => typeof d.collection === 'object')).toBe(true)
    expect(docs.some((d) => typeof d.name === 'object')).toBe(true)
    expect(docs.some((d) => typeof d.description === 'object')).toBe(true)
    expect(docs.some((d) => typeof d.image === 'object')).toBe(true)
    expect(docs.some((d) => 'image_url' in d && !('image' in d))).toBe(true)
    expect(docs.some((d) => 'animation_url' in d && !('image' in d) && !('image_url' in d))).toBe(
      true,
    )
    expect(docs.some((d) => String(d.image).startsWith('ipfs://'))).toBe(true)
    const attributes = docs.flatMap((d): unknown[] =>
      Array.isArray(d.attributes) ? (d.attributes as unknown[]) : [],
    )
    expect(attributes.some((a) => typeof a === 'string')).toBe(true)
    const values = attributes.map((a) => (a as { value?: unknown }).value)
    for (const type of ['string', 'number', 'object', 'boolean']) {
      expect(values.some((v) => typeof v === type)).toBe(true)
    }
  })

  it('includes hostile markup, unsafe schemes and long strings', () => {
    const hostile = items
      .filter(({ item }) => item.kind === 'hostile')
      .map(({ item }) =>
        text(resolveGatewayPath(gatewayPathForUri(item.uri ?? '') ?? '') as GatewayAnswer),
      )
    const all = hostile.join('\n')
    for (const needle of ['<script>', 'onerror=', 'javascript:', 'data:text/html', '__proto__']) {
      expect(all).toContain(needle)
    }
    expect(hostile.some((body) => body.length > 100_000)).toBe(true)
  })
})

describe('large collection', () => {
  it('has 5000 items by default, deterministic, all resolvable', () => {
    const large = largeCollection()
    expect(large.items).toHaveLength(5000)
    expect(large.count).toBe(5000)
    expect(largeCollection()).toEqual(large)
    expect(new Set(large.items.map((i) => i.uri)).size).toBe(5000)
    for (const item of large.items) {
      const answer = resolveGatewayPath(gatewayPathForUri(item.uri ?? '') ?? '')
      expect(answer?.status).toBe(200)
    }
    expect(collections.some((c) => c.key === large.key || c.dirCid === large.dirCid)).toBe(false)
  })

  it('takes a count, and the gateway serves indexes beyond the default size', () => {
    expect(largeCollection(10).items).toHaveLength(10)
    expect(() => largeCollection(0)).toThrow(RangeError)
    const dir = largeCollection(1).dirCid
    expect(resolveGatewayPath(`/ipfs/${dir}/20000.json`)?.status).toBe(200)
    expect(resolveGatewayPath(`/ipfs/${dir}/100001.json`)).toBeUndefined()
  })
})

describe('gatewayPathForUri', () => {
  it('maps every URI style to a gateway path', () => {
    expect(gatewayPathForUri('ipfs://bafyx/1.json')).toBe('/ipfs/bafyx/1.json')
    expect(gatewayPathForUri('ipfs://ipfs/Qmx/1.json')).toBe('/ipfs/Qmx/1.json')
    expect(gatewayPathForUri('ar://abc')).toBe('/ar/abc')
    expect(gatewayPathForUri('{gateway}/meta/badges/1.json')).toBe('/meta/badges/1.json')
    expect(gatewayPathForUri('http://127.0.0.1:6007/meta/badges/1.json')).toBe(
      '/meta/badges/1.json',
    )
    expect(gatewayPathForUri('data:application/json,{}')).toBeUndefined()
    expect(gatewayPathForUri('javascript:alert(1)')).toBeUndefined()
  })
})
