/**
 * Metadata normalisation and sanitising: the spec's flattening of object-valued fields, image
 * fallbacks and safe schemes, attribute shapes and caps, text hygiene, and JSON parsing that cannot
 * pollute prototypes.
 */
import { describe, expect, it } from 'vitest'
import {
  MAX_ATTRIBUTES,
  normalizeDocument,
} from '../../src/worker/collection/metadata/normalize.ts'
import { parseDocument } from '../../src/worker/collection/metadata/parseDocument.ts'
import type { MetadataDocument } from '../../src/worker/collection/metadata/parseDocument.ts'
import { resolveMediaUrls } from '../../src/worker/collection/metadata/resolveUri.ts'
import { capLength, cleanText } from '../../src/worker/collection/metadata/sanitize.ts'

const GATEWAYS = { ipfs: ['https://gw.example'], arweave: ['https://ar.example'] }
const normalize = (doc: MetadataDocument) =>
  normalizeDocument(doc, (ref) => resolveMediaUrls(ref, GATEWAYS))

describe('flattening object-valued fields (spec part 1 §3)', () => {
  it.each([
    ['name', { name: 'Plain' }, 'Plain'],
    ['name', { name: { value: 'From value' } }, 'From value'],
    ['name', { name: { name: 'From name', value: 'ignored' } }, 'From name'],
    ['name', { name: 42 }, '42'],
    ['name', { name: { other: 'x' } }, null],
    ['name', { name: ['a'] }, null],
    ['collection', { collection: 'Cats' }, 'Cats'],
    ['collection', { collection: { name: 'Cats', family: 'Zoo' } }, 'Cats'],
    ['collection', { collection: { value: 'Cats' } }, 'Cats'],
    ['collection', { collection: { name: { name: { name: 'deep' } } } }, null],
    ['description', { description: { description: 'Nested' } }, 'Nested'],
    ['description', { description: { value: 'Valued' } }, 'Valued'],
    ['description', { description: 'Line 1\n\n\n\nLine 2  end' }, 'Line 1\n\nLine 2 end'],
  ] as const)('%s of %j', (field, doc, expected) => {
    expect(normalize(doc as MetadataDocument)[field]).toBe(expected)
  })
})

describe('image', () => {
  it.each([
    [{ image: 'ipfs://bafyimage/1.png' }, 'https://gw.example/ipfs/bafyimage/1.png'],
    [{ image: { url: 'https://cdn.example/1.png' } }, 'https://cdn.example/1.png'],
    [{ image: { value: 'https://cdn.example/2.png' } }, 'https://cdn.example/2.png'],
    [{ image_url: 'https://cdn.example/3.png' }, 'https://cdn.example/3.png'],
    [{ animation_url: 'ipfs://bafyanim/1.svg' }, 'https://gw.example/ipfs/bafyanim/1.svg'],
    [
      { image: 'javascript:alert(1)', image_url: 'https://cdn.example/ok.png' },
      'https://cdn.example/ok.png',
    ],
    [{ image: '  JaVaScRiPt:alert(1)', image_url: 'vbscript:x', animation_url: 'file:///x' }, null],
    [{ image: 'data:text/html;base64,PHNjcmlwdD4=' }, null],
    [{ image: 'data:image/svg+xml,<svg onload=alert(1)>' }, null],
    [{ image: 'data:image/gif;base64,R0lGOD' }, 'data:image/gif;base64,R0lGOD'],
    [{ image: 42 }, null],
    [{}, null],
  ])('%j', (doc, expected) => {
    expect(normalize(doc).image).toBe(expected)
  })
})

describe('attributes', () => {
  it.each([
    [[{ trait_type: 'Fur', value: 'Tabby' }], [{ trait_type: 'Fur', value: 'Tabby' }]],
    [[{ trait_type: 'Lives', value: 9 }], [{ trait_type: 'Lives', value: '9' }]],
    [[{ trait_type: 'Curious', value: true }], [{ trait_type: 'Curious', value: 'true' }]],
    [[{ trait_type: 'Mat', value: { value: 'Jade' } }], [{ trait_type: 'Mat', value: 'Jade' }]],
    [[{ trait_type: 'From', value: { name: 'Mu' } }], [{ trait_type: 'From', value: 'Mu' }]],
    [[{ type: 'Alt', value: 'x' }], [{ trait_type: 'Alt', value: 'x' }]],
    [[{ trait_type: 'List', value: ['a', 1, null] }], [{ trait_type: 'List', value: 'a, 1' }]],
    [[{ trait_type: 'Empty', value: null }], [{ trait_type: 'Empty', value: '' }]],
    [
      ['Rare', 'Blue eyes'],
      [
        { trait_type: '', value: 'Rare' },
        { trait_type: '', value: 'Blue eyes' },
      ],
    ],
    [
      { Fur: 'Void', Lives: 9 },
      [
        { trait_type: 'Fur', value: 'Void' },
        { trait_type: 'Lives', value: '9' },
      ],
    ],
    [[null, {}, '', 7], [{ trait_type: '', value: '7' }]],
    ['not a list', []],
    [
      [{ trait_type: '<svg onload=alert(1)>', value: '<u>x</u>' }],
      [{ trait_type: '', value: 'x' }],
    ],
  ])('%j', (attributes, expected) => {
    expect(normalize({ attributes }).attributes).toEqual(expected)
  })

  it(`keeps at most ${MAX_ATTRIBUTES}, each capped`, () => {
    const attributes = Array.from({ length: 5000 }, (_, i) => ({
      trait_type: `t${i}`,
      value: 'v'.repeat(500),
    }))
    const out = normalize({ attributes }).attributes
    expect(out).toHaveLength(MAX_ATTRIBUTES)
    expect(out.every((a) => a.value.length <= 100)).toBe(true)
  })
})

describe('text hygiene', () => {
  it.each([
    ['<script>alert("name")</script>Hostile #1', 'Hostile #1'],
    [`<img src=x onerror="alert('xss')"> #2`, '#2'],
    ['<b onmouseover="alert(1)">hover me</b>', 'hover me'],
    ['</textarea><script>alert(1)</script>', null],
    ['"><script>alert(1)</script>', '">'],
    ['\u202eevil\u202c\u200b #5', 'evil #5'],
    ['tab\tand\u0000nul\u0007bell', 'tab andnulbell'],
    ['a < b and c > d', 'a < b and c > d'],
    ['family 👨‍👩‍👧 stays', 'family 👨‍👩‍👧 stays'],
    ['   ', null],
    ['<style>body{}</style>Styled', 'Styled'],
    ['unterminated <b onmouseover="x', 'unterminated'],
  ])('%j', (input, expected) => {
    expect(cleanText(input, 200)).toBe(expected)
  })

  it('caps lengths without splitting a surrogate pair', () => {
    expect(capLength('abcdef', 4)).toBe('abc…')
    expect(capLength('ab😀cd', 4)).toBe('ab…')
    expect(capLength('abc', 4)).toBe('abc')
    const doc = normalize({ name: 'A'.repeat(100_000), description: 'B'.repeat(100_000) })
    expect(doc.name).toHaveLength(200)
    expect(doc.description).toHaveLength(2000)
  })
})

describe('parseDocument', () => {
  it.each([
    ['{"name": "x", "image": "ipfs://', null],
    ["{name: 'x'}", null],
    ['[1, 2, 3]', null],
    ['null', null],
    ['', null],
    ['"a string"', null],
    ['42', null],
    ['{"name":"ok"}', { name: 'ok' }],
  ])('%j', (text, expected) => {
    expect(parseDocument(text)).toEqual(expected)
  })

  it('drops __proto__, constructor and prototype keys at every depth, polluting nothing', () => {
    const text =
      '{"name":"Proto #1","__proto__":{"polluted":"yes","isAdmin":true},' +
      '"constructor":{"prototype":{"polluted":"yes"}},' +
      '"collection":{"__proto__":{"name":"inherited"}},' +
      '"attributes":[{"trait_type":"__proto__","value":"x"},{"trait_type":"toString","value":1}]}'
    const doc = parseDocument(text)
    expect(doc).not.toBeNull()
    if (!doc) return
    expect(Object.keys(doc).sort()).toEqual(['attributes', 'collection', 'name'])
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype)
    const fields = normalize(Object.assign({}, doc))
    expect(fields.collection).toBeNull()
    expect(fields.attributes).toEqual([
      { trait_type: '__proto__', value: 'x' },
      { trait_type: 'toString', value: '1' },
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })

  it('reads no inherited members', () => {
    // A document without "name" must not pick up Object.prototype members or a name of its proto.
    const doc = Object.create({ name: 'inherited', image: 'https://evil.example/x.png' }) as object
    expect(normalize(doc as MetadataDocument)).toEqual({
      name: null,
      description: null,
      collection: null,
      image: null,
      imageUrls: [],
      animation: null,
      attributes: [],
    })
    expect(normalize({ attributes: [{ value: 'v' }] }).attributes).toEqual([
      { trait_type: '', value: 'v' },
    ])
  })
})
