/**
 * Turns the text of a secret into a key pair: family seeds (`s…`, `sEd…`) and private keys in hex.
 * Every failure is an EngineError `VALIDATION` whose message says what is wrong with the text
 * without ever quoting it: library messages are not passed on, because some of them echo the
 * offending characters of the secret.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { decodeSeed, isValidClassicAddress, Wallet, walletFromSecretNumbers } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { secretNumbersProblem, splitSecretNumbers } from '../../shared/secretNumbers.ts'

/** The signature algorithm of a key (the names WalletInfo uses). */
export type KeyAlgorithm = 'secp256k1' | 'ed25519'

/** A key pair derived from a secret, still bound to no account. */
export interface KeyMaterial {
  algorithm: KeyAlgorithm
  /** Hex, upper case: 33-byte compressed secp256k1 key, or `ED` + 32 bytes. */
  publicKey: string
  /** Hex, upper case, with its 1-byte prefix (`00` for secp256k1, `ED` for ed25519). */
  privateKey: string
  /** The seed it came from, if any: kept so the GEM key can be stored and restored as a seed. */
  seed?: string
}

// The XRPL base58 alphabet: no 0, O, I or l.
const BASE58 = /^[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]+$/
// Encoded lengths: version 0x21 + 16 bytes + checksum (secp256k1), or 0x01E14B + 16 + 4 (ed25519).
const SEED_LENGTHS = [29, 31]
const HEX = /^[0-9a-fA-F]+$/

function invalidSeed(reason: string): EngineError {
  return new EngineError('VALIDATION', `Invalid seed phrase: ${reason}`)
}

function invalidKey(reason: string): EngineError {
  return new EngineError('VALIDATION', `Invalid private key: ${reason}`)
}

/** Whether the text has the shape of a hex private key (used to point users to the right tab). */
export function looksLikeHexKey(text: string): boolean {
  return HEX.test(text) && (text.length === 64 || text.length === 66)
}

/** The reason a text that does not start with `s` is not a seed. */
function notASeed(text: string): EngineError {
  if (isValidClassicAddress(text)) {
    return invalidSeed('this is an account address (r…), not its secret; enter the seed (s…)')
  }
  if (looksLikeHexKey(text)) {
    return invalidSeed('this looks like a hex private key; choose Secp256k1 instead')
  }
  return invalidSeed('a family seed starts with "s"')
}

/** Checks the text's shape before decoding, so each kind of mistake gets its own message. */
function checkSeedShape(text: string): void {
  if (!text.startsWith('s')) throw notASeed(text)
  if (!BASE58.test(text)) {
    throw invalidSeed('it contains characters a seed never has (0, O, I, l, spaces or symbols)')
  }
  if (!SEED_LENGTHS.includes(text.length)) {
    throw invalidSeed(
      `wrong length: ${text.length} characters, a seed has 29 (or 31 for an sEd… seed)`,
    )
  }
}

/**
 * Decodes a family seed. `s…` seeds derive secp256k1 keys, `sEd…` seeds ed25519 keys; the
 * algorithm comes from the seed's own version bytes.
 *
 * @param text - the seed, already trimmed.
 * @throws EngineError `VALIDATION` 'Invalid seed phrase: …' (not a seed, bad characters, wrong
 *   length, bad checksum).
 */
export function parseSeed(text: string): KeyMaterial {
  checkSeedShape(text)
  let algorithm: KeyAlgorithm
  try {
    algorithm = decodeSeed(text).type === 'ed25519' ? 'ed25519' : 'secp256k1'
  } catch (error) {
    // ripple-address-codec's messages start with a stable code; never pass the rest on.
    const code = error instanceof Error ? error.message.split(':')[0] : ''
    if (code === 'checksum_invalid') {
      throw invalidSeed('the checksum does not match (a character is wrong or missing)')
    }
    throw invalidSeed('this is not a seed (wrong prefix)')
  }
  const wallet = Wallet.fromSeed(text)
  return { algorithm, publicKey: wallet.publicKey, privateKey: wallet.privateKey, seed: text }
}

/** Splits a hex key into its algorithm and its 32 raw bytes, or says why it cannot. */
function splitHexKey(text: string): { algorithm: KeyAlgorithm; raw: string } {
  if (!HEX.test(text)) {
    if (text.startsWith('s')) throw invalidKey('this looks like a seed; choose Family Seed instead')
    if (isValidClassicAddress(text)) {
      throw invalidKey('this is an account address (r…), not its private key')
    }
    throw invalidKey('use hexadecimal digits only (0-9, A-F)')
  }
  const upper = text.toUpperCase()
  if (upper.length === 64) return { algorithm: 'secp256k1', raw: upper }
  if (upper.length !== 66) {
    throw invalidKey(
      `wrong length: ${upper.length} hex digits, expected 64 (or 66 starting with 00 or ED)`,
    )
  }
  if (upper.startsWith('00')) return { algorithm: 'secp256k1', raw: upper.slice(2) }
  if (upper.startsWith('ED')) return { algorithm: 'ed25519', raw: upper.slice(2) }
  throw invalidKey('a 66-digit key starts with 00 (secp256k1) or ED (ed25519)')
}

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** The public key of a raw private key (xrpl.js cannot derive one from a bare private key). */
function publicKeyOf(algorithm: KeyAlgorithm, raw: string): string {
  const bytes = hexToBytes(raw)
  if (algorithm === 'ed25519') return `ED${bytesToHex(ed25519.getPublicKey(bytes))}`
  try {
    return bytesToHex(secp256k1.getPublicKey(bytes, true))
  } catch {
    // Zero, or not below the curve order: noble rejects it, and so would the ledger.
    throw invalidKey('this number is not a valid secp256k1 key (out of range)')
  }
}

/**
 * Reads a private key in hex: 64 digits or `00` + 64 (secp256k1), or `ED` + 64 (ed25519); upper or
 * lower case.
 *
 * @param text - the key, already trimmed.
 * @throws EngineError `VALIDATION` 'Invalid private key: …' (not hex, wrong length, bad prefix,
 *   out of range).
 */
export function parseHexKey(text: string): KeyMaterial {
  const { algorithm, raw } = splitHexKey(text)
  const publicKey = publicKeyOf(algorithm, raw)
  const privateKey = `${algorithm === 'ed25519' ? 'ED' : '00'}${raw}`
  return { algorithm, publicKey, privateKey }
}

/**
 * Reads a secret that may be either a seed (it starts with `s`, which no hex key does) or a hex key.
 *
 * @param text - the secret, already trimmed.
 */
export function parseSeedOrHexKey(text: string): KeyMaterial {
  return text.startsWith('s') ? parseSeed(text) : parseHexKey(text)
}

/**
 * Reads Xaman's secret numbers: 8 rows of 6 digits, each row's checksum checked (the first row in
 * error is named). They derive a secp256k1 key, as Xaman does.
 *
 * @param text - the rows, separated by anything but digits.
 * @throws EngineError `VALIDATION` 'Invalid secret numbers: …'.
 */
export function parseSecretNumbers(text: string): KeyMaterial {
  const rows = splitSecretNumbers(text)
  const problem = rows
    ? secretNumbersProblem(rows)
    : 'enter 8 rows of 6 digits (A to H, as Xaman shows them)'
  if (problem || !rows) throw new EngineError('VALIDATION', `Invalid secret numbers: ${problem}`)
  const wallet = walletFromSecretNumbers(rows)
  return {
    algorithm: 'secp256k1',
    publicKey: wallet.publicKey,
    privateKey: wallet.privateKey,
    ...(wallet.seed ? { seed: wallet.seed } : {}),
  }
}
