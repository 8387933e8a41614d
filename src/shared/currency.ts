/**
 * Currency codes of issued amounts, as people read them and as a scammer dresses them up. A token
 * (an issued currency) is worth what its issuer makes it worth, possibly nothing; XRP is XRP. A code
 * whose bytes spell "XRP" (a 160-bit code of the ASCII "XRP" then zeros is legal on the ledger, unlike
 * the 3-letter "XRP") is how a bid of a worthless token passes for an XRP bid, so such a code is
 * flagged wherever it shows and refused wherever it would be accepted. Dependency-free.
 */
import type { OfferAmount } from '../db/types/offers.ts'
import { shortAddress } from './format.ts'

/** A currency code as the ledger states one: 3 characters (not whitespace) or 160 bits in hex. */
export const CURRENCY_CODE = /^(?:\S{3}|[0-9A-Fa-f]{40})$/
/** An issued amount's value: a decimal, maybe signed, maybe with an exponent. */
export const ISSUED_VALUE = /^-?\d*\.?\d+(?:[eE][-+]?\d+)?$/

const HEX_CURRENCY = /^[0-9A-F]{40}$/i
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/
/** The standard format: 12 zero bytes, 3 ASCII characters, 5 zero bytes. */
const STANDARD_HEX = /^0{24}([0-9A-F]{6})0{10}$/i

/**
 * Letters from other scripts that look like the Latin letters of "XRP" (Cyrillic, Greek, Cherokee,
 * Lisu, Coptic, small capitals). Compatibility forms (fullwidth, circled, mathematical) are folded
 * by NFKD first.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '\u0425': 'X', // Cyrillic capital Ha
  '\u0445': 'X', // Cyrillic small ha
  '\u04B2': 'X', // Cyrillic Ha with descender
  '\u04B3': 'X',
  '\u03A7': 'X', // Greek capital Chi
  '\u03C7': 'X', // Greek small chi
  '\u2573': 'X', // box drawing diagonal cross
  '\u2A2F': 'X', // vector cross product
  '\u00D7': 'X', // multiplication sign
  '\u0420': 'P', // Cyrillic capital Er
  '\u0440': 'P', // Cyrillic small er
  '\u03A1': 'P', // Greek capital Rho
  '\u03C1': 'P', // Greek small rho
  '\u13E2': 'P', // Cherokee Tlv
  '\u1D18': 'P', // small capital P
  '\u0280': 'R', // small capital R
  '\u01A6': 'R', // Latin Yr
  '\u13A1': 'R', // Cherokee E
  '\u13D2': 'R', // Cherokee Sv
  '\u16B1': 'R', // Runic Raido
  '\u042F': 'R', // Cyrillic Ya (a mirrored R)
  '\u044F': 'R',
  '\uA4EB': 'X', // Lisu Sha
  '\uA4E3': 'R', // Lisu Zha
  '\uA4D1': 'P', // Lisu Pa
  '\u2CAC': 'X', // Coptic capital Khi
  '\u2CAD': 'X',
  '\u2CA2': 'P', // Coptic capital Ro
  '\u2CA3': 'P',
}

/** Bytes of a hex string. */
function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** The text a 160-bit code spells, NUL padding dropped (UTF-8, replacement characters kept). */
function hexText(hex: string): string {
  const bytes = hexBytes(hex)
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/\0+/g, '')
}

/**
 * Whether a currency code reads as XRP: any case, any padding or punctuation, accents, compatibility
 * forms and lookalike letters of other scripts; also the all-zero code (XRP's own, never an issued
 * currency's).
 *
 * @param currency - a 3-character code or 40 hex digits, as the ledger states it.
 */
export function readsAsXrp(currency: string): boolean {
  if (HEX_CURRENCY.test(currency) && /^0+$/.test(currency)) return true
  const text = HEX_CURRENCY.test(currency) ? hexText(currency) : currency
  const folded = [...text.normalize('NFKD')]
    .map((ch) => LOOKALIKES[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
  return folded === 'XRP'
}

/**
 * A currency code as people read it: a 3-character code as is; a 160-bit code in the standard
 * format as its 3 characters; one that spells printable ASCII as that text; any other as its first
 * 8 hex digits and '…'.
 */
export function currencyCode(currency: string): string {
  if (!HEX_CURRENCY.test(currency)) return currency
  const standard = STANDARD_HEX.exec(currency)
  const text = hexText(standard ? (standard[1] ?? '') : currency)
  return PRINTABLE_ASCII.test(text)
    ? text.trim() || `${currency.slice(0, 8)}…`
    : `${currency.slice(0, 8)}…`
}

/** An issued amount's parts as every screen shows them (never a bare code). */
export interface TokenParts {
  value: string
  /** The code as people read it (see {@link currencyCode}). */
  code: string
  issuer: string
  /** The code reads as XRP: a counterfeit; it can never be accepted. */
  readsAsXrp: boolean
}

/** The parts of an issued amount; null for XRP. */
export function tokenParts(amount: OfferAmount): TokenParts | null {
  if (amount.kind !== 'issued') return null
  return {
    value: amount.value,
    code: currencyCode(amount.currency),
    issuer: amount.issuer,
    readsAsXrp: readsAsXrp(amount.currency),
  }
}

/**
 * An issued amount in one line of plain text that cannot pass for XRP:
 * `1000 "USD" token (issuer rHb9CJ...Zd8U)`, and for a code that reads as XRP
 * `1000 "XRP" token (issuer …) — NOT XRP`.
 */
export function tokenText(parts: TokenParts): string {
  const base = `${parts.value} "${parts.code}" token (issuer ${shortAddress(parts.issuer)})`
  return parts.readsAsXrp ? `${base} — NOT XRP` : base
}
