/**
 * The sandbox ledger: one open ledger that transactions apply to as they arrive (rippled's open
 * ledger), the transaction queue, the transactions kept for later ledgers (rippled's LocalTxs), and
 * closed ledgers, which the sandbox treats as validated at once (rippled standalone mode).
 *
 * A submit goes through `considerTx` (processTx.ts): straight into the open ledger, into the queue
 * (queueAdmission.ts), or refused. A refusal that may pass later is kept (localTxs.ts). When a ledger
 * closes, the queue is drained into the new open ledger and the kept transactions are tried again.
 */
import type { LedgerSettings, TxJson } from './context.ts'
import { MAINNET_FEES } from './context.ts'
import type { ClosedLedger, TxRecord } from './history.ts'
import { LedgerHistory } from './history.ts'
import { closeHeader, genesisLedger } from './genesis.ts'
import type { Ter } from './ter.ts'
import { isApplied } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import { QUEUE_SIZE_MIN, TxQueue, maxQueueSize } from './txQueue.ts'
import { NftIndex } from './nftIndex.ts'
import type { StateMap } from './view.ts'
import { OpenLedger } from './openLedger.ts'
import type { OpenTx } from './openLedger.ts'
import { ClientFaults } from './ledgerFaults.ts'
import type { LedgerFaults } from './ledgerFaults.ts'
import { LocalTxs, isKept } from './localTxs.ts'
import type { Guard } from './processTx.ts'
import { considerTx, drainQueue } from './processTx.ts'
import type { TxEnv } from './queueAdmission.ts'
import { decodeSigned } from './txDecode.ts'
import type { SubmitResult } from './submitResult.ts'
import { openLedgerFeeDrops, submitResult } from './submitResult.ts'

export interface LedgerOptions {
  /** rippled's txnsExpected: fees escalate once the open ledger holds more transactions than this. */
  expectedLedgerSize?: number
  /** The queue's minimum capacity (rippled's minimum_queue_size; default 2000). */
  queueSizeMin?: number
  /** Wall clock in Unix milliseconds; tests may pass a fake. */
  now?: () => number
}

type Listener = (ledger: ClosedLedger) => void

export class SandboxLedger implements TxEnv {
  readonly history = new LedgerHistory()
  /** NFTs seen in validated ledgers (the Clio methods read it). */
  readonly nfts = new NftIndex()
  readonly faults: LedgerFaults = { loseSubmits: 0, queueFullShare: 0, loadFactor: 1 }
  private readonly clientFaults = new ClientFaults(this.faults)
  readonly queue: TxQueue
  expectedLedgerSize: number
  private readonly local = new LocalTxs()
  private openLedger: OpenLedger
  private readonly now: () => number
  private readonly listeners = new Set<Listener>()
  private readonly appliedListeners = new Set<(t: OpenTx) => void>()

  constructor(opts: LedgerOptions = {}, start: ClosedLedger[] = [genesisLedger(opts.now)]) {
    this.expectedLedgerSize = opts.expectedLedgerSize ?? 200
    this.now = opts.now ?? Date.now
    const min = opts.queueSizeMin ?? QUEUE_SIZE_MIN
    this.queue = new TxQueue(() => maxQueueSize(this.expectedLedgerSize, min))
    for (const l of start) this.addClosed(l)
    const last = this.history.latest()
    if (!last.state) throw new Error('sandbox: the latest ledger has no state')
    this.openLedger = new OpenLedger(last.header.ledger_index + 1, last.state, this.tellApplied)
  }

  /** The open ledger (what `ledger_index: "current"` reads). */
  get open(): OpenLedger {
    return this.openLedger
  }

  /** Fee and reserve settings of the open ledger. */
  get settings(): LedgerSettings {
    const parentCloseTime = this.history.latest().header.close_time
    return { seq: this.open.seq, parentCloseTime, ...MAINNET_FEES }
  }

  get currentIndex(): number {
    return this.open.seq
  }

  get validated(): ClosedLedger {
    return this.history.latest()
  }

  get openTxCount(): number {
    return this.open.count
  }

  get queueSize(): number {
    return this.queue.size
  }

  get maxQueueSize(): number {
    return this.queue.capacity
  }

  /** The open ledger's state. */
  get currentState(): StateMap {
    return this.open.current
  }

  /** The drops the next transaction needs to go straight into the open ledger. */
  openLedgerFeeDrops(): bigint {
    return openLedgerFeeDrops(this)
  }

  /**
   * Hears of each transaction a submit applies to the open ledger (tes or tec; from a client or
   * in-process, with the held successors it pulls in), as rippled's proposed-transaction streams do.
   * What the queue or the kept transactions apply when a ledger closes is not told: rippled proposes
   * those only once they are validated. Returns the unsubscribe function.
   */
  onApplied(listener: (t: OpenTx) => void): () => void {
    this.appliedListeners.add(listener)
    return () => this.appliedListeners.delete(listener)
  }

  /** While a ledger closes, the queue and kept transactions apply again: rippled proposes none of those. */
  private closing = false

  private readonly tellApplied = (t: OpenTx): void => {
    if (this.closing) return
    for (const l of this.appliedListeners) {
      try {
        l(t)
      } catch (e) {
        console.error('sandbox: an applied-transaction listener failed:', e)
      }
    }
  }

  onClose(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Decodes, verifies and considers a signed transaction blob, as rippled's `submit` does. */
  submit(blob: string, failHard = false): SubmitResult {
    return this.process(decodeSigned(blob), failHard)
  }

  /** A submit from a client (the RPC `submit` method): the same, but the fault switches apply. */
  submitFromClient(blob: string, failHard = false): SubmitResult {
    const p = decodeSigned(blob)
    // A loaded server turns away what pays less than the load asks (a free key reset aside).
    const fee = BigInt(p.tx.Fee)
    if (this.faults.loadFactor > 1 && fee > 0n && fee < this.minimumFeeDrops()) {
      return this.answer(p, 'telINSUF_FEE_P', failHard, false)
    }
    const fault = this.clientFaults.next()
    if (!fault) return this.process(p, failHard)
    return this.answer(p, fault, failHard, fault === 'tesSUCCESS')
  }

  /** The base fee scaled by the server's load (faults.loadFactor): the least a client may pay. */
  minimumFeeDrops(): bigint {
    const factor = Math.max(1, this.faults.loadFactor)
    return (this.settings.baseFee * BigInt(Math.round(factor * 256))) / 256n
  }

  /** Closes the open ledger (ledger_accept); returns the closed ledger, now validated. */
  accept(): ClosedLedger {
    const closed = this.closeOpen()
    this.addClosed(closed)
    this.openLedger = new OpenLedger(
      closed.header.ledger_index + 1,
      closed.state!,
      this.tellApplied,
    )
    const inLedger = (hash: string) => this.history.findTx(hash) !== undefined
    this.local.sweep(closed.header.ledger_index, closed.state!, inLedger)
    this.queue.dropExpired(this.open.seq)
    this.closing = true
    try {
      drainQueue(this, this.guard)
      this.retryLocal()
    } finally {
      this.closing = false
    }
    for (const l of this.listeners) {
      try {
        l(closed)
      } catch (e) {
        console.error('sandbox: a ledger-close listener failed:', e)
      }
    }
    return closed
  }

  /** A transaction known to this server but not in a closed ledger: open ledger, queue or kept. */
  findPending(hash: string): TxJson | undefined {
    return (this.open.find(hash) ?? this.queue.find(hash) ?? this.local.find(hash))?.tx
  }

  /** An account's queued transactions, in sequence order (account_info `queue`). */
  queuedFor(account: string): readonly PendingTx[] {
    return this.queue.forAccount(account)
  }

  private process(p: PendingTx, failHard: boolean): SubmitResult {
    const ter = this.guard(p, () => considerTx(this, p, failHard))
    const kept = !failHard && !isApplied(ter) && isKept(ter)
    if (kept) this.local.keep(p, this.open.seq)
    const result = this.answer(p, ter, failHard, kept)
    if (ter === 'tesSUCCESS') this.applyHeldSuccessors(p.tx)
    return result
  }

  private answer(p: PendingTx, ter: Ter, failHard: boolean, kept: boolean): SubmitResult {
    const validatedIndex = this.validated.header.ledger_index
    return submitResult(this, p, ter, { failHard, kept, validatedIndex })
  }

  /**
   * rippled's NetworkOPs, after a tesSUCCESS, takes the account's held successor (the next Sequence,
   * or a Ticket once no Sequence follows) and applies it at once: a filled gap does not wait for a
   * ledger. Each success pulls in the next.
   */
  private applyHeldSuccessors(tx: TxJson): void {
    const inOpen = (hash: string) => this.open.has(hash)
    let next = this.local.successorOf(tx, inOpen)
    while (next) {
      const p = next
      if (this.guard(p, () => considerTx(this, p, false)) !== 'tesSUCCESS') return
      next = this.local.successorOf(p.tx, inOpen)
    }
  }

  /**
   * Kept transactions are tried again in each new open ledger, after the queue has been drained
   * (rippled's OpenLedger::accept), in order of account and sequence.
   */
  private retryLocal(): void {
    for (const p of this.local.ordered()) {
      if (this.open.has(p.hash) || this.queue.find(p.hash)) continue
      this.guard(p, () => considerTx(this, p, false))
    }
  }

  /**
   * One transaction that throws (a sandbox bug) must not take a submit or a ledger close down with it:
   * its result is tefEXCEPTION (rippled's answer to an exception in a transactor), it is logged once
   * and dropped from the queue and the kept transactions, so it is never tried again.
   */
  private readonly guard: Guard = (p, run) => {
    try {
      return run()
    } catch (e) {
      console.error(`sandbox: transaction ${p.hash} failed unexpectedly and was dropped:`, e)
      this.local.forget(p.hash)
      this.queue.remove(p.hash)
      return 'tefEXCEPTION'
    }
  }

  private closeOpen(): ClosedLedger {
    const parent = this.history.latest()
    const txs = this.open.txs
    const header = closeHeader(parent.header, this.open.seq, txs, this.now())
    const records: TxRecord[] = txs.map((t, i) => ({
      hash: t.hash,
      blob: t.blob,
      tx: t.tx,
      result: t.result,
      meta: { ...t.meta, TransactionIndex: i },
      ledgerIndex: header.ledger_index,
      ledgerHash: header.ledger_hash,
      closeTime: header.close_time,
    }))
    return { header, txs: records, state: this.open.current }
  }

  private addClosed(closed: ClosedLedger): void {
    this.history.add(closed)
    for (const rec of closed.txs) this.nfts.apply(rec)
  }
}
