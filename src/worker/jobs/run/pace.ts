/**
 * How hard a runner pushes, from what it measures: the round trip of its submits, the time between
 * ledger closes, and the server's `fee` answer (the open ledger's expected size and the load-scaled
 * base fee). A ledger's worth of submits should be out within a quarter of a ledger interval, so the
 * number awaiting an answer grows with the round trip; about two ledgers' worth are in flight, one
 * validating and one filling. The fee is the base fee the server asks now, never above the ceiling
 * the user confirmed.
 */

/** Submits awaiting their answer at once: never fewer (a fast link), never more (a slow one). */
export const MIN_SUBMIT_WINDOW = 10
export const MAX_SUBMIT_WINDOW = 200
/** A transaction per account may wait in the server's queue beyond the open ledger (rippled: 10). */
const QUEUE_PER_ACCOUNT = 10
/** The share of a ledger interval a ledger's worth of submits should take at most. */
const SUBMIT_SHARE = 0.25
/** Weight of a new sample in the running averages. */
const ALPHA = 0.2

/** What `fee` tells (the fields the pace needs, as numbers). */
export interface FeeFacts {
  /** Transactions the open ledger takes at the base fee. */
  expectedLedgerSize: number
  /** The base fee scaled by the server's load: less is refused (telINSUF_FEE_P), drops. */
  minimumFeeDrops: bigint
}

/**
 * Reads the fields of a `fee` result, or undefined when they are missing or malformed (the pace
 * then keeps what it knew).
 */
export function feeFacts(result: unknown): FeeFacts | undefined {
  const r = result as {
    expected_ledger_size?: unknown
    drops?: { minimum_fee?: unknown }
  } | null
  const size = Number(r?.expected_ledger_size)
  const minimum = r?.drops?.minimum_fee
  if (!Number.isSafeInteger(size) || size <= 0) return undefined
  if (typeof minimum !== 'string' || !/^\d{1,18}$/.test(minimum)) return undefined
  return { expectedLedgerSize: size, minimumFeeDrops: BigInt(minimum) }
}

export class Pace {
  /** Round trip of a request, ms (a guess until measured). */
  rttMs = 100
  /** Time between ledger closes, ms (mainnet's, until measured). */
  intervalMs = 3_500
  /** Transactions the open ledger takes at the base fee (until the server says). */
  expectedLedgerSize = 200
  /** The base fee the server asks now, drops (undefined until read: the ceiling is used). */
  minimumFeeDrops?: bigint
  private lastCloseAt?: number

  /** @param maxFeeDrops - the most one transaction may pay: the fee the user confirmed. */
  constructor(readonly maxFeeDrops: bigint) {}

  noteRoundTrip(ms: number): void {
    if (Number.isFinite(ms) && ms >= 0) this.rttMs += ALPHA * (ms - this.rttMs)
  }

  /** A ledger closed now (Unix ms). */
  noteLedgerClose(at: number): void {
    const last = this.lastCloseAt
    this.lastCloseAt = at
    // A gap of many intervals is a pause or a lost connection, not the ledger's pace.
    if (last === undefined || at <= last || at - last > 4 * this.intervalMs) return
    this.intervalMs += ALPHA * (at - last - this.intervalMs)
  }

  noteFee(facts: FeeFacts | undefined): void {
    if (!facts) return
    this.expectedLedgerSize = facts.expectedLedgerSize
    this.minimumFeeDrops = facts.minimumFeeDrops
  }

  /** Submits awaiting their answer at once. */
  get submitWindow(): number {
    const budget = Math.max(1, this.intervalMs * SUBMIT_SHARE)
    const wanted = Math.ceil((this.expectedLedgerSize * this.rttMs) / budget)
    return Math.min(MAX_SUBMIT_WINDOW, Math.max(MIN_SUBMIT_WINDOW, wanted))
  }

  /** Attempts signed and not yet final, at most (before the runner's own cap). */
  get maxInFlight(): number {
    return 2 * this.expectedLedgerSize + QUEUE_PER_ACCOUNT
  }

  /**
   * The fee to sign with: the base fee the server asks (the ceiling until it was read), or null when
   * the server asks more than the ceiling: the job then waits rather than pay more than confirmed.
   */
  get feeDrops(): bigint | null {
    const asked = this.minimumFeeDrops ?? this.maxFeeDrops
    return asked > this.maxFeeDrops ? null : asked
  }
}
