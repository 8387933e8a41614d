/**
 * Runs one job's items to their final results, exactly once each (DESIGN.md §3.2–3.3):
 * - an item's attempt is signed and stored (blob and hash) before it is submitted;
 * - many attempts are in flight at once, with locally assigned sequence numbers; submitting pauses
 *   until the next ledger when the account's queue is full or fees escalate;
 * - results are final only in a validated ledger (account stream, `tx` as the fallback);
 * - an intent is signed again only when its attempt is provably dead: a validated ledger past its
 *   LastLedgerSequence does not contain it, or another transaction took its sequence number;
 * - everything is reconciled from the ledger when the runner starts, so a crash or a closed tab loses
 *   and doubles nothing.
 */
import type { Client, TransactionStream, Wallet } from 'xrpl'
import { saveItems } from '../../db/jobs.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { Attempt, JobItemRow, JobRow, JobStatus } from '../../db/types.ts'
import { isEngineError } from '../../shared/errors.ts'
import { buildTransaction } from '../ops/index.ts'
import { buildNoop } from '../ops/noop.ts'
import { resultMessage } from './resultMessages.ts'
import { Sequencer } from './sequencer.ts'
import { lookupTx } from './txLookup.ts'
import type { Lookup } from './txLookup.ts'

export interface RunnerLimits {
  /** LastLedgerSequence = latest validated ledger + this. */
  lastLedgerOffset: number
  /** Attempts signed and not yet final, at most. */
  maxInFlight: number
  /** Fee per transaction, drops. */
  feeDrops: string
  /** Ask `tx` about an attempt that had no stream news for this many ledgers. */
  pollAfterLedgers: number
}

export const DEFAULT_LIMITS: RunnerLimits = {
  lastLedgerOffset: 20,
  maxInFlight: 400,
  feeDrops: '12',
  pollAfterLedgers: 3,
}

export interface RunnerDeps {
  db: LedgerDb
  /** The connected client (it may change after a reconnect). */
  client: () => Client
  signer: () => Wallet
  limits: RunnerLimits
}

/** Results after which an attempt did not apply and never will (the item fails for good). */
const PERMANENT =
  /^(tem|tefNFTOKEN_IS_NOT_TRANSFERABLE|tefBAD_AUTH|tefMASTER_DISABLED|tefNO_TICKET)/
/** Results that mean: the account's queue or the open ledger is full; wait for the next ledger. */
const BACK_OFF = /^(telCAN_NOT_QUEUE|telINSUF_FEE_P|terINSUF_FEE_B)/
/** `tx` requests per ledger for attempts without stream news (expired ones are always asked about). */
const MAX_POLLS_PER_LEDGER = 20

/** No connection (or it broke mid-request): the job waits for it instead of failing. */
function isConnectionError(e: unknown): boolean {
  if (isEngineError(e)) return e.code === 'NOT_CONNECTED' || e.code === 'NETWORK'
  const name = (e as { name?: string } | null)?.name ?? ''
  return ['NotConnectedError', 'DisconnectedError', 'ConnectionError', 'TimeoutError'].includes(
    name,
  )
}

export class JobRunner {
  private readonly byHash = new Map<string, JobItemRow>()
  private sequencer?: Sequencer
  private validated = 0
  private accountSeq = 0
  private blocked = false
  private stopping: 'pause' | 'cancel' | null = null
  private wake: () => void = () => {}
  private subscribedClient?: Client
  private readonly events: (() => Promise<void>)[] = []
  private dirty = new Set<JobItemRow>()
  private needsReconcile = true
  private abandoned = false

  constructor(
    private readonly deps: RunnerDeps,
    private readonly job: JobRow,
    private readonly items: JobItemRow[],
  ) {
    for (const item of items) for (const a of item.attempts) this.byHash.set(a.hash, item)
  }

  /**
   * Stops at once without writing or submitting anything more, as a closed tab or a terminated worker
   * would: whatever was stored is what a later runner resumes from.
   */
  abandon(): void {
    this.abandoned = true
    this.wake()
  }

  pause(): void {
    this.stopping ??= 'pause'
    this.wake()
  }

  cancel(): void {
    this.stopping = 'cancel'
    this.wake()
  }

  /**
   * Runs until every item is final, or until paused/cancelled with nothing in flight. While the
   * connection is down the job waits (nothing is lost: every signed attempt is stored) and goes on
   * once it is back.
   */
  async run(): Promise<JobStatus> {
    for (;;) {
      try {
        const outcome = await this.step()
        if (outcome) {
          this.unfollow()
          return outcome
        }
        await this.nextEvent()
      } catch (e) {
        this.unfollow()
        if (e instanceof Abandoned) return 'running'
        if (!isConnectionError(e)) throw e
        this.needsReconcile = true
        await this.nextEvent(1_000)
      }
    }
  }

  private async step(): Promise<JobStatus | null> {
    this.checkAlive()
    await this.follow()
    if (this.needsReconcile) {
      this.needsReconcile = false
      await this.reconcile()
    }
    await this.drainEvents()
    if (this.stopping === 'cancel') this.skipPending()
    if (!this.stopping) await this.fill()
    await this.flush()
    return this.outcome()
  }

  /** Subscribes to the account and ledger streams of the current client (again after a reconnect). */
  private async follow(): Promise<void> {
    const client = this.deps.client()
    if (client === this.subscribedClient) return
    this.unfollow()
    this.subscribedClient = client
    client.on('transaction', this.onTransaction)
    client.on('ledgerClosed', this.onLedgerClosed)
    await client.request({
      command: 'subscribe',
      accounts: [this.job.account],
      streams: ['ledger'],
    })
    // Stream news may have been missed while the connection was down.
    this.needsReconcile = true
  }

  private unfollow(): void {
    this.subscribedClient?.off('transaction', this.onTransaction)
    this.subscribedClient?.off('ledgerClosed', this.onLedgerClosed)
    this.subscribedClient = undefined
  }

  private readonly onTransaction = (tx: TransactionStream): void => {
    if (!tx.validated || !tx.hash || !tx.meta || typeof tx.meta === 'string') return
    const meta = tx.meta
    const ledgerIndex = tx.ledger_index ?? 0
    const json = (tx.tx_json ?? tx.transaction) as
      { Account?: string; Sequence?: number } | undefined
    if (json?.Account !== this.job.account) return
    const hash = tx.hash
    this.events.push(() => {
      this.onValidated(hash, json.Sequence ?? 0, {
        found: true,
        result: meta.TransactionResult,
        ledgerIndex,
        meta,
      })
      return Promise.resolve()
    })
    this.wake()
  }

  private readonly onLedgerClosed = (): void => {
    this.events.push(() => this.onLedger())
    this.wake()
  }

  private nextEvent(maxWaitMs = 5_000): Promise<void> {
    if (this.events.length) return Promise.resolve()
    // A timer too: stream messages can be lost with a connection, and then only polling finds out.
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs)
      this.wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  private async drainEvents(): Promise<void> {
    while (this.events.length) await this.events.shift()!()
  }

  /** Reads the ledger's view: validated index, account sequence; settles in-flight attempts by hash. */
  private async reconcile(): Promise<void> {
    await this.readLedger()
    const inFlight = this.items.filter((i) => i.status === 'inFlight')
    this.sequencer ??= new Sequencer(
      this.accountSeq,
      inFlight.map((i) => this.latest(i)!.sequence),
    )
    for (const item of inFlight) await this.settle(item, true)
  }

  private async readLedger(): Promise<void> {
    const client = this.deps.client()
    const info = await client.request({
      command: 'account_info',
      account: this.job.account,
      ledger_index: 'validated',
    })
    this.validated = info.result.ledger_index ?? this.validated
    const current = await client.request({
      command: 'account_info',
      account: this.job.account,
      ledger_index: 'current',
    })
    this.accountSeq = current.result.account_data.Sequence
    this.validatedAccountSeq = info.result.account_data.Sequence
  }

  private validatedAccountSeq = 0

  private async onLedger(): Promise<void> {
    this.blocked = false
    await this.readLedger()
    const inFlight = this.items
      .filter((i) => i.status === 'inFlight')
      .sort((x, y) => this.latest(x)!.sequence - this.latest(y)!.sequence)
    let polls = 0
    for (const item of inFlight) {
      const a = this.latest(item)!
      const due = this.validated > a.lastLedgerSequence || this.validatedAccountSeq > a.sequence
      // Quiet attempts (no stream news) are asked about a few at a time, oldest first.
      const quiet = this.validated - a.firstLedger >= this.deps.limits.pollAfterLedgers
      if (due || (quiet && polls++ < MAX_POLLS_PER_LEDGER)) await this.settle(item, false)
    }
    await this.resubmitHeldBack(inFlight)
    await this.fillGap()
  }

  /**
   * Attempts that met a full queue (or were never submitted) are submitted again, in sequence order:
   * the same signed blob, so it can apply once at most; a server that forgot it would otherwise leave
   * a gap that every later sequence waits behind.
   */
  private async resubmitHeldBack(inFlight: JobItemRow[]): Promise<void> {
    for (const item of inFlight) {
      const a = this.latest(item)!
      if (item.status !== 'inFlight' || this.blocked) continue
      if (a.preliminary === undefined || BACK_OFF.test(a.preliminary)) await this.submit(item, a)
    }
  }

  /**
   * A sequence number left unused by a rejected or dead attempt holds back every later one. When no
   * pending item is left to take it, a no-op transaction fills it.
   */
  private async fillGap(): Promise<void> {
    const gap = this.sequencer?.lowestFree(this.validatedAccountSeq)
    if (gap === undefined || this.items.some((i) => i.status === 'pending' && !this.stopping))
      return
    const waiting = this.items.some(
      (i) => i.status === 'inFlight' && this.latest(i)!.sequence > gap,
    )
    if (!waiting) return
    const sequence = this.sequencer!.take(this.validatedAccountSeq)
    const { tx_blob } = this.deps.signer().sign({
      ...buildNoop(this.job.account),
      Fee: this.deps.limits.feeDrops,
      Sequence: sequence,
      LastLedgerSequence: this.validated + this.deps.limits.lastLedgerOffset,
    })
    await this.deps.client().request({ command: 'submit', tx_blob })
  }

  /**
   * Asks the ledger about an item's latest attempt: validated → final; provably dead → pending again
   * (its sequence freed when unused); else it is still in flight (resubmitted when asked to, which is
   * harmless: the same signed blob can apply only once).
   */
  private async settle(item: JobItemRow, resubmit: boolean): Promise<void> {
    const a = this.latest(item)!
    const found = await lookupTx(
      this.deps.client(),
      a.hash,
      a.firstLedger,
      Math.max(a.lastLedgerSequence, this.validated),
    )
    if (found.found) {
      this.onValidated(a.hash, a.sequence, found)
      return
    }
    const pastLast = this.validated > a.lastLedgerSequence
    const consumed = this.validatedAccountSeq > a.sequence
    if ((pastLast || consumed) && found.searchedAll) {
      this.markDead(item, a, !consumed)
      return
    }
    if (resubmit && !pastLast) await this.submit(item, a)
  }

  /** A validated transaction of the account: final for its item; rivals on its sequence are dead. */
  private onValidated(hash: string, sequence: number, found: Lookup & { found: true }): void {
    const item = this.byHash.get(hash)
    if (item) {
      const a = item.attempts.find((x) => x.hash === hash)!
      a.final = found.result
      a.ledgerIndex = found.ledgerIndex
      const ok = found.result === 'tesSUCCESS'
      item.status = ok ? 'succeeded' : 'failed'
      item.result = found.result
      item.message = resultMessage(found.result, item.intent.type)
      const offerId = (found.meta as { offer_id?: string }).offer_id
      if (ok && offerId) item.offerId = offerId
      this.dirty.add(item)
    }
    for (const other of this.items) {
      const b = other.status === 'inFlight' ? this.latest(other) : undefined
      if (b && other !== item && b.sequence === sequence) this.markDead(other, b, false)
    }
  }

  /** The attempt never applied and never will: the item waits to be signed again. */
  private markDead(item: JobItemRow, a: Attempt, sequenceUnused: boolean): void {
    a.final = 'dead'
    item.status = this.stopping === 'cancel' ? 'skipped' : 'pending'
    if (item.status === 'skipped') item.message = resultMessage('cancelled', item.intent.type)
    if (sequenceUnused) this.sequencer?.release(a.sequence)
    this.dirty.add(item)
  }

  /** Signs, stores, then submits pending items while the ledger takes them. */
  private async fill(): Promise<void> {
    const limits = this.deps.limits
    while (!this.blocked) {
      const inFlight = this.items.filter((i) => i.status === 'inFlight').length
      const room = limits.maxInFlight - inFlight
      const batch = this.items.filter((i) => i.status === 'pending').slice(0, Math.min(room, 50))
      if (batch.length === 0) return
      const signed = batch.map((item) => this.sign(item))
      // Stored before submitted: after a crash the hash is known and the outcome can be looked up.
      await this.flush()
      for (const [item, attempt] of signed) {
        if (this.blocked) break
        await this.submit(item, attempt)
      }
    }
  }

  private sign(item: JobItemRow): [JobItemRow, Attempt] {
    const wallet = this.deps.signer()
    const sequence = this.sequencer!.take(this.accountSeq)
    const lastLedgerSequence = this.validated + this.deps.limits.lastLedgerOffset
    const tx = {
      ...buildTransaction(this.job.account, item.intent),
      Fee: this.deps.limits.feeDrops,
      Sequence: sequence,
      LastLedgerSequence: lastLedgerSequence,
    }
    const { tx_blob, hash } = wallet.sign(tx)
    const attempt: Attempt = {
      sequence,
      firstLedger: this.validated,
      lastLedgerSequence,
      feeDrops: this.deps.limits.feeDrops,
      hash,
      txBlob: tx_blob,
      signedAt: Date.now(),
    }
    item.attempts.push(attempt)
    item.status = 'inFlight'
    this.byHash.set(hash, item)
    this.dirty.add(item)
    return [item, attempt]
  }

  private async submit(item: JobItemRow, a: Attempt): Promise<void> {
    this.checkAlive()
    let result: string
    try {
      const res = await this.deps.client().request({ command: 'submit', tx_blob: a.txBlob })
      result = res.result.engine_result
    } catch (e) {
      // No answer: the outcome is unknown and the ledger will tell. The blob is stored, so after a
      // reconnect the attempt is looked up (and submitted again, harmlessly, if still unknown).
      if (isConnectionError(e)) throw e
      this.blocked = true
      return
    }
    a.preliminary = result
    a.submittedAt = Date.now()
    this.dirty.add(item)
    if (PERMANENT.test(result)) {
      // It did not apply and cannot: the item fails; its sequence number goes to the next item.
      a.final = result
      item.status = 'failed'
      item.result = result
      item.message = resultMessage(result, item.intent.type)
      this.sequencer!.release(a.sequence)
    } else if (BACK_OFF.test(result)) {
      this.blocked = true
    }
  }

  private skipPending(): void {
    for (const item of this.items) {
      if (item.status !== 'pending') continue
      item.status = 'skipped'
      item.message = resultMessage('cancelled', item.intent.type)
      this.dirty.add(item)
    }
  }

  private async flush(status?: JobStatus): Promise<void> {
    this.checkAlive()
    const changed = [...this.dirty]
    this.dirty = new Set()
    await saveItems(this.deps.db, this.job.id, this.items, changed, status)
  }

  private outcome(): JobStatus | null {
    const open = this.items.some(
      (i) => i.status === 'inFlight' || (i.status === 'pending' && !this.stopping),
    )
    if (open) return null
    if (this.stopping === 'cancel') return 'cancelled'
    if (this.stopping === 'pause' && this.items.some((i) => i.status === 'pending')) return 'paused'
    return 'completed'
  }

  private checkAlive(): void {
    if (this.abandoned) throw new Abandoned()
  }

  private latest(item: JobItemRow): Attempt | undefined {
    return item.attempts[item.attempts.length - 1]
  }
}

/** Thrown inside an abandoned runner to unwind it without touching anything. */
class Abandoned extends Error {}
