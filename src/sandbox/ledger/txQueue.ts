/**
 * The transaction queue (rippled TxQ) and the fee escalation of the open ledger. Transactions that pay
 * the base fee but not the escalated open-ledger fee wait here and are applied to later ledgers by fee
 * level; each account may have at most 10 queued.
 */
import type { TxJson } from './context.ts'

/** rippled's reference fee level: a transaction paying exactly the base fee. */
export const BASE_LEVEL = 256
/** rippled's minimum escalation multiplier (TxQ minimumEscalationMultiplier). */
const MIN_ESCALATION_LEVEL = 128_000
export const MAX_PER_ACCOUNT = 10
/** A queued transaction that keeps failing with ter* is dropped after this many tries. */
export const MAX_RETRIES = 10

export interface PendingTx {
  hash: string
  blob: string
  tx: TxJson
  feeLevel: number
  retries: number
}

/**
 * Fee level of a transaction: its fee relative to its base fee, in units where the base is 256. As in
 * rippled's getFeeLevelPaid, a transaction whose base fee is 0 (the free SetRegularKey) counts as paying
 * the default base fee on top of its own, so paying nothing is the reference level.
 */
export function feeLevel(tx: TxJson, baseFee: bigint, defaultBaseFee: bigint): number {
  const mod = baseFee > 0n ? 0n : defaultBaseFee
  return Number(((BigInt(tx.Fee) + mod) * BigInt(BASE_LEVEL)) / (baseFee + mod))
}

/**
 * The fee level the next transaction needs to get into an open ledger that holds `inLedger`
 * transactions, when `expected` is the expected ledger size.
 */
export function requiredLevel(inLedger: number, expected: number): number {
  if (inLedger < expected) return BASE_LEVEL
  return Math.ceil((MIN_ESCALATION_LEVEL * inLedger * inLedger) / (expected * expected))
}

/** Drops needed for a level (rippled's open_ledger_fee), rounded up. */
export function levelToDrops(level: number, baseFee: bigint): bigint {
  const scaled = BigInt(level) * baseFee
  const base = BigInt(BASE_LEVEL)
  return (scaled + base - 1n) / base
}

export class TxQueue {
  private readonly byAccount = new Map<string, PendingTx[]>()

  constructor(private readonly maxSize: () => number) {}

  get size(): number {
    let n = 0
    for (const list of this.byAccount.values()) n += list.length
    return n
  }

  forAccount(account: string): readonly PendingTx[] {
    return this.byAccount.get(account) ?? []
  }

  has(hash: string): boolean {
    return this.find(hash) !== undefined
  }

  find(hash: string): PendingTx | undefined {
    for (const list of this.byAccount.values()) {
      const hit = list.find((p) => p.hash === hash)
      if (hit) return hit
    }
    return undefined
  }

  /** The queued transaction of an account with this Sequence or TicketSequence, if any. */
  findSeq(account: string, tx: TxJson): PendingTx | undefined {
    return this.forAccount(account).find(
      (p) => seqProxy(p.tx) === seqProxy(tx) && isTicket(p.tx) === isTicket(tx),
    )
  }

  isFull(): boolean {
    return this.size >= this.maxSize()
  }

  lowest(): PendingTx | undefined {
    let low: PendingTx | undefined
    for (const list of this.byAccount.values()) {
      for (const p of list) if (!low || p.feeLevel < low.feeLevel) low = p
    }
    return low
  }

  add(p: PendingTx): void {
    const list = [...this.forAccount(p.tx.Account).filter((q) => q.hash !== p.hash), p]
    list.sort((a, b) => seqProxy(a.tx) - seqProxy(b.tx))
    this.byAccount.set(p.tx.Account, list)
  }

  remove(hash: string): void {
    for (const [account, list] of this.byAccount) {
      const rest = list.filter((p) => p.hash !== hash)
      if (rest.length !== list.length) {
        if (rest.length) this.byAccount.set(account, rest)
        else this.byAccount.delete(account)
        return
      }
    }
  }

  /** Every queued transaction, highest fee level first, each account's in sequence order. */
  ordered(): PendingTx[] {
    const all = [...this.byAccount.values()].flat()
    return all.sort(
      (a, b) =>
        b.feeLevel - a.feeLevel ||
        (a.tx.Account < b.tx.Account ? -1 : a.tx.Account > b.tx.Account ? 1 : 0) ||
        seqProxy(a.tx) - seqProxy(b.tx),
    )
  }
}

export function seqProxy(tx: TxJson): number {
  return tx.TicketSequence ?? tx.Sequence
}

export function isTicket(tx: TxJson): boolean {
  return tx.TicketSequence !== undefined
}
