/**
 * Closed (and, in the sandbox, immediately validated) ledgers: headers, their transactions with
 * metadata, a state snapshot for the recent ones, and the indexes `tx` and `account_tx` read.
 */
import type { TxJson } from './context.ts'
import type { AffectedNode, TxMeta } from './meta.ts'
import { addressFromIdHex } from './keylets.ts'
import type { Ter } from './ter.ts'
import type { StateMap } from './view.ts'

export interface LedgerHeader {
  ledger_index: number
  ledger_hash: string
  parent_hash: string
  account_hash: string
  transaction_hash: string
  close_time: number
  parent_close_time: number
  close_time_resolution: number
  close_flags: number
  total_coins: string
}

/** A transaction in a closed ledger. */
export interface TxRecord {
  hash: string
  blob: string
  tx: TxJson
  result: Ter
  meta: TxMeta
  ledgerIndex: number
  ledgerHash: string
  closeTime: number
}

export interface ClosedLedger {
  header: LedgerHeader
  txs: TxRecord[]
  /** The state after this ledger; kept for the most recent ledgers only. */
  state?: StateMap
}

/** How many closed ledgers keep a full state snapshot (older ones keep header and transactions). */
const STATE_SNAPSHOTS = 256

export class LedgerHistory {
  private readonly ledgers = new Map<number, ClosedLedger>()
  private readonly indexByHash = new Map<string, number>()
  private readonly txByHash = new Map<string, TxRecord>()
  private readonly txByAccount = new Map<string, TxRecord[]>()
  private first = 0
  private last = 0

  add(ledger: ClosedLedger): void {
    const index = ledger.header.ledger_index
    this.ledgers.set(index, ledger)
    this.indexByHash.set(ledger.header.ledger_hash, index)
    if (!this.first) this.first = index
    this.last = index
    for (const rec of ledger.txs) {
      this.txByHash.set(rec.hash, rec)
      for (const account of affectedAccounts(rec.tx, rec.meta)) {
        const list = this.txByAccount.get(account)
        if (list) list.push(rec)
        else this.txByAccount.set(account, [rec])
      }
    }
    const old = this.ledgers.get(index - STATE_SNAPSHOTS)
    if (old) delete old.state
  }

  get(index: number): ClosedLedger | undefined {
    return this.ledgers.get(index)
  }

  byHash(hash: string): ClosedLedger | undefined {
    const index = this.indexByHash.get(hash)
    return index === undefined ? undefined : this.ledgers.get(index)
  }

  latest(): ClosedLedger {
    const l = this.ledgers.get(this.last)
    if (!l) throw new Error('sandbox: no closed ledger')
    return l
  }

  range(): { first: number; last: number } {
    return { first: this.first, last: this.last }
  }

  findTx(hash: string): TxRecord | undefined {
    return this.txByHash.get(hash)
  }

  /** Validated transactions that affected an account, oldest first. */
  accountTxs(account: string): readonly TxRecord[] {
    return this.txByAccount.get(account) ?? []
  }

  all(): ClosedLedger[] {
    return [...this.ledgers.values()]
  }
}

const ACCOUNT_FIELDS = ['Account', 'Destination', 'Owner', 'Issuer', 'RegularKey', 'NFTokenMinter']

/**
 * The accounts a transaction touched, for account_tx and account subscriptions: the account fields of
 * the transaction and of every affected entry (new, final and previous fields), and the owners of
 * affected NFTokenPages. A superset of rippled's getAffectedAccounts, which reads only the affected
 * entries' new or final fields: here an account may see a few more transactions than on rippled (the
 * Destination of a tec Payment, a replaced RegularKey), never fewer.
 */
export function affectedAccounts(tx: TxJson, meta?: TxMeta): Set<string> {
  const out = new Set<string>()
  const collect = (fields: Record<string, unknown> | undefined) => {
    if (!fields) return
    for (const f of ACCOUNT_FIELDS) if (typeof fields[f] === 'string') out.add(fields[f])
  }
  collect(tx)
  for (const node of meta?.AffectedNodes ?? []) {
    const [inner] = Object.values(node) as [AffectedNodeBody]
    collect(inner.NewFields)
    collect(inner.FinalFields)
    collect(inner.PreviousFields)
    if (inner.LedgerEntryType === 'NFTokenPage')
      out.add(addressFromIdHex(inner.LedgerIndex.slice(0, 40)))
  }
  return out
}

type AffectedNodeBody = {
  LedgerEntryType: string
  LedgerIndex: string
  NewFields?: Record<string, unknown>
  FinalFields?: Record<string, unknown>
  PreviousFields?: Record<string, unknown>
}

export type { AffectedNode }
