/**
 * Content identifiers for the demo catalogue: CIDv0, CIDv1 and Arweave transaction ids that are
 * format-valid (they decode to a real sha2-256 multihash), derived from readable seeds rather than
 * from content so the catalogue stays cheap to build and stable when documents change.
 */
import { createHash } from 'node:crypto'

/** Multicodec of a UnixFS directory or file node (CIDs starting `bafy`). */
export const CODEC_DAG_PB = 0x70
/** Multicodec of raw bytes, the usual codec of a single uploaded JSON file (CIDs starting `bafk`). */
export const CODEC_RAW = 0x55

const MULTIHASH_SHA2_256 = [0x12, 0x20] as const
const BASE32_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** SHA-256 of a UTF-8 string. */
export function sha256(text: string): Uint8Array {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** RFC 4648 base32, lower case, without padding: the multibase 'b' encoding of CIDv1. */
export function base32Lower(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** Bitcoin base58 (leading zero bytes become '1'): the encoding of CIDv0. */
export function base58btc(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = value * 256n + BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = '1' + out
  }
  return out
}

/** A CIDv1 (base32) whose sha2-256 digest is that of `seed`. */
export function cidV1(seed: string, codec: number = CODEC_DAG_PB): string {
  const bytes = Uint8Array.of(0x01, codec, ...MULTIHASH_SHA2_256, ...sha256(seed))
  return 'b' + base32Lower(bytes)
}

/** A CIDv0 (`Qm…`, base58btc of a bare sha2-256 multihash) derived from `seed`. */
export function cidV0(seed: string): string {
  return base58btc(Uint8Array.of(...MULTIHASH_SHA2_256, ...sha256(seed)))
}

/** An Arweave transaction id: 32 bytes in unpadded base64url, 43 characters. */
export function arweaveId(seed: string): string {
  return Buffer.from(sha256(seed)).toString('base64url')
}
