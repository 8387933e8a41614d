/** The fault switches of one server: its connections' faults and its health faults. */
import { noHealthFaults } from './healthFaults.ts'
import type { HealthFaults } from './healthFaults.ts'

/**
 * Connection-level faults, and the health faults of this server (see HealthFaults). Ledger-level
 * ones (lost submits, queue-full storms) are on the ledger.
 */
export interface ConnectionFaults extends HealthFaults {
  /**
   * Delay every message to clients by this many ms: replies and stream messages alike, in the order
   * they were sent (a link far from its server; 100 ms is a phone on a mobile network).
   */
  delayMs: number
  /** After this many more requests (server-wide), close the connection that sent the last one, unanswered. */
  dropAfterMessages: number | null
  /** The next N submits are processed, then their connection closes before the reply (the classic ambiguity). */
  dropSubmitReplies: number
  /**
   * At the next N ledger closes, each connection following an account is also sent a forged rival:
   * a validated transaction with the account's next Sequence, signed by a key that is not the
   * account's (see forgeRival.ts).
   */
  forgeRivals: number
  /**
   * A server that hides validated transactions: every `tx` request with a ledger range is answered
   * txnNotFound with searched_all true, and no transaction goes out on the streams.
   */
  hideTxs: boolean
}

/** A server without faults. */
export function initialFaults(): ConnectionFaults {
  return {
    delayMs: 0,
    dropAfterMessages: null,
    dropSubmitReplies: 0,
    forgeRivals: 0,
    hideTxs: false,
    ...noHealthFaults(),
  }
}
