/**
 * What a server publishes on its streams: the ledger stream and validated transactions as ledgers
 * close (held back while the server lags, then published in order as it catches up), proposed
 * transactions as they are applied, and the forged rivals of the forgeRivals fault.
 */
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { ClosedLedger } from '../ledger/history.ts'
import type { AccountRoot } from '../ledger/entries.ts'
import { affectedAccounts } from '../ledger/history.ts'
import { keylet } from '../ledger/keylets.ts'
import type { StateMap } from '../ledger/view.ts'
import type { OpenTx } from '../ledger/openLedger.ts'
import { terCode, terMessage } from '../ledger/ter.ts'
import type { ConnectionHandle } from './context.ts'
import { forgedRivalMessage } from './forgeRival.ts'
import { transactionStreamMessage, txJsonV2 } from './txFormat.ts'
import { ledgerSummary } from './ledgerFields.ts'
import { laggedLedger } from './healthFaults.ts'

/** The faults the streams obey (a subset of the server's). */
export interface StreamFaults {
  forgeRivals: number
  hideTxs: boolean
  lagLedgers: number
}

export class StreamPublisher<C extends ConnectionHandle> {
  /** The last ledger this server has published (a lagging server is behind the ledger). */
  private published: number

  constructor(
    private readonly ledger: SandboxLedger,
    private readonly conns: () => Iterable<C>,
    private readonly send: (conn: C, msg: Record<string, unknown>) => void,
    private readonly faults: StreamFaults,
  ) {
    this.published = ledger.validated.header.ledger_index
  }

  /** Publishes every closed ledger the server now considers validated and has not published yet. */
  catchUp(): void {
    const target = laggedLedger(this.ledger, this.faults.lagLedgers).header.ledger_index
    // A ledger older than the history keeps is skipped: there is nothing left to publish of it.
    this.published = Math.max(this.published, this.ledger.history.range().first - 1)
    while (this.published < target) {
      this.published += 1
      const closed = this.ledger.history.get(this.published)
      if (closed) this.publish(closed)
    }
  }

  /**
   * rippled's proposed-transaction streams: a transaction applied to the open ledger goes at once to
   * `transactions_proposed` subscribers and to connections following one of its accounts with
   * `accounts_proposed` (before any ledger validates it).
   */
  proposed(t: OpenTx): void {
    if (this.faults.hideTxs) return
    // Most connections follow nothing proposed: skip the work of finding the accounts.
    const following = [...this.conns()].some(
      (c) => c.streams.has('transactions_proposed') || c.proposedAccounts.size > 0,
    )
    if (!following) return
    const accounts = affectedAccounts(t.tx, t.meta)
    let msg: Record<string, unknown> | undefined
    for (const c of this.conns()) {
      const wants =
        c.streams.has('transactions_proposed') ||
        [...c.proposedAccounts].some((a) => accounts.has(a))
      if (!wants) continue
      msg ??= {
        type: 'transaction',
        tx_json: txJsonV2(t.tx),
        hash: t.hash,
        engine_result: t.result,
        engine_result_code: terCode(t.result),
        engine_result_message: terMessage(t.result),
        ledger_current_index: this.ledger.currentIndex,
        status: 'proposed',
        validated: false,
      }
      this.send(c, msg)
    }
  }

  /** The ledger stream, then each transaction to `transactions` subscribers and to subscribed accounts. */
  private publish(closed: ClosedLedger): void {
    const ledgerMsg = {
      type: 'ledgerClosed',
      ...ledgerSummary(this.ledger, closed.header),
      txn_count: closed.txs.length,
    }
    for (const c of this.conns()) if (c.streams.has('ledger')) this.send(c, ledgerMsg)
    for (const rec of this.faults.hideTxs ? [] : closed.txs) {
      const accounts = affectedAccounts(rec.tx, rec.meta)
      let msg: Record<string, unknown> | undefined
      for (const c of this.conns()) {
        // The proposed streams get validated transactions too, as rippled's real-time streams do.
        const wants =
          c.streams.has('transactions') ||
          c.streams.has('transactions_proposed') ||
          [...c.accounts, ...c.proposedAccounts].some((a) => accounts.has(a))
        if (!wants) continue
        msg ??= transactionStreamMessage(rec)
        this.send(c, msg)
      }
    }
    this.sendForgeries(closed)
  }

  /**
   * The forged rivals of the forgeRivals fault: one per followed account that has a transaction
   * waiting with its next Sequence (in the open ledger or the queue), while the fault lasts.
   */
  private sendForgeries(closed: ClosedLedger): void {
    if (this.faults.forgeRivals <= 0) return
    let sent = false
    for (const c of this.conns()) {
      for (const account of c.accounts) {
        const forged = this.waitsForValidation(closed, account)
          ? forgedRivalMessage(closed, account)
          : null
        if (!forged) continue
        this.send(c, forged)
        sent = true
      }
    }
    if (sent) this.faults.forgeRivals -= 1
  }

  /** Whether a transaction of the account waits for validation (applied in the open ledger, queued). */
  private waitsForValidation(closed: ClosedLedger, account: string): boolean {
    const sequence = (state: StateMap | undefined) =>
      (state?.get(keylet.account(account)) as AccountRoot | undefined)?.Sequence
    const validated = sequence(closed.state)
    if (validated === undefined) return false
    return (
      sequence(this.ledger.currentState) !== validated || this.ledger.queuedFor(account).length > 0
    )
  }
}
