import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'
import { deriveAddress } from 'xrpl'

import { isEngineError } from '../../src/shared/errors.ts'
import {
  looksLikeHexKey,
  parseHexKey,
  parseSeed,
  parseSeedOrHexKey,
} from '../../src/worker/wallet/secretFormats.ts'

// Vectors: rippled's standalone genesis account, and xrpl.js's ed25519 wallet fixture.
const SECP = {
  seed: 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb',
  address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  privateKey: '001ACAAEDECE405B2A958212629E16F2EB46B153EEE94CDD350FDEFF52795525B7',
  publicKey: '0330E7FC9D56BB25D6893BA3F317AE5BCF33B3291BD63DB32654A313222F7FD020',
}
const ED = {
  seed: 'sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r',
  address: 'rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD',
  privateKey: 'EDB4C4E046826BD26190D09715FC31F4E6A728204EADD112905B08B14B7F15C4F3',
  publicKey: 'ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63',
}

const ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz'

/** base58check with the XRPL alphabet, to build well-formed strings of the wrong type. */
function base58check(bytes: number[]): string {
  const sha = (data: Uint8Array) => createHash('sha256').update(data).digest()
  const payload = Uint8Array.from(bytes)
  const full = [...payload, ...sha(sha(payload)).subarray(0, 4)]
  let value = full.reduce((n, b) => n * 256n + BigInt(b), 0n)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  return text
}

/** The message of the VALIDATION error `fn` throws; fails the test if it throws anything else. */
function validationMessage(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    if (isEngineError(error) && error.code === 'VALIDATION') return error.message
    throw error
  }
  throw new Error('expected a VALIDATION error')
}

describe('parseSeed', () => {
  it('derives a secp256k1 key from an s… seed', () => {
    const key = parseSeed(SECP.seed)
    expect(key).toEqual({
      algorithm: 'secp256k1',
      publicKey: SECP.publicKey,
      privateKey: SECP.privateKey,
      seed: SECP.seed,
    })
    expect(deriveAddress(key.publicKey)).toBe(SECP.address)
  })

  it('derives an ed25519 key from an sEd… seed', () => {
    const key = parseSeed(ED.seed)
    expect(key).toMatchObject({ algorithm: 'ed25519', privateKey: ED.privateKey, seed: ED.seed })
    expect(deriveAddress(key.publicKey)).toBe(ED.address)
  })

  it.each([
    ['an account address', SECP.address, 'Invalid seed phrase: this is an account address'],
    ['a hex key', SECP.privateKey, 'Invalid seed phrase: this looks like a hex private key'],
    ['words', 'correct horse battery staple', 'Invalid seed phrase: a family seed starts with "s"'],
    ['characters outside base58', 'snoPBrXtMeMyMHUVTgbuqAfg1SUT0', 'it contains characters'],
    ['inner spaces', 'snoPBrXtMeMyMH UVTgbuqAfg1SUTb', 'it contains characters'],
    ['one character short', SECP.seed.slice(0, -1), 'wrong length: 28 characters'],
    ['one character long', `${SECP.seed}b`, 'wrong length: 30 characters'],
    ['a changed character', `${SECP.seed.slice(0, -1)}c`, 'the checksum does not match'],
    ['an ed seed typo', `${ED.seed.slice(0, 10)}x${ED.seed.slice(11)}`, 'checksum does not match'],
  ])('rejects %s', (_name, text, expected) => {
    const message = validationMessage(() => parseSeed(text))
    expect(message).toMatch(/^Invalid seed phrase: /)
    expect(message).toContain(expected)
  })

  it('rejects a well-formed base58check string of another type', () => {
    const text = base58check([0x22, ...new Array<number>(16).fill(7)])
    expect(text).toMatch(/^s/)
    expect(text).toHaveLength(29)
    expect(validationMessage(() => parseSeed(text))).toBe(
      'Invalid seed phrase: this is not a seed (wrong prefix)',
    )
  })

  it('never quotes the secret in its messages', () => {
    for (const text of [
      `${SECP.seed.slice(0, -1)}c`,
      'sl0Ol0Ol0Ol0Ol0Ol0Ol0Ol0Ol0Ol',
      SECP.privateKey,
    ]) {
      const message = validationMessage(() => parseSeed(text))
      expect(message).not.toContain(text)
      expect(message).not.toContain(text.slice(1, 12))
    }
  })
})

describe('parseHexKey', () => {
  it('reads 64 hex digits as secp256k1 and derives the public key', () => {
    const key = parseHexKey(SECP.privateKey.slice(2))
    expect(key).toEqual({
      algorithm: 'secp256k1',
      publicKey: SECP.publicKey,
      privateKey: SECP.privateKey,
    })
  })

  it('reads 66 digits with the 00 prefix, in any case', () => {
    expect(parseHexKey(SECP.privateKey.toLowerCase()).publicKey).toBe(SECP.publicKey)
  })

  it('reads ED + 64 digits as ed25519', () => {
    const key = parseHexKey(ED.privateKey.toLowerCase())
    expect(key).toEqual({
      algorithm: 'ed25519',
      publicKey: ED.publicKey,
      privateKey: ED.privateKey,
    })
    expect(deriveAddress(key.publicKey)).toBe(ED.address)
  })

  it.each([
    ['non-hex digits', `${SECP.privateKey.slice(2, -1)}g`, 'use hexadecimal digits only'],
    ['63 digits', SECP.privateKey.slice(3), 'wrong length: 63 hex digits'],
    ['65 digits', SECP.privateKey.slice(1), 'wrong length: 65 hex digits'],
    ['68 digits', `${SECP.privateKey}00`, 'wrong length: 68 hex digits'],
    ['66 digits with another prefix', `01${SECP.privateKey.slice(2)}`, 'starts with 00'],
    ['zero', '0'.repeat(64), 'not a valid secp256k1 key'],
    ['a number above the curve order', 'F'.repeat(64), 'not a valid secp256k1 key'],
    ['a seed', SECP.seed, 'this looks like a seed'],
    ['an address', SECP.address, 'this is an account address'],
  ])('rejects %s', (_name, text, expected) => {
    const message = validationMessage(() => parseHexKey(text))
    expect(message).toMatch(/^Invalid private key: /)
    expect(message).toContain(expected)
    expect(message).not.toContain(text)
  })
})

describe('parseSeedOrHexKey', () => {
  it('routes s… to the seed parser and anything else to the hex parser', () => {
    expect(parseSeedOrHexKey(ED.seed).publicKey).toBe(ED.publicKey)
    expect(parseSeedOrHexKey(ED.privateKey).publicKey).toBe(ED.publicKey)
    expect(validationMessage(() => parseSeedOrHexKey('sx'))).toMatch(/^Invalid seed phrase/)
    expect(validationMessage(() => parseSeedOrHexKey('xyz'))).toMatch(/^Invalid private key/)
  })

  it('recognises the shape of hex keys', () => {
    expect(looksLikeHexKey(SECP.privateKey)).toBe(true)
    expect(looksLikeHexKey(SECP.privateKey.slice(2))).toBe(true)
    expect(looksLikeHexKey(SECP.seed)).toBe(false)
  })
})
