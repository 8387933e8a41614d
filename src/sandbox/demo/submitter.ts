/**
 * Signs transactions with real keys and applies them straight to an in-process sandbox ledger, for
 * building demo state fast. Each account's Sequence is tracked locally so a whole batch fits in one
 * ledger; anything but tesSUCCESS is a bug in the demo and throws.
 */
import type { Transaction, Wallet } from 'xrpl'
import type { SandboxLedger } from '../ledger/ledger.ts'
import { keylet } from '../ledger/keylets.ts'
import type { AccountRoot } from '../ledger/entries.ts'
import type { TxMeta } from '../ledger/meta.ts'

export class DemoSubmitter {
  private readonly nextSeq = new Map<string, number>()

  constructor(private readonly ledger: SandboxLedger) {}

  /** Signs and submits; returns the transaction's hash. */
  submit(wallet: Wallet, tx: Record<string, unknown>): string {
    const account = wallet.classicAddress
    const seq = this.nextSeq.get(account) ?? this.accountSequence(account)
    const signed = wallet.sign({
      Fee: '12',
      ...tx,
      Account: account,
      Sequence: seq,
    } as unknown as Transaction)
    const r = this.ledger.submit(signed.tx_blob)
    if (r.engine_result !== 'tesSUCCESS') {
      throw new Error(
        `demo: ${String(tx.TransactionType)} by ${account} failed: ${r.engine_result}`,
      )
    }
    this.nextSeq.set(account, seq + 1)
    return signed.hash
  }

  /** The close time (Ripple-epoch seconds) of the latest closed ledger. */
  lastCloseTime(): number {
    return this.ledger.validated.header.close_time
  }

  /** Closes the open ledger; returns the metadata of its transactions by hash. */
  close(): Map<string, TxMeta> {
    const closed = this.ledger.accept()
    return new Map(closed.txs.map((t) => [t.hash, t.meta]))
  }

  private accountSequence(account: string): number {
    const root = this.ledger.currentState.get(keylet.account(account)) as AccountRoot | undefined
    if (!root) throw new Error(`demo: account ${account} does not exist`)
    return root.Sequence
  }
}
