import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { demoCollections, largeCollection } from '../../src/sandbox/demo/catalog.ts'
import { arweaveId, base58btc, cidV0, cidV1 } from '../../src/sandbox/demo/catalogEncoding.ts'

// Decoders written independently of the encoders, so a symmetric bug cannot hide.
const B32 = 'abcdefghijklmnopqrstuvwxyz234567'
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function fromBase32(text: string): number[] {
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const ch of text) {
    const digit = B32.indexOf(ch)
    if (digit < 0) throw new Error(`not base32: ${ch}`)
    value = ((value << 5) | digit) & 0xffff
    bits += 5
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  if ((value & ((1 << bits) - 1)) !== 0) throw new Error('non-zero padding bits')
  return out
}

function fromBase58(text: string): number[] {
  let value = 0n
  for (const ch of text) {
    const digit = B58.indexOf(ch)
    if (digit < 0) throw new Error(`not base58: ${ch}`)
    value = value * 58n + BigInt(digit)
  }
  const out: number[] = []
  while (value > 0n) {
    out.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  return out
}

/** Decodes a CID to [version, codec, digest], throwing on anything not a sha2-256 CID. */
function decodeCid(cid: string): { version: number; codec: number; digest: number[] } {
  if (cid.startsWith('Qm')) {
    const bytes = fromBase58(cid)
    expect(bytes.slice(0, 2)).toEqual([0x12, 0x20])
    expect(bytes).toHaveLength(34)
    return { version: 0, codec: 0x70, digest: bytes.slice(2) }
  }
  expect(cid[0]).toBe('b')
  const bytes = fromBase32(cid.slice(1))
  expect(bytes).toHaveLength(36)
  expect(bytes[0]).toBe(0x01)
  expect(bytes.slice(2, 4)).toEqual([0x12, 0x20])
  return { version: 1, codec: bytes[1] ?? -1, digest: bytes.slice(4) }
}

/** Every CID a catalogue URI mentions (directory or bare). */
function cidsOf(uri: string): string[] {
  return [...uri.matchAll(/\b(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58})\b/g)].map((m) => m[1] ?? '')
}

describe('demo catalogue CIDs', () => {
  const collections = demoCollections()
  const cids = new Set<string>()
  for (const c of [...collections, largeCollection(50)]) {
    cids.add(c.dirCid)
    for (const item of c.items) for (const cid of cidsOf(item.uri ?? '')) cids.add(cid)
  }

  it('finds CIDs of both versions and both codecs', () => {
    const decoded = [...cids].map(decodeCid)
    expect(cids.size).toBeGreaterThan(40)
    expect(decoded.some((d) => d.version === 0)).toBe(true)
    expect(decoded.some((d) => d.version === 1 && d.codec === 0x70)).toBe(true)
    expect(decoded.some((d) => d.version === 1 && d.codec === 0x55)).toBe(true)
  })

  it('decodes every CID to a 32-byte sha2-256 digest with a known codec', () => {
    for (const cid of cids) {
      const { codec, digest } = decodeCid(cid)
      expect([0x55, 0x70]).toContain(codec)
      expect(digest).toHaveLength(32)
    }
  })

  it('matches the well-known prefixes of real CIDs', () => {
    for (const cid of cids) expect(cid).toMatch(/^(Qm|bafy|bafk)/)
  })

  it('derives digests from the seed with sha256', () => {
    const digest = [...createHash('sha256').update('seed').digest()]
    expect(decodeCid(cidV1('seed')).digest).toEqual(digest)
    expect(decodeCid(cidV1('seed', 0x55)).codec).toBe(0x55)
    expect(decodeCid(cidV0('seed')).digest).toEqual(digest)
  })

  it('encodes base58 leading zero bytes as 1', () => {
    expect(base58btc(Uint8Array.of(0, 0, 1))).toBe('112')
  })

  it('makes 43-character base64url Arweave ids', () => {
    expect(arweaveId('x')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
