/**
 * What a server's answer says about its load and health, apart from the request's own outcome:
 * a reply that carries a load warning, and the refusals that mean "not now" rather than "no".
 * Sources: rippled `ErrorCodes.h` and `Resource/Fees.cpp`, Clio's DOSGuard and its warning codes.
 */

import { rippledError } from './ledgerRequests.ts'
import { xrplErrorName } from './xrplErrors.ts'

/** Why a server refused a request it may well answer later. */
export type RefusalKind =
  /** Too much load from us: slow down (rippled's and Clio's slowDown, rippled's tooBusy). */
  | 'load'
  /** The server is not following the network now (not synced, no current or closed ledger). */
  | 'unsynced'
  /** The server cannot apply the ledger's rules: it will not recover by waiting. */
  | 'blocked'
  /** Clio could not reach the rippled it forwards to, or is starting. */
  | 'forwarding'

/** rippled's and Clio's error tokens for refusals worth waiting out, by kind. */
const REFUSALS: Readonly<Record<string, RefusalKind>> = {
  slowDown: 'load',
  tooBusy: 'load',
  noNetwork: 'unsynced',
  notSynced: 'unsynced',
  noCurrent: 'unsynced',
  noClosed: 'unsynced',
  amendmentBlocked: 'blocked',
  // Clio: errors of its own forwarding to rippled (its RPC `timeout` is not a client timeout).
  timeout: 'forwarding',
  connectionError: 'forwarding',
  failedToForward: 'forwarding',
  notReady: 'forwarding',
}

/** Clio's warning code "you are about to be rate limited" (2001 and 2002 only describe Clio). */
export const CLIO_RATE_LIMIT_WARNING = 2003

/**
 * The refusal a failed request met, or null for any other failure. xrpl.js rejects an error reply
 * with a RippledError whose `data` is the whole reply.
 *
 * @param error - what the request rejected with.
 */
export function refusalOf(error: unknown): RefusalKind | null {
  if (xrplErrorName(error) !== 'RippledError') return null
  const token = rippledError(error)
  return typeof token === 'string' ? (REFUSALS[token] ?? null) : null
}

/**
 * Whether a successful reply says the server is near its limit for us: rippled's top-level
 * `warning: "load"`, or Clio's `warnings` entry 2003.
 *
 * @param reply - the response object xrpl.js resolved with.
 */
export function carriesLoadWarning(reply: unknown): boolean {
  if (typeof reply !== 'object' || reply === null) return false
  const { warning, warnings } = reply as { warning?: unknown; warnings?: unknown }
  if (warning === 'load') return true
  return (
    Array.isArray(warnings) &&
    warnings.some((w) => (w as { id?: unknown } | null)?.id === CLIO_RATE_LIMIT_WARNING)
  )
}

/** The WebSocket close code rippled uses when it drops a client over its load (1008, policy). */
export const LOAD_CLOSE_CODE = 1008
