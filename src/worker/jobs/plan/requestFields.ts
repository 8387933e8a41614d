/**
 * Checking the fields of a job request: it crossed the worker boundary and is trusted no more than a
 * file. Every job kind's `validate` is built from these, so the messages read alike.
 */
import { isValidClassicAddress } from 'xrpl'

import { MAX_JOB_ITEMS } from '../../../shared/constants.ts'
import { EngineError } from '../../../shared/errors.ts'

/** A request's fields, not yet checked. */
export type Fields = Record<string, unknown>

/** All the XRP there is (100 billion), in drops: no amount can be larger. */
const MAX_DROPS = 10n ** 17n
/** Expiration is a UInt32 of seconds since the Ripple epoch. */
export const MAX_EXPIRATION = 0xffff_ffff
const HEX_ID = /^[0-9A-F]{64}$/
const DIGITS = /^\d+$/
/** Longest part of a rejected value echoed in a message. */
const SHOWN_CHARS = 40

/** A request refused, with a message fit to show. */
export function invalid(message: string): EngineError {
  return new EngineError('VALIDATION', message)
}

/** A rejected value as a message shows it: quoted, shortened, never blank. */
export function shown(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? '(missing)' : `(${typeof value})`
  const text = value.trim()
  if (!text) return '(empty)'
  return `"${text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}...` : text}"`
}

/** The field as a non-empty array of at most MAX_JOB_ITEMS, else the `empty` message. */
export function itemsOf(fields: Fields, key: string, empty: string, noun: string): unknown[] {
  const value = fields[key]
  if (value === undefined || (Array.isArray(value) && value.length === 0)) throw invalid(empty)
  if (!Array.isArray(value)) throw invalid(`The job request is malformed: ${key} is not a list`)
  if (value.length > MAX_JOB_ITEMS) {
    const most = MAX_JOB_ITEMS.toLocaleString('en-US')
    throw invalid(`Too many ${noun}: a job holds at most ${most} (got ${value.length})`)
  }
  // Index access, not map(): a sparse array's holes must be seen as missing values.
  return Array.from({ length: value.length }, (_, i) => value[i] as unknown)
}

/** A 64-hex-digit id (an NFT's or an offer's), upper-cased. */
export function checkedId(value: unknown, label: string, what: string): string {
  const id = typeof value === 'string' ? value.trim().toUpperCase() : ''
  if (!HEX_ID.test(id)) {
    throw invalid(`${label}: ${shown(value)} is not a valid ${what} (64 hexadecimal characters)`)
  }
  return id
}

/** A classic address, trimmed. */
export function checkedAddress(value: unknown, label: string): string {
  const address = typeof value === 'string' ? value.trim() : ''
  if (!isValidClassicAddress(address)) {
    throw invalid(`${label}: ${shown(value)} is not a valid XRP Ledger address`)
  }
  return address
}

/** The request's `nftIds`, checked; `empty` when there are none. */
export function checkedNftIds(fields: Fields, empty: string): string[] {
  return itemsOf(fields, 'nftIds', empty, 'NFTs').map((id, i) =>
    checkedId(id, `Selected NFT ${i + 1}`, 'NFT id'),
  )
}

/** A whole number of drops, no more than all the XRP there is. */
export function checkedDrops(value: unknown, label: string): string {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!DIGITS.test(text) || BigInt(text) > MAX_DROPS) {
    throw invalid(`${label}: the price ${shown(value)} is not a whole number of drops`)
  }
  return BigInt(text).toString()
}
