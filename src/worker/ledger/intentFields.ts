/**
 * Field checks shared by the ledger operations in this folder: account addresses and 256-bit ids
 * (NFTokenIDs, offer ids). Every failure is an `EngineError` `VALIDATION` with a message fit to show.
 */
import { isValidClassicAddress } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'

const HASH256 = /^[0-9A-Fa-f]{64}$/
const ZERO_HASH256 = /^0{64}$/
/** Longest piece of a rejected value quoted back in a message. */
const QUOTE_LIMIT = 70

/**
 * A rejected value as a message shows it: strings quoted (and shortened), anything else by its kind
 * (`(missing)`, `null`, `a number`, `an object`, `a list`).
 *
 * @param value - the offending value, untrusted.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return '(missing)'
  if (value === null) return 'null'
  if (typeof value !== 'string') {
    const kind = Array.isArray(value) ? 'list' : typeof value
    return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`
  }
  const shown = value.length > QUOTE_LIMIT ? `${value.slice(0, QUOTE_LIMIT)}…` : value
  return JSON.stringify(shown)
}

/**
 * The error every validator of this folder throws.
 *
 * @param message - a sentence a user may read.
 * @param field - the intent field at fault (`nftId`, `amountDrops`, …).
 * @param value - the offending value.
 */
export function invalidIntent(message: string, field: string, value: unknown): EngineError {
  return new EngineError('VALIDATION', message, { field, value: describeValue(value) })
}

/**
 * Checks the account that signs.
 *
 * @param account - the wallet's classic address.
 * @throws EngineError `VALIDATION` unless it is a valid classic address.
 */
export function requireAccount(account: unknown): asserts account is string {
  if (typeof account !== 'string' || !isValidClassicAddress(account)) {
    throw invalidIntent(
      `Invalid account ${describeValue(account)}: expected a classic address (r…).`,
      'account',
      account,
    )
  }
}

/**
 * Whether a value is 64 hexadecimal digits (either case), as NFTokenIDs and offer ids are.
 *
 * @param value - anything.
 */
export function isHash256(value: unknown): value is string {
  return typeof value === 'string' && HASH256.test(value)
}

/**
 * Whether a 64-digit id is all zeros (it names no ledger object; rippled rejects it in a cancel).
 *
 * @param id - 64 hexadecimal digits.
 */
export function isZeroHash256(id: string): boolean {
  return ZERO_HASH256.test(id)
}

/**
 * Checks an NFTokenID.
 *
 * @param nftId - the intent's `nftId`, untrusted.
 * @throws EngineError `VALIDATION` unless it is 64 hexadecimal digits.
 */
export function requireNftId(nftId: unknown): asserts nftId is string {
  if (!isHash256(nftId)) {
    throw invalidIntent(
      `Invalid NFT id ${describeValue(nftId)}: expected 64 hexadecimal characters.`,
      'nftId',
      nftId,
    )
  }
}

/**
 * Checks an offer id (an NFTokenOffer's ledger index).
 *
 * @param id - the id, untrusted.
 * @param field - the intent's field it came from, for the error's details.
 * @throws EngineError `VALIDATION` unless it is 64 hexadecimal digits, not all zeros (that id names no
 *   offer, and rippled refuses it as temMALFORMED).
 */
export function requireOfferId(id: unknown, field: string): asserts id is string {
  if (!isHash256(id)) {
    throw invalidIntent(
      `Invalid offer id ${describeValue(id)}: expected 64 hexadecimal characters.`,
      field,
      id,
    )
  }
  if (isZeroHash256(id)) {
    throw invalidIntent('Invalid offer id: the all-zero id names no offer.', field, id)
  }
}

/**
 * Checks that an intent has the expected type before a type-specific validator reads it.
 *
 * @param intent - the intent, untrusted.
 * @param type - the type the validator handles.
 * @throws EngineError `VALIDATION` when it is not an object of that type.
 */
export function requireIntentType(intent: unknown, type: string): void {
  const actual =
    typeof intent === 'object' && intent !== null ? (intent as { type?: unknown }).type : undefined
  if (actual !== type) {
    throw invalidIntent(
      `Expected an intent of type "${type}", got ${describeValue(actual)}.`,
      'type',
      actual,
    )
  }
}
