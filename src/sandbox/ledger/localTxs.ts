/**
 * Transactions submitted to this server that did not (yet) get into a ledger, kept and tried again in
 * each new open ledger, as rippled's LocalTxs (and its held transactions) do: a terPRE_SEQ waiting for
 * its predecessor, a tel rejected by a full queue, a queued transaction the queue later gives up, a
 * tef that may pass once the ledger changes. A kept transaction goes away once it is in a ledger, its
 * Sequence has passed (or its Ticket is gone), its LastLedgerSequence has passed, or HOLD_LEDGERS
 * ledgers have closed since it was submitted.
 */
import type { AccountRoot } from './entries.ts'
import { keylet } from './keylets.ts'
import type { Ter } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import { isTicket, seqKey } from './txQueue.ts'
import type { StateMap } from './view.ts'

/** rippled's LocalTxs::holdLedgers. */
export const HOLD_LEDGERS = 5

/** Results that can never turn into success by trying again later: such a submit is not kept. */
const NEVER_LATER = new Set<Ter>(['tefPAST_SEQ', 'tefEXCEPTION'])

/** Whether a local submit that was not applied is kept (rippled: ter, tel and most tef, not tem). */
export function isKept(ter: Ter): boolean {
  if (NEVER_LATER.has(ter)) return false
  return ter.startsWith('ter') || ter.startsWith('tel') || ter.startsWith('tef')
}

interface LocalTx {
  p: PendingTx
  /** Kept while the ledgers that close have at most this index (rippled: submit ledger + 5). */
  holdThrough: number
}

export class LocalTxs {
  private readonly txs = new Map<string, LocalTx>()

  get size(): number {
    return this.txs.size
  }

  /** Keeps a transaction submitted while ledger `openSeq` was open (a resubmit extends its time). */
  keep(p: PendingTx, openSeq: number): void {
    const kept = this.txs.get(p.hash)
    const holdThrough = Math.max(openSeq + HOLD_LEDGERS, kept?.holdThrough ?? 0)
    this.txs.set(p.hash, { p: kept?.p ?? p, holdThrough })
  }

  has(hash: string): boolean {
    return this.txs.has(hash)
  }

  find(hash: string): PendingTx | undefined {
    return this.txs.get(hash)?.p
  }

  forget(hash: string): void {
    this.txs.delete(hash)
  }

  /** In rippled's canonical order for retries: by account, then sequences before tickets, ascending. */
  ordered(): PendingTx[] {
    const all = [...this.txs.values()].map((l) => l.p)
    return all.sort(
      (a, b) =>
        (a.tx.Account < b.tx.Account ? -1 : a.tx.Account > b.tx.Account ? 1 : 0) ||
        seqKey(a.tx) - seqKey(b.tx) ||
        (a.hash < b.hash ? -1 : 1),
    )
  }

  /**
   * After ledger `closedSeq` (state `state`) closed: forgets what is in a ledger (`inLedger`), what
   * can no longer apply, and what has been kept long enough (rippled LocalTxs::sweep).
   */
  sweep(closedSeq: number, state: StateMap, inLedger: (hash: string) => boolean): void {
    for (const [hash, { p, holdThrough }] of this.txs) {
      const lls = p.tx.LastLedgerSequence
      const expired = closedSeq > holdThrough || (lls !== undefined && closedSeq >= lls)
      if (expired || inLedger(hash) || isObsolete(p, state)) this.txs.delete(hash)
    }
  }

  /**
   * The held transaction that follows `tx` (rippled's popAcctTransaction): the same account's next
   * Sequence, or, once no Sequence follows, its lowest Ticket. `skip` leaves out ones already applied.
   */
  successorOf(tx: PendingTx['tx'], skip: (hash: string) => boolean): PendingTx | undefined {
    let next: PendingTx | undefined
    for (const { p } of this.txs.values()) {
      if (p.tx.Account !== tx.Account || skip(p.hash) || seqKey(p.tx) <= seqKey(tx)) continue
      if (!next || seqKey(p.tx) < seqKey(next.tx)) next = p
    }
    if (!next || isTicket(next.tx) || next.tx.Sequence === tx.Sequence + 1) return next
    return undefined
  }
}

/** Its Sequence has passed, or the Ticket it needs has come and gone. */
function isObsolete(p: PendingTx, state: StateMap): boolean {
  const acct = state.get(keylet.account(p.tx.Account)) as Readonly<AccountRoot> | undefined
  if (!acct) return false
  if (!isTicket(p.tx)) return acct.Sequence > p.tx.Sequence
  if (acct.Sequence <= p.tx.TicketSequence!) return false
  return !state.has(keylet.ticket(p.tx.Account, p.tx.TicketSequence!))
}
