// Writes the PWA icons public/pwa-192.png, public/pwa-512.png and public/pwa-maskable-512.png: the
// favicon's design (a cyan diamond ring around a small diamond on navy) drawn pixel by pixel and encoded
// as PNG with node:zlib, so no image dependency is needed. The maskable icon draws the design smaller,
// well inside the circle of 40 % radius that every mask keeps. Run: node scripts/makeIcons.mjs
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const NAVY = [15, 23, 42]
const CYAN = [34, 211, 238]
const SUPERSAMPLE = 4

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** Whether a point (in units of the icon's size, centre at 0,0) is cyan. Shapes stay in the maskable safe zone. */
function isCyan(x, y, scale) {
  const d = (Math.abs(x) + Math.abs(y)) / scale
  return (d <= 0.34 && d >= 0.26) || d <= 0.12
}

function pixel(size, px, py, scale) {
  let hits = 0
  for (let sy = 0; sy < SUPERSAMPLE; sy++) {
    for (let sx = 0; sx < SUPERSAMPLE; sx++) {
      const x = (px + (sx + 0.5) / SUPERSAMPLE) / size - 0.5
      const y = (py + (sy + 0.5) / SUPERSAMPLE) / size - 0.5
      if (isCyan(x, y, scale)) hits++
    }
  }
  const t = hits / SUPERSAMPLE ** 2
  return NAVY.map((n, i) => Math.round(n + (CYAN[i] - n) * t))
}

function png(size, scale = 1) {
  const rows = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3) // filter byte 0 (none), then RGB
    for (let x = 0; x < size; x++) row.set(pixel(size, x, y, scale), 1 + x * 3)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const ICONS = [
  ['pwa-192.png', 192, 1],
  ['pwa-512.png', 512, 1],
  ['pwa-maskable-512.png', 512, 0.8],
]
for (const [name, size, scale] of ICONS) {
  writeFileSync(new URL(`../public/${name}`, import.meta.url), png(size, scale))
  console.log(`wrote public/${name}`)
}
