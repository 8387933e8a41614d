/**
 * Errors that cross the worker boundary. Comlink rebuilds thrown values as plain `Error`s, so callers
 * match on `name` and `code`, never on `instanceof` (see `comlink.ts` for the transfer handler that
 * keeps these fields intact).
 */
import { log } from './log.ts'

/** What went wrong, coarsely enough for the UI to decide what to show or offer. */
export type EngineErrorCode =
  /** An operation needs a ledger connection and there is none. */
  | 'NOT_CONNECTED'
  /** A request got no answer within the request timeout. */
  | 'TIMEOUT'
  /** Input (from the user, a file or the UI) was rejected before anything was done. */
  | 'VALIDATION'
  /** No endpoint of the network could be reached, or the connection broke. */
  | 'NETWORK'
  /** The ledger server answered with an error. */
  | 'LEDGER_REJECTED'
  /** The thing asked for does not exist (account, transaction, job, ...). */
  | 'NOT_FOUND'
  /** A newer request superseded this one, or the user cancelled it. */
  | 'CANCELLED'
  /** A bug or an unexpected state: not the user's fault. */
  | 'INTERNAL'

/** Every code, for validation of values that arrive from elsewhere. */
export const ENGINE_ERROR_CODES: readonly EngineErrorCode[] = [
  'NOT_CONNECTED',
  'TIMEOUT',
  'VALIDATION',
  'NETWORK',
  'LEDGER_REJECTED',
  'NOT_FOUND',
  'CANCELLED',
  'INTERNAL',
]

/**
 * The one error type the ledger engine throws on purpose.
 *
 * @example
 * ```ts
 * throw new EngineError('VALIDATION', 'Unknown network: moon', { networkId: 'moon' })
 * ```
 */
export class EngineError extends Error {
  /** What kind of failure this is; stable, unlike the message. */
  readonly code: EngineErrorCode
  /** Extra detail; must be structured-cloneable to survive the worker boundary intact. */
  readonly data?: unknown

  /**
   * @param code - the failure kind.
   * @param message - a sentence a user may read.
   * @param data - optional structured-cloneable detail.
   */
  constructor(code: EngineErrorCode, message: string, data?: unknown) {
    super(message)
    this.name = 'EngineError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/**
 * Whether a value is an {@link EngineError}, also after it crossed the worker boundary.
 *
 * @param value - anything caught.
 */
export function isEngineError(value: unknown): value is EngineError {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as { name?: unknown; code?: unknown }
  return (
    candidate.name === 'EngineError' &&
    ENGINE_ERROR_CODES.includes(candidate.code as EngineErrorCode)
  )
}

/**
 * A message fit for the user from anything caught.
 *
 * @param value - anything caught.
 * @param fallback - used when the value carries no message.
 */
export function errorMessage(value: unknown, fallback = 'Unknown error'): string {
  if (value instanceof Error && value.message) return value.message
  if (typeof value === 'string' && value) return value
  return fallback
}

/**
 * A rejection handler for work nobody awaits (a resume in the background, a refresh): the failure is
 * logged with what was being done, never swallowed.
 */
export function logFailure(what: string): (error: unknown) => void {
  return (error) => log.error(`${what} failed:`, error)
}

/**
 * A rejection handler for a read whose failure the caller can go on without (a count, a saved
 * reading): the failure is logged with what was being done and `fallback` stands in for the answer.
 *
 * @param what - what was being done, for the log ('counting the offers').
 * @param fallback - what the caller goes on with.
 */
export function loggedOr<T>(what: string, fallback: T): (error: unknown) => T {
  return (error) => {
    logFailure(what)(error)
    return fallback
  }
}
