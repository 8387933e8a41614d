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
  /**
   * Close the connection that sends a request of `command`, unanswered, once `after` more of them
   * were answered (a reading cut off after its second page, say).
   */
  dropOn: { command: string; after: number } | null
  /** The next N submits are processed, then their connection closes before the reply (the classic ambiguity). */
  dropSubmitReplies: number
  /**
   * Once `after` more submits were answered, the next one calls `run` (a test kills its client there)
   * and is then dropped unapplied ('drop': the client died before submitting), applied with its
   * connection closed unanswered ('apply': died after submitting), or applied and answered ('reply').
   */
  onSubmit: { after: number; then: 'drop' | 'apply' | 'reply'; run: () => void } | null
  /**
   * At the next N ledger closes, each connection following an account is also sent a forged rival:
   * a validated transaction with the account's next Sequence, signed by a key that is not the
   * account's (see forgeRival.ts).
   */
  forgeRivals: number
  /**
   * A server that hides validated transactions: every `tx` request with a ledger range is answered
   * txnNotFound with searched_all true, `account_tx` lists none, and no transaction goes out on the
   * streams.
   */
  hideTxs: boolean
}

/** A server without faults. */
export function initialFaults(): ConnectionFaults {
  return {
    delayMs: 0,
    dropAfterMessages: null,
    dropOn: null,
    dropSubmitReplies: 0,
    onSubmit: null,
    forgeRivals: 0,
    hideTxs: false,
    ...noHealthFaults(),
  }
}

/** Whether the request of `command` is to be dropped with its connection (and the fault spent). */
export function takeDrop(faults: ConnectionFaults, command: unknown): boolean {
  if (faults.dropAfterMessages !== null) {
    faults.dropAfterMessages -= 1
    if (faults.dropAfterMessages <= 0) {
      faults.dropAfterMessages = null
      return true
    }
  }
  const on = faults.dropOn
  if (!on || on.command !== command) return false
  if (on.after > 0) {
    on.after -= 1
    return false
  }
  faults.dropOn = null
  return true
}

/** The onSubmit fault when this request is the submit it waits for (the fault is then spent). */
export function takeSubmitHook(
  faults: ConnectionFaults,
  command: unknown,
): ConnectionFaults['onSubmit'] {
  const hook = faults.onSubmit
  if (!hook || command !== 'submit') return null
  if (hook.after > 0) {
    hook.after -= 1
    return null
  }
  faults.onSubmit = null
  return hook
}
