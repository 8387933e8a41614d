/**
 * The rules a job run submits by: its limits (in flight, fee, LastLedgerSequence, polling) and what
 * a submit's preliminary result means for the attempt (rejected for good, held back, never applies).
 */
import type { Attempt } from '../../../db/types/jobItems.ts'

/** The runner's limits (DEFAULT_LIMITS unless a test sets them). */
export interface RunnerLimits {
  /** LastLedgerSequence = latest validated ledger + this. */
  lastLedgerOffset: number
  /**
   * Attempts signed and not yet final, at most: a cap over the pace's own figure (about two ledgers'
   * worth, see pace.ts).
   */
  maxInFlight: number
  /**
   * The most a transaction may pay, drops: the fee the user confirmed. Transactions pay the base fee
   * the server asks, up to this.
   */
  maxFeeDrops: string
  /** Ask `tx` about an attempt that had no stream news for this many ledgers. */
  pollAfterLedgers: number
  /** How long an external wallet may take to answer before it counts as closed (default 10 min). */
  approvalTimeoutMs?: number
}

export const DEFAULT_LIMITS: RunnerLimits = {
  lastLedgerOffset: 20,
  maxInFlight: 1000,
  maxFeeDrops: '12',
  pollAfterLedgers: 3,
}

/** Submit results after which an attempt did not apply and is not retried (the item fails). */
export const PERMANENT =
  /^(tem|tefNFTOKEN_IS_NOT_TRANSFERABLE|tefBAD_AUTH|tefMASTER_DISABLED|tefNO_TICKET)/
/**
 * Of those, the ones that prove the transaction can never apply: `tem` is decided on the
 * transaction alone. A `tef` depends on the ledger, and servers keep such a transaction and retry it
 * for a few ledgers (rippled's held and local transactions), so it could still apply later.
 */
export const NEVER_APPLIES = /^tem/

/** Results that mean: the account's queue or the open ledger is full; wait for the next ledger. */
export const BACK_OFF = /^(telCAN_NOT_QUEUE|telINSUF_FEE_P|terINSUF_FEE_B)/

/** Whether the attempt waits to be submitted (again): the server never took it, or turned it away. */
export function isHeldBack(a: Attempt): boolean {
  return a.preliminary === undefined || BACK_OFF.test(a.preliminary)
}

/** Whether the server rejected the attempt (its item fails; its number was freed at once). */
export function isRejected(a: Attempt): boolean {
  return a.preliminary !== undefined && PERMANENT.test(a.preliminary)
}

/**
 * Whether an attempt is due to settle: past its LastLedgerSequence, or its number consumed, in the
 * validated ledger of the run's view.
 */
export function isDue(
  a: Pick<Attempt, 'sequence' | 'lastLedgerSequence'>,
  view: { validated: number; validatedAccountSeq: number },
): boolean {
  return view.validated > a.lastLedgerSequence || view.validatedAccountSeq > a.sequence
}
