/**
 * The sandbox ledger: one open ledger that transactions apply to as they arrive (rippled's open ledger),
 * the transaction queue, transactions held for a missing prior sequence, and closed ledgers, which the
 * sandbox treats as validated at once (rippled standalone mode).
 */
import { decode, hashes } from 'xrpl'
import { hasValidSignature } from './signature.ts'
import type { Entry } from './entries.ts'
import type { LedgerSettings, TxJson } from './context.ts'
import { readAccount } from './context.ts'
import { applyTx, baseFeeOf, checkSign, isBlocker, preflight, transactorFor } from './apply.ts'
import type { ClosedLedger, LedgerHeader, TxRecord } from './history.ts'
import { LedgerHistory } from './history.ts'
import { closeHeader, genesisLedger } from './genesis.ts'
import type { TxMeta } from './meta.ts'
import type { Ter } from './ter.ts'
import { isApplied, terCode, terMessage } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import {
  MAX_PER_ACCOUNT,
  MAX_RETRIES,
  TxQueue,
  feeLevel,
  isTicket,
  levelToDrops,
  requiredLevel,
  seqProxy,
} from './txQueue.ts'
import { keylet } from './keylets.ts'
import { NftIndex } from './nftIndex.ts'
import { ApplyView } from './view.ts'
import type { StateMap } from './view.ts'

export interface LedgerOptions {
  /** Transactions an open ledger takes at the base fee before escalation (rippled's txnsExpected). */
  expectedLedgerSize?: number
  /** Wall clock in Unix milliseconds; tests may pass a fake. */
  now?: () => number
}

/** A submit the server could not even decode or whose signature does not verify (RPC invalidTransaction). */
export class InvalidTransactionError extends Error {
  constructor(readonly exception: string) {
    super(exception)
    this.name = 'InvalidTransactionError'
  }
}

/** The `result` of a submit, as rippled's NetworkOPs fills it. */
export interface SubmitResult {
  engine_result: Ter
  engine_result_code: number
  engine_result_message: string
  tx_blob: string
  tx_json: TxJson & { hash: string }
  accepted: boolean
  applied: boolean
  broadcast: boolean
  kept: boolean
  queued: boolean
  account_sequence_next?: number
  account_sequence_available?: number
  open_ledger_cost: string
  validated_ledger_index: number
}

/** Switches for fault injection at the ledger level (connection faults live in the RPC server). */
export interface LedgerFaults {
  /** The next N submits are answered as applied but never applied (a lost submission). */
  loseSubmits: number
  /** Share (0..1) of submits answered telCAN_NOT_QUEUE_FULL without being looked at. */
  queueFullShare: number
}

interface OpenTx extends PendingTx {
  result: Ter
  meta: TxMeta
}

/** A transaction that is known but not in a closed ledger: open ledger, queue or held. */
export interface PendingLookup {
  hash: string
  tx: TxJson
  status: 'open' | 'queued' | 'held'
}

type Listener = (ledger: ClosedLedger) => void

export class SandboxLedger {
  readonly history = new LedgerHistory()
  /** NFTs seen in validated ledgers (the Clio methods read it). */
  readonly nfts = new NftIndex()
  readonly faults: LedgerFaults = { loseSubmits: 0, queueFullShare: 0 }
  expectedLedgerSize: number
  private readonly now: () => number
  private readonly queue: TxQueue
  private held: PendingTx[] = []
  private openSeq: number
  private openState: Map<string, Readonly<Entry>>
  private openShared = true
  private openTxs: OpenTx[] = []
  private readonly listeners = new Set<Listener>()
  private faultCounter = 0

  constructor(opts: LedgerOptions = {}, start: ClosedLedger[] = [genesisLedger(opts.now)]) {
    this.expectedLedgerSize = opts.expectedLedgerSize ?? 200
    this.now = opts.now ?? Date.now
    this.queue = new TxQueue(() => Math.max(2000, 20 * this.expectedLedgerSize))
    for (const l of start) this.addClosed(l)
    const last = this.history.latest()
    if (!last.state) throw new Error('sandbox: the latest ledger has no state')
    this.openSeq = last.header.ledger_index + 1
    this.openState = last.state as Map<string, Readonly<Entry>>
  }

  /** Fee and reserve settings of the open ledger (mainnet's since 2024-12-02). */
  get settings(): LedgerSettings {
    return {
      seq: this.openSeq,
      parentCloseTime: this.history.latest().header.close_time,
      baseFee: 10n,
      reserveBase: 1_000_000n,
      reserveInc: 200_000n,
    }
  }

  get currentIndex(): number {
    return this.openSeq
  }

  get validated(): ClosedLedger {
    return this.history.latest()
  }

  get openTxCount(): number {
    return this.openTxs.length
  }

  get queueSize(): number {
    return this.queue.size
  }

  /** The open ledger's state (what `ledger_index: "current"` reads). */
  get currentState(): StateMap {
    return this.openState
  }

  /** The fee level the next transaction needs to enter the open ledger directly. */
  openLedgerFeeDrops(): bigint {
    return levelToDrops(
      requiredLevel(this.openTxs.length, this.expectedLedgerSize),
      this.settings.baseFee,
    )
  }

  onClose(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Decodes, verifies and considers a signed transaction blob, as rippled's `submit` does. */
  submit(blob: string, failHard = false): SubmitResult {
    const p = this.decodeSigned(blob)
    if (this.faults.loseSubmits > 0) {
      this.faults.loseSubmits -= 1
      return this.result(p, 'tesSUCCESS', failHard)
    }
    if (this.faults.queueFullShare > 0 && this.nextFaultDraw() < this.faults.queueFullShare) {
      return this.result(p, 'telCAN_NOT_QUEUE_FULL', failHard)
    }
    return this.result(p, this.consider(p, failHard), failHard)
  }

  /** Closes the open ledger (ledger_accept); returns the closed ledger, now validated. */
  accept(): ClosedLedger {
    const parent = this.history.latest()
    const txs: TxRecord[] = []
    const header = closeHeader(parent.header, this.openSeq, this.openTxs, this.now())
    this.openTxs.forEach((t, i) => {
      t.meta.TransactionIndex = i
      txs.push({
        ...pick(t),
        ledgerIndex: header.ledger_index,
        ledgerHash: header.ledger_hash,
        closeTime: header.close_time,
      })
    })
    const closed: ClosedLedger = { header, txs, state: this.openState }
    this.addClosed(closed)
    this.openSeq += 1
    this.openTxs = []
    this.openShared = true
    this.dropExpired()
    this.retryHeld()
    this.drainQueue()
    for (const l of this.listeners) l(closed)
    return closed
  }

  private addClosed(closed: ClosedLedger): void {
    this.history.add(closed)
    for (const rec of closed.txs) this.nfts.apply(rec)
  }

  /** A transaction known to this server but not yet in a closed ledger. */
  findPending(hash: string): PendingLookup | undefined {
    const open = this.openTxs.find((t) => t.hash === hash)
    if (open) return { hash, tx: open.tx, status: 'open' }
    const queued = this.queue.find(hash)
    if (queued) return { hash, tx: queued.tx, status: 'queued' }
    const held = this.held.find((h) => h.hash === hash)
    return held ? { hash, tx: held.tx, status: 'held' } : undefined
  }

  /** Number of queued transactions of an account (account_info `queue`). */
  queuedFor(account: string): readonly PendingTx[] {
    return this.queue.forAccount(account)
  }

  private decodeSigned(blob: string): PendingTx {
    let tx: TxJson
    try {
      tx = decode(blob) as unknown as TxJson
    } catch (e) {
      throw new InvalidTransactionError(`Invalid transaction blob: ${(e as Error).message}`)
    }
    if (!hasValidSignature(blob, tx))
      throw new InvalidTransactionError('fails local checks: Invalid signature.')
    const fee = typeof tx.Fee === 'string' && /^\d+$/.test(tx.Fee) ? feeLevel(tx, 10n, 10n) : 0
    return { hash: hashes.hashSignedTx(blob), blob, tx, feeLevel: fee, retries: 0 }
  }

  /** rippled's processTransaction + TxQ::apply: apply to the open ledger, queue, hold or reject. */
  private consider(p: PendingTx, failHard: boolean): Ter {
    const { tx } = p
    const pf = preflight(tx)
    if (pf !== 'tesSUCCESS') return pf
    if (this.queue.has(p.hash)) return 'terQUEUED'
    const view = new ApplyView(this.openState)
    const acct = readAccount(view, tx.Account)
    if (!acct) return 'terNO_ACCOUNT'
    const baseFee = baseFeeOf(tx, acct, this.settings)
    p.feeLevel = feeLevel(tx, baseFee, this.settings.baseFee)
    // rippled's order: checkSeqProxy, then LastLedgerSequence, then checkSign, then checkFee.
    const seq = this.sequenceDecision(p, view, acct.Sequence)
    if (seq === 'hold') return failHard ? preSeqCode(p) : this.hold(p, preSeqCode(p))
    if (seq !== 'direct' && seq !== 'queue') return seq
    if (tx.LastLedgerSequence !== undefined && this.openSeq > tx.LastLedgerSequence)
      return 'tefMAX_LEDGER'
    if (this.openTxs.some((t) => t.hash === p.hash)) return 'tefALREADY'
    const sign = checkSign(tx, acct)
    if (sign !== 'tesSUCCESS') return sign
    if (BigInt(tx.Fee) < baseFee) return 'telINSUF_FEE_P'
    const direct =
      seq === 'direct' && p.feeLevel >= requiredLevel(this.openTxs.length, this.expectedLedgerSize)
    if (!direct) return this.enqueue(p, BigInt(acct.Balance))
    if (BigInt(acct.Balance) < BigInt(tx.Fee)) return 'terINSUF_FEE_B'
    const pc = transactorFor(tx)!.preclaim({ view, tx, ledger: this.settings })
    if (!isApplied(pc)) return pc.startsWith('ter') && !failHard ? this.hold(p, pc) : pc
    const result = this.applyToOpen(p, pc)
    if (result === 'tesSUCCESS') this.applyHeldSuccessor(tx)
    return result
  }

  /**
   * After a tesSUCCESS rippled's NetworkOPs pops the account's held successor (the next Sequence, or a
   * Ticket once no Sequence follows) and applies it at once: a filled gap does not wait for a ledger.
   */
  private applyHeldSuccessor(tx: TxJson): void {
    const key = (t: TxJson) => (isTicket(t) ? 2 ** 32 : 0) + seqProxy(t)
    const next = this.held
      .filter((h) => h.tx.Account === tx.Account && key(h.tx) > key(tx))
      .sort((a, b) => key(a.tx) - key(b.tx))[0]
    if (!next || (!isTicket(next.tx) && next.tx.Sequence !== tx.Sequence + 1)) return
    this.held = this.held.filter((h) => h !== next)
    this.consider(next, false)
  }

  /** Where a transaction's Sequence or Ticket puts it: into the open ledger, the queue, held, or rejected. */
  private sequenceDecision(
    p: PendingTx,
    view: ApplyView,
    acctSeq: number,
  ): 'direct' | 'queue' | 'hold' | Ter {
    const { tx } = p
    const queued = this.queue.forAccount(tx.Account)
    const same = this.queue.findSeq(tx.Account, tx)
    // A replacement must pay more than 25% above the transaction it replaces (rippled: level > 125%).
    if (same && p.feeLevel * 4 <= same.feeLevel * 5) return 'telCAN_NOT_QUEUE_FEE'
    if (isTicket(tx)) {
      if (view.read(keylet.ticket(tx.Account, tx.TicketSequence!))) return same ? 'queue' : 'direct'
      return tx.TicketSequence! >= acctSeq ? 'hold' : 'tefNO_TICKET'
    }
    if (tx.Sequence < acctSeq) return 'tefPAST_SEQ'
    if (same) return 'queue'
    let next = acctSeq
    for (const q of queued) if (!isTicket(q.tx) && q.tx.Sequence === next) next += 1
    if (tx.Sequence > next) return queued.length ? 'telCAN_NOT_QUEUE' : 'hold'
    return tx.Sequence > acctSeq ? 'queue' : 'direct'
  }

  private enqueue(p: PendingTx, balance: bigint): Ter {
    const { tx } = p
    if (tx.LastLedgerSequence !== undefined && tx.LastLedgerSequence < this.openSeq + 2)
      return 'telCAN_NOT_QUEUE'
    // A replacement takes the place of the queued transaction only once it is accepted itself.
    const replaced = this.queue.findSeq(tx.Account, tx)
    const queued = this.queue.forAccount(tx.Account).filter((q) => q !== replaced)
    if (queued.length >= MAX_PER_ACCOUNT) return 'telCAN_NOT_QUEUE_FULL'
    if (isBlocker(tx) && queued.length > 0) return 'telCAN_NOT_QUEUE_BLOCKS'
    if (queued.some((q) => isBlocker(q.tx))) return 'telCAN_NOT_QUEUE_BLOCKED'
    const fees = queued.reduce((sum, q) => sum + BigInt(q.tx.Fee), BigInt(tx.Fee))
    if (fees > balance || fees > this.settings.reserveBase) return 'telCAN_NOT_QUEUE_BALANCE'
    if (replaced) this.queue.remove(replaced.hash)
    else if (this.queue.isFull()) {
      const low = this.queue.lowest()
      if (!low || p.feeLevel <= low.feeLevel) return 'telCAN_NOT_QUEUE_FULL'
      this.queue.remove(low.hash)
    }
    this.queue.add(p)
    return 'terQUEUED'
  }

  private hold(p: PendingTx, ter: Ter): Ter {
    if (!this.held.some((h) => h.hash === p.hash)) this.held.push(p)
    return ter
  }

  private applyToOpen(p: PendingTx, preclaimResult: Ter): Ter {
    if (this.openShared) {
      this.openState = new Map(this.openState)
      this.openShared = false
    }
    const { result, meta } = applyTx(this.openState, p.tx, p.hash, this.settings, preclaimResult)
    this.openTxs.push({ ...p, result, meta })
    return result
  }

  /** Queued or held transactions whose LastLedgerSequence has passed can never apply: drop them. */
  private dropExpired(): void {
    const dead = (p: PendingTx) =>
      p.tx.LastLedgerSequence !== undefined && p.tx.LastLedgerSequence < this.openSeq
    for (const p of this.queue.ordered()) if (dead(p)) this.queue.remove(p.hash)
    this.held = this.held.filter((p) => !dead(p))
  }

  /** Held transactions (terPRE_SEQ, terPRE_TICKET) are retried when a new ledger opens. */
  private retryHeld(): void {
    const held = [...this.held].sort((a, b) => seqProxy(a.tx) - seqProxy(b.tx))
    this.held = []
    for (const p of held) {
      p.retries += 1
      this.consider(p, false) // holds it again while its prior sequence is still missing
      if (p.retries > MAX_RETRIES) this.held = this.held.filter((h) => h !== p)
    }
  }

  /** Applies queued transactions to the new open ledger, highest fee level first, while there is room. */
  private drainQueue(): void {
    let progress = true
    while (progress) {
      progress = false
      for (const p of this.queue.ordered()) {
        if (p.feeLevel < requiredLevel(this.openTxs.length, this.expectedLedgerSize)) break
        const outcome = this.tryQueued(p)
        if (outcome !== 'wait') {
          progress = true
          break
        }
      }
    }
  }

  private tryQueued(p: PendingTx): 'applied' | 'dropped' | 'wait' {
    const view = new ApplyView(this.openState)
    const acct = readAccount(view, p.tx.Account)
    if (!acct) return this.dropQueued(p)
    const seq = isTicket(p.tx)
      ? view.read(keylet.ticket(p.tx.Account, p.tx.TicketSequence!))
        ? 0
        : 1
      : p.tx.Sequence - acct.Sequence
    if (seq > 0) return 'wait'
    if (seq < 0) return this.dropQueued(p)
    const ledger = this.settings
    const fee = BigInt(p.tx.Fee)
    if (checkSign(p.tx, acct) !== 'tesSUCCESS' || BigInt(acct.Balance) < fee)
      return this.dropQueued(p)
    const pc = transactorFor(p.tx)!.preclaim({ view, tx: p.tx, ledger })
    if (pc.startsWith('ter')) {
      p.retries += 1
      return p.retries > MAX_RETRIES ? this.dropQueued(p) : 'wait'
    }
    this.queue.remove(p.hash)
    if (!isApplied(pc)) return 'dropped'
    this.applyToOpen(p, pc)
    return 'applied'
  }

  private dropQueued(p: PendingTx): 'dropped' {
    this.queue.remove(p.hash)
    return 'dropped'
  }

  private result(p: PendingTx, ter: Ter, failHard: boolean): SubmitResult {
    const acct = readAccount(new ApplyView(this.openState), p.tx.Account)
    const applied = isApplied(ter)
    const queued = ter === 'terQUEUED'
    const kept = !failHard
    let available = acct?.Sequence
    if (available !== undefined) {
      for (const q of this.queue.forAccount(p.tx.Account))
        if (q.tx.Sequence === available) available += 1
    }
    return {
      engine_result: ter,
      engine_result_code: terCode(ter),
      engine_result_message: terMessage(ter),
      tx_blob: p.blob,
      tx_json: { ...p.tx, hash: p.hash },
      accepted: applied || queued || kept,
      applied,
      broadcast: applied || queued,
      kept,
      queued,
      account_sequence_next: acct?.Sequence,
      account_sequence_available: available,
      open_ledger_cost: this.openLedgerFeeDrops().toString(),
      validated_ledger_index: this.history.latest().header.ledger_index,
    }
  }

  /** A deterministic draw in [0, 1) for the queue-full fault, so faulty runs are reproducible. */
  private nextFaultDraw(): number {
    this.faultCounter += 1
    const x = Math.sin(this.faultCounter * 12.9898) * 43758.5453
    return x - Math.floor(x)
  }
}

function preSeqCode(p: PendingTx): Ter {
  return isTicket(p.tx) ? 'terPRE_TICKET' : 'terPRE_SEQ'
}

function pick(t: OpenTx): Pick<TxRecord, 'hash' | 'blob' | 'tx' | 'result' | 'meta'> {
  return { hash: t.hash, blob: t.blob, tx: t.tx, result: t.result, meta: t.meta }
}

export type { LedgerHeader }
