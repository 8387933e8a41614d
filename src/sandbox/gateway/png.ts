/**
 * A minimal PNG encoder (8-bit truecolour, no interlace) so the demo gateway can serve real raster
 * images without an image library. Only what a browser needs to decode: signature, IHDR, one zlib
 * IDAT, IEND, each chunk with its CRC-32.
 */
import { deflateSync } from 'node:zlib'

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
const COLOUR_TYPE_RGB = 2

/** CRC-32 (IEEE 802.3, reflected 0xEDB88320), the checksum PNG chunks carry. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(typeAndData.length + 8)
  out.writeUInt32BE(data.length, 0)
  typeAndData.copy(out, 4)
  out.writeUInt32BE(crc32(typeAndData), out.length - 4)
  return out
}

/**
 * Encodes an RGB image. `rgb` holds `width * height * 3` bytes, row by row, top row first.
 * Every scanline uses filter 0 (none): simplest, and deflate still compresses the demo gradients well.
 */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`encodePng: bad size ${width}x${height}`)
  }
  const stride = width * 3
  if (rgb.length !== stride * height) throw new RangeError('encodePng: pixel buffer size mismatch')
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = COLOUR_TYPE_RGB
  // bytes 10..12: compression 0, filter method 0, interlace 0
  const png = Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ])
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength)
}
