/**
 * Step 2 of the GEM flow: waiting until a validated ledger shows the new key as the account's
 * RegularKey. GEM Wallet submits the SetRegularKey itself, so the engine can only watch the ledger:
 * it re-reads account_info once per new validated ledger, within a bounded number of ledgers and a
 * bounded time.
 */
import { EngineError, isEngineError } from '../../shared/errors.ts'
import { delay } from '../network/backoff.ts'
import type { AccountAuth } from './accountKeys.ts'

/** How long to wait for the RegularKey to appear. */
export interface ConfirmLimits {
  /**
   * Validated ledgers to watch after the first check. A submitted transaction is normally validated
   * within a few; 20 also covers a LastLedgerSequence of current + 20 (xrpl.js autofill's margin).
   */
  maxLedgers: number
  /** Wall-clock bound, for when ledgers stop arriving (connection lost, stalled network). */
  timeoutMs: number
  /** How often to look for a new validated ledger in the connection status. */
  pollMs: number
}

/** The defaults: 20 ledgers (≈ 70 s on mainnet) or 90 s, whichever comes first. */
export const DEFAULT_CONFIRM_LIMITS: ConfirmLimits = {
  maxLedgers: 20,
  timeoutMs: 90_000,
  pollMs: 250,
}

/** What the wait needs from the keyring: a way to read the account and the ledger clock. */
export interface RegularKeyWatch {
  /** The account whose RegularKey is awaited. */
  account: string
  /** The address of the key that should become the RegularKey. */
  keyAddress: string
  /** Reads the account's authorisation from the validated ledger. */
  read(): Promise<AccountAuth>
  /** The latest validated ledger index the connection has seen (from the ledger stream). */
  ledgerIndex(): number | null
  /** Aborts the wait (lock, a new pending key, a network switch). */
  signal: AbortSignal
}

// Failures worth waiting out: the connection may come back before the deadline.
const TRANSIENT = new Set(['NOT_CONNECTED', 'NETWORK', 'TIMEOUT'])

function timedOut(watch: RegularKeyWatch): EngineError {
  return new EngineError(
    'TIMEOUT',
    `The new regular key did not appear on ${watch.account} in time: check the transaction in GEM Wallet and try again`,
    { account: watch.account },
  )
}

/** Reads the account, or null after a transient failure (which is waited out like a ledger). */
async function readOnce(watch: RegularKeyWatch): Promise<AccountAuth | null> {
  try {
    return await watch.read()
  } catch (error) {
    if (isEngineError(error) && TRANSIENT.has(error.code)) return null
    throw error
  }
}

/** Waits one poll interval, or throws TIMEOUT once the deadline has passed. */
async function pause(watch: RegularKeyWatch, deadline: number, limits: ConfirmLimits) {
  const left = deadline - Date.now()
  if (left <= 0) throw timedOut(watch)
  await delay(Math.min(limits.pollMs, left), watch.signal)
}

/** Resolves once the connection has seen a validated ledger after `index`. */
async function nextLedger(
  watch: RegularKeyWatch,
  index: number,
  deadline: number,
  limits: ConfirmLimits,
): Promise<void> {
  while ((watch.ledgerIndex() ?? -1) <= index) await pause(watch, deadline, limits)
}

/**
 * Waits until the validated ledger shows `watch.keyAddress` as the RegularKey of `watch.account`.
 *
 * @param watch - the account, the key and how to read the ledger.
 * @param limits - ledger and time bounds.
 * @returns the account's authorisation as of the ledger where the key was seen.
 * @throws EngineError `TIMEOUT` when the bounds pass; `NOT_FOUND` when the account does not exist;
 *   `CANCELLED` when the signal aborts.
 */
export async function waitForRegularKey(
  watch: RegularKeyWatch,
  limits: ConfirmLimits = DEFAULT_CONFIRM_LIMITS,
): Promise<AccountAuth> {
  const deadline = Date.now() + limits.timeoutMs
  let firstLedger: number | null = null
  for (;;) {
    if (watch.signal.aborted)
      throw new EngineError('CANCELLED', 'Waiting for the key was cancelled')
    const auth = await readOnce(watch)
    if (!auth) {
      // Offline or a slow server: retry after a pause rather than spin on a stale ledger index.
      await pause(watch, deadline, limits)
      continue
    }
    if (auth.regularKey === watch.keyAddress) return auth
    firstLedger ??= auth.ledgerIndex
    if (auth.ledgerIndex - firstLedger >= limits.maxLedgers) throw timedOut(watch)
    await nextLedger(watch, auth.ledgerIndex, deadline, limits)
  }
}
