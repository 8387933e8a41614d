import { crc32 as zlibCrc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { resolveGatewayPath } from '../../src/sandbox/demo/catalog.ts'
import { mulberry32, seedOf } from '../../src/sandbox/demo/catalogRandom.ts'
import { crc32, encodePng } from '../../src/sandbox/gateway/png.ts'

interface PngChunk {
  type: string
  data: Buffer
}

/** Splits a PNG into chunks, checking every CRC with zlib's own CRC-32. */
function readPng(bytes: Uint8Array): PngChunk[] {
  const buf = Buffer.from(bytes)
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const chunks: PngChunk[] = []
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at)
    const typeAndData = buf.subarray(at + 4, at + 8 + length)
    expect(buf.readUInt32BE(at + 8 + length)).toBe(zlibCrc32(typeAndData))
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: typeAndData.subarray(4),
    })
    at += 12 + length
  }
  return chunks
}

describe('png encoder', () => {
  it('agrees with zlib on CRC-32', () => {
    const sample = Buffer.from('The quick brown fox')
    expect(crc32(sample)).toBe(zlibCrc32(sample))
  })

  it('writes IHDR, IDAT and IEND that decode back to the pixels', () => {
    const rgb = Uint8Array.from({ length: 3 * 2 * 3 }, (_, i) => i * 10)
    const chunks = readPng(encodePng(3, 2, rgb))
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    const header = chunks[0]?.data ?? Buffer.alloc(0)
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([
      3, 2, 8, 2,
    ])
    const raw = inflateSync(chunks[1]?.data ?? Buffer.alloc(0))
    expect(raw).toHaveLength((3 * 3 + 1) * 2)
    expect([...raw.subarray(1, 10)]).toEqual([...rgb.subarray(0, 9)])
    expect([...raw.subarray(11)]).toEqual([...rgb.subarray(9)])
  })

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError)
  })

  it('serves valid PNGs from the gateway', () => {
    const answer = resolveGatewayPath('/meta/badges/img/1.png')
    expect(answer?.contentType).toBe('image/png')
    expect(readPng(answer?.body as Uint8Array).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
  })
})

describe('seeded randomness', () => {
  it('repeats for the same seed and stays in [0, 1)', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    const values = Array.from({ length: 1000 }, () => a())
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()))
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true)
    expect(new Set(values).size).toBeGreaterThan(990)
  })

  it('gives different streams for different keys', () => {
    expect(seedOf('badges/1')).not.toBe(seedOf('badges/2'))
    expect(mulberry32(seedOf('a'))()).not.toBe(mulberry32(seedOf('b'))())
  })
})
