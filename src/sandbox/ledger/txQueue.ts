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
/** rippled's ledgersInQueue: the queue holds this many ledgers' worth of transactions. */
const LEDGERS_IN_QUEUE = 20
/** rippled's default minimum_queue_size. */
export const QUEUE_SIZE_MIN = 2000
/**
 * rippled's MaybeTx::retriesAllowed: a queued transaction that fails to apply with a ter or tel code
 * stays queued and is tried again at later ledgers; when it fails once more after this many failures
 * it is dropped (tef and tem failures drop it at once).
 */
export const MAX_RETRIES = 10

/** The queue's capacity: 20 ledgers of the expected size, at least `min` (rippled TxQ maxSize). */
export function maxQueueSize(expectedLedgerSize: number, min = QUEUE_SIZE_MIN): number {
  return Math.max(min, LEDGERS_IN_QUEUE * expectedLedgerSize)
}

export interface PendingTx {
  hash: string
  blob: string
  tx: TxJson
  feeLevel: number
  /** Failed attempts to apply it from the queue. */
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
 * transactions, when `expected` is the expected ledger size (rippled FeeMetrics::scaleFeeLevel): the
 * base level until the ledger holds more than `expected`, then 128000 × inLedger² / expected².
 */
export function requiredLevel(inLedger: number, expected: number): number {
  if (inLedger <= expected) return BASE_LEVEL
  return Math.floor((MIN_ESCALATION_LEVEL * inLedger * inLedger) / (expected * expected))
}

/** Drops needed for a level (rippled's open_ledger_fee), rounded up. */
export function levelToDrops(level: number, baseFee: bigint): bigint {
  const scaled = BigInt(level) * baseFee
  const base = BigInt(BASE_LEVEL)
  return (scaled + base - 1n) / base
}

export function seqProxy(tx: TxJson): number {
  return tx.TicketSequence ?? tx.Sequence
}

export function isTicket(tx: TxJson): boolean {
  return tx.TicketSequence !== undefined
}

/** rippled's SeqProxy order as one number: every Sequence comes before every Ticket. */
export function seqKey(tx: TxJson): number {
  return (isTicket(tx) ? 2 ** 32 : 0) + seqProxy(tx)
}

/** The account Sequence after a sequence-based transaction (TicketCreate also uses up its tickets). */
function followingSeq(tx: TxJson): number {
  const tickets = tx.TransactionType === 'TicketCreate' ? Number(tx.TicketCount ?? 0) : 0
  return tx.Sequence + 1 + tickets
}

export class TxQueue {
  private readonly byAccount = new Map<string, PendingTx[]>()
  private readonly byHash = new Map<string, PendingTx>()

  constructor(private readonly maxSize: () => number) {}

  get size(): number {
    return this.byHash.size
  }

  /** An account's queued transactions in SeqProxy order (sequences, then tickets). */
  forAccount(account: string): readonly PendingTx[] {
    return this.byAccount.get(account) ?? []
  }

  find(hash: string): PendingTx | undefined {
    return this.byHash.get(hash)
  }

  /** The queued transaction of an account with this Sequence or TicketSequence, if any. */
  findSeq(account: string, tx: TxJson): PendingTx | undefined {
    return this.forAccount(account).find((p) => seqKey(p.tx) === seqKey(tx))
  }

  /** How many transactions the queue holds at most. */
  get capacity(): number {
    return this.maxSize()
  }

  isFull(): boolean {
    return this.size >= this.capacity
  }

  add(p: PendingTx): void {
    const list = [...this.forAccount(p.tx.Account).filter((q) => q.hash !== p.hash), p]
    list.sort((a, b) => seqKey(a.tx) - seqKey(b.tx))
    this.byAccount.set(p.tx.Account, list)
    this.byHash.set(p.hash, p)
  }

  remove(hash: string): void {
    const p = this.byHash.get(hash)
    if (!p) return
    this.byHash.delete(hash)
    const rest = this.forAccount(p.tx.Account).filter((q) => q.hash !== hash)
    if (rest.length) this.byAccount.set(p.tx.Account, rest)
    else this.byAccount.delete(p.tx.Account)
  }

  /** Drops what can no longer get into a ledger: LastLedgerSequence below the open ledger `openSeq`. */
  dropExpired(openSeq: number): void {
    for (const p of [...this.byHash.values()]) {
      if (p.tx.LastLedgerSequence !== undefined && p.tx.LastLedgerSequence < openSeq)
        this.remove(p.hash)
    }
  }

  /** Every queued transaction, highest fee level first, each account's in SeqProxy order. */
  ordered(): PendingTx[] {
    return [...this.byHash.values()].sort(
      (a, b) =>
        b.feeLevel - a.feeLevel ||
        (a.tx.Account < b.tx.Account ? -1 : a.tx.Account > b.tx.Account ? 1 : 0) ||
        seqKey(a.tx) - seqKey(b.tx),
    )
  }

  /**
   * rippled's nextQueuableSeq: the Sequence that fills the account's next gap, i.e. the one after the
   * queued transactions that follow on from the account's Sequence without a hole.
   */
  nextQueuable(account: string, acctSeq: number): number {
    const txs = this.forAccount(account)
    let i = txs.findIndex((p) => seqKey(p.tx) >= acctSeq)
    if (i < 0 || isTicket(txs[i]!.tx) || txs[i]!.tx.Sequence !== acctSeq) return acctSeq
    let attempt = followingSeq(txs[i]!.tx)
    for (i += 1; i < txs.length && seqKey(txs[i]!.tx) <= attempt; i += 1) {
      attempt = followingSeq(txs[i]!.tx)
    }
    return attempt
  }

  /**
   * What a full queue gives up for a newcomer of `account` paying `level` (rippled TxQ::apply): the
   * cheapest queued transaction of another account names that account; if the newcomer pays more than
   * that account's fee level (the average of its queued ones, unless the cheapest alone already pays
   * more than the newcomer), the account's last transaction goes. Undefined: the newcomer is refused.
   */
  evictionFor(account: string, level: number): PendingTx | undefined {
    const others = this.ordered().filter((p) => p.tx.Account !== account)
    const cheapest = others[others.length - 1]
    if (!cheapest) return undefined
    const txs = this.forAccount(cheapest.tx.Account)
    const average = Math.floor(txs.reduce((sum, p) => sum + p.feeLevel, 0) / txs.length)
    const effective = cheapest.feeLevel > level || txs.length === 1 ? cheapest.feeLevel : average
    return level > effective ? txs[txs.length - 1] : undefined
  }
}
