/**
 * Metadata URI resolution: every spelling XRPL NFTs use, gateway URL forms, inline data URIs with
 * their size cap, and the schemes that must never be fetched.
 */
import { describe, expect, it } from 'vitest'
import { buildNetworks } from '../../src/shared/networks.ts'
import {
  isBareCid,
  parseIpfs,
  safePath,
} from '../../src/worker/collection/metadata/contentAddress.ts'
import { decodeJsonDataUri } from '../../src/worker/collection/metadata/dataUri.ts'
import {
  PUBLIC_ARWEAVE_GATEWAYS,
  defaultGateways,
  gatewaysFor,
} from '../../src/worker/collection/metadata/gateways.ts'
import type { GatewaySet } from '../../src/worker/collection/metadata/gateways.ts'
import {
  resolveMediaUrl,
  resolveMetadataUri,
} from '../../src/worker/collection/metadata/resolveUri.ts'

const V0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
const V1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'
const AR = 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U'
const GATEWAYS: GatewaySet = {
  ipfs: ['https://one.example', 'https://two.example'],
  arweave: ['https://ar.example'],
}
const MB = 1024 * 1024

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

describe('resolveMetadataUri: fetchable URIs, in gateway order', () => {
  it.each([
    [`ipfs://${V1}/7.json`, `/ipfs/${V1}/7.json`],
    [`ipfs://ipfs/${V1}/7.json`, `/ipfs/${V1}/7.json`],
    [`IPFS://${V0}`, `/ipfs/${V0}`],
    [`ipfs://${V0}/dir/a b.json`, `/ipfs/${V0}/dir/a%20b.json`],
    [`ipfs://${V1}/7.json?filename=x#frag`, `/ipfs/${V1}/7.json`],
    [`ipns://k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8/m.json`, null],
    [V0, `/ipfs/${V0}`],
    [V1, `/ipfs/${V1}`],
    [`${V0}/3.json`, `/ipfs/${V0}/3.json`],
    [`/ipfs/${V1}/1.json`, `/ipfs/${V1}/1.json`],
    [`  ipfs://${V1}/1.json\u0000\u0000`, `/ipfs/${V1}/1.json`],
  ])('%s', (uri, path) => {
    const r = resolveMetadataUri(uri, GATEWAYS, MB)
    expect(r.kind).toBe('fetch')
    if (r.kind !== 'fetch') return
    if (path === null) {
      expect(r.urls[0]).toMatch(/^https:\/\/one\.example\/ipns\/k51/)
      return
    }
    expect(r.urls).toEqual([`https://one.example${path}`, `https://two.example${path}`])
  })

  it('resolves ar:// through the Arweave gateways', () => {
    expect(resolveMetadataUri(`ar://${AR}`, GATEWAYS, MB)).toEqual({
      kind: 'fetch',
      urls: [`https://ar.example/${AR}`],
    })
    expect(resolveMetadataUri(`ar://${AR}/meta/1.json`, GATEWAYS, MB)).toEqual({
      kind: 'fetch',
      urls: [`https://ar.example/${AR}/meta/1.json`],
    })
  })

  it('fetches http(s) URLs as they are, from their own host only', () => {
    const url = 'https://example.com/nft/1.json'
    expect(resolveMetadataUri(url, GATEWAYS, MB)).toEqual({ kind: 'fetch', urls: [url] })
  })

  it('fetches from this device only under a configured gateway (the sandbox)', () => {
    const url = 'http://127.0.0.1:6007/meta/x/1.json'
    expect(resolveMetadataUri(url, GATEWAYS, MB)).toEqual({
      kind: 'failed',
      problem: 'unsupported-uri',
    })
    const sandbox = { ipfs: ['http://127.0.0.1:6007'], arweave: ['http://127.0.0.1:6007/ar'] }
    expect(resolveMetadataUri(url, sandbox, MB)).toEqual({ kind: 'fetch', urls: [url] })
  })
})

describe('resolveMetadataUri: inline documents', () => {
  const doc = JSON.stringify({ name: 'Inline #1', image: `ipfs://${V1}/1.png` })

  it.each([
    [`data:application/json;base64,${b64(doc)}`],
    [`data:application/json;charset=utf-8;base64,${b64(doc)}`],
    [`data:application/json;charset=utf-8,${encodeURIComponent(doc)}`],
    [`data:application/json,${encodeURIComponent(doc)}`],
    [`DATA:application/ld+json;base64,${b64(doc)}`],
  ])('%s', (uri) => {
    expect(resolveMetadataUri(uri, GATEWAYS, MB)).toEqual({ kind: 'inline', text: doc })
  })

  it('decodes base64url and unpadded base64', () => {
    const text = '{"name":"ü?>"}'
    const url = b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    expect(decodeJsonDataUri(`data:application/json;base64,${url}`, MB)).toEqual({ text })
  })

  it('caps the decoded size, refusing huge URIs before decoding', () => {
    const big = JSON.stringify({ name: 'x'.repeat(2000) })
    expect(decodeJsonDataUri(`data:application/json;base64,${b64(big)}`, 1000)).toEqual({
      problem: 'too-large',
    })
    expect(decodeJsonDataUri(`data:application/json,${'%41'.repeat(1000)}`, 500)).toEqual({
      problem: 'too-large',
    })
  })

  it('reports bad encodings as not-json', () => {
    expect(decodeJsonDataUri('data:application/json;base64,@@@@', MB)).toEqual({
      problem: 'not-json',
    })
    expect(decodeJsonDataUri('data:application/json,%E0%A4%A', MB)).toEqual({
      problem: 'not-json',
    })
  })
})

describe('resolveMetadataUri: unusable URIs', () => {
  it.each([
    [null, 'no-uri'],
    ['', 'no-uri'],
    ['   \u0000', 'no-uri'],
    ['javascript:alert(1)', 'unsupported-uri'],
    ['file:///etc/passwd', 'unsupported-uri'],
    ['ftp://example.com/1.json', 'unsupported-uri'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'unsupported-uri'],
    ['data:image/png;base64,AAAA', 'unsupported-uri'],
    ['ipfs://', 'unsupported-uri'],
    [`ipfs://${V1}/../../etc/passwd`, 'unsupported-uri'],
    [`ipfs://${V1}/%2e%2e/x`, 'unsupported-uri'],
    ['ar://short', 'unsupported-uri'],
    ['https://user:pass@example.com/1.json', 'unsupported-uri'],
    ['just some words', 'unsupported-uri'],
    ['Qm123', 'unsupported-uri'],
  ])('%j → %s', (uri, problem) => {
    expect(resolveMetadataUri(uri, GATEWAYS, MB)).toEqual({ kind: 'failed', problem })
  })
})

describe('content addresses', () => {
  it('recognises bare CIDs', () => {
    expect(isBareCid(V0)).toBe(true)
    expect(isBareCid(V1)).toBe(true)
    expect(isBareCid('Qm' + 'l'.repeat(44))).toBe(false) // 'l' is not base58
    expect(isBareCid('bafy')).toBe(false)
  })

  it('makes paths safe to append', () => {
    expect(safePath('a//b/c.json')).toBe('a/b/c.json')
    expect(safePath('a/%20b')).toBe('a/%20b')
    expect(safePath('a/../b')).toBeNull()
    expect(parseIpfs(`ipfs://${V1}`)).toEqual({ namespace: 'ipfs', root: V1, path: '' })
  })
})

describe('resolveMediaUrl: images', () => {
  it.each([
    [`ipfs://${V1}/img/1.svg`, `https://one.example/ipfs/${V1}/img/1.svg`],
    [`ipfs://ipfs/${V1}/img/1.svg`, `https://one.example/ipfs/${V1}/img/1.svg`],
    [V0, `https://one.example/ipfs/${V0}`],
    [`ar://${AR}`, `https://ar.example/${AR}`],
    ['https://cdn.example/a.png', 'https://cdn.example/a.png'],
    // This device, where no gateway is configured: an NFT may not make the app call it.
    ['http://127.0.0.1:6007/ipfs/x/img/1.svg', null],
    [
      'https://cdn.example/a.svg" onerror="alert(1)',
      'https://cdn.example/a.svg%22%20onerror=%22alert(1)',
    ],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/webp;base64,UklGRg==', 'data:image/webp;base64,UklGRg=='],
    ['javascript:alert(document.cookie)', null],
    ['  JaVaScRiPt:alert(1)', null],
    ['vbscript:msgbox(1)', null],
    ['file:///etc/passwd', null],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', null],
    ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', null],
    ['data:image/png;base64,AAA" onerror="x', null],
    ['https://user:pw@cdn.example/a.png', null],
    [`https://cdn.example/${'a'.repeat(3000)}.png`, null],
    ['ftp://cdn.example/a.png', null],
    ['not a url', null],
  ])('%s', (value, expected) => {
    expect(resolveMediaUrl(value, GATEWAYS)).toBe(expected)
  })
})

describe('gateways', () => {
  const networks = buildNetworks({})

  it('uses the sandbox gateway on the Sandbox network, for IPFS and Arweave', () => {
    expect(defaultGateways(networks.sandbox)).toEqual({
      ipfs: ['http://127.0.0.1:6007'],
      arweave: ['http://127.0.0.1:6007/ar'],
    })
  })

  it('uses public gateways elsewhere', () => {
    const set = defaultGateways(networks.mainnet)
    expect(set.ipfs.length).toBeGreaterThanOrEqual(2)
    expect(set.ipfs.every((g) => g.startsWith('https://'))).toBe(true)
    expect(set.arweave[0]).toBe('https://arweave.net')
    expect(set.arweave.length).toBeGreaterThanOrEqual(2)
  })

  it('lets the engine option, then the user setting, override the IPFS list', () => {
    const option = { ipfs: ['http://127.0.0.1:1/', 'http://127.0.0.1:2'] }
    expect(gatewaysFor('mainnet', networks, { option }).ipfs).toEqual([
      'http://127.0.0.1:1',
      'http://127.0.0.1:2',
    ])
    const user = gatewaysFor('mainnet', networks, { option, userIpfs: ['https://my.node/'] })
    expect(user).toEqual({ ipfs: ['https://my.node'], arweave: [...PUBLIC_ARWEAVE_GATEWAYS] })
    expect(gatewaysFor('mainnet', networks, { userIpfs: [] }).ipfs[0]).toMatch(
      /^https:\/\/[a-z0-9.-]+$/,
    )
  })
})
