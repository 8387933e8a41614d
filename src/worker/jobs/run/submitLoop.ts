/**
 * The submit side of a job run: signs pending items with locally assigned sequence numbers (stored
 * before submitted), submits them while the ledger takes them, backs off until the next ledger when the
 * queue or the open ledger is full, submits held-back attempts again, and fills sequence gaps that no
 * pending item can take with a no-op.
 */
import type { Client, SubmittableTransaction } from 'xrpl'

import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import { isEngineError } from '../../../shared/errors.ts'
import type { IntentTypes } from '../../ledger/intentTypes.ts'
import { buildNoop } from './noop.ts'
import type { Filler } from './noop.ts'
import { isConnectionError } from '../../ledger/ledgerFollower.ts'
import type { Pace } from './pace.ts'
import type { PresignCheck } from './presignCheck.ts'
import { Abandoned } from './runState.ts'
import type { RunState } from './runState.ts'
import { BACK_OFF, NEVER_APPLIES, PERMANENT, isHeldBack, isRejected } from './submitRules.ts'
import type { RunnerLimits } from './submitRules.ts'
import type { ServerPace } from '../../ledger/requestScheduler.ts'
import { batchSize, serverPaceNotice } from './serverPaceTerms.ts'
import { SubmitWindow } from './submitWindow.ts'
import type { ApprovalStop, JobSigner, SignedTx } from '../../ledger/jobSigner.ts'
import { APPROVAL_TIMEOUT_MS } from '../../../shared/wallets.ts'

/**
 * An external wallet stopped approving (the user refused, the wallet closed, or it returned another
 * transaction than the one prepared): the job pauses with the stop's message; what it did not sign
 * stays pending.
 */
export class ApprovalStopped extends Error {
  constructor(readonly stop: ApprovalStop) {
    super(stop.message)
    this.name = 'ApprovalStopped'
  }
}

/**
 * Ledgers an approved transaction needs left before its LastLedgerSequence to be worth submitting:
 * one approved later than that is dropped (never stored, never submitted) and approved again.
 */
const MIN_LEDGERS_LEFT = 4

/** Where a round of signatures stands on the ledger: what each of its attempts records. */
interface Frame {
  firstLedger: number
  lastLedgerSequence: number
  feeDrops: string
}

export interface SubmitDeps {
  client: () => Client
  /** Builds each intent's transaction (the registry of intent types). */
  transactions: Pick<IntentTypes, 'build'>
  /** What signs: a key the app holds, or an external wallet that approves (see jobSigner.ts). */
  signer: () => JobSigner
  limits: RunnerLimits
  /** The measured link and ledger: how many submits at once, how many in flight, which fee. */
  pace: Pace
  /** The newest validated ledger the stream announced (newer than the view during long bursts). */
  latestLedger?: () => number
  /** The last look at the ledger before items are signed (see presignCheck.ts). */
  presign?: Pick<PresignCheck, 'refusals'>
  /** Whether the server's budget for us sets the pace now (the endpoint's scheduler). */
  serverPace?: () => ServerPace | null
}

/** The submit side of one job run; see the module comment. */
export class Submitter {
  /** The queue or the open ledger is full: nothing more is submitted until the next ledger. */
  blocked = false

  constructor(
    private readonly state: RunState,
    private readonly deps: SubmitDeps,
  ) {}

  /**
   * Signs, stores, then submits pending items while the ledger takes them. Nothing is signed while
   * the server asks a higher fee than the user confirmed (the run says so, and waits).
   */
  async fill(): Promise<void> {
    const { pace } = this.deps
    const window = new SubmitWindow(() => pace.submitWindow)
    try {
      while (!this.blocked && this.state.toSign()) {
        if (!this.feeAllowed()) break
        // A rejected attempt only waits for proof that it is dead: it takes no room.
        const live = this.state.inFlight().filter((i) => !isRejected(this.state.latest(i)))
        const room = Math.min(this.deps.limits.maxInFlight, pace.maxInFlight) - live.length
        const signer = this.deps.signer()
        const most = Math.min(room, batchSize(this.deps.serverPace?.()), signer.window)
        const batch = this.state.pending(most, true)
        if (batch.length === 0) break
        if (await this.refuseChanged(batch)) continue
        const { signed, stopped } = await this.signBatch(signer, batch)
        // Stored before submitted: after a crash the hash is known and the outcome can be looked up.
        await this.state.flush()
        // Many submits in flight at once, started in sequence order (one round trip each made the
        // link's latency the limit: 200 a ledger at 100 ms is 20 s). One that arrives before its
        // predecessor is held by the server (terPRE_SEQ) until that one applies. An external wallet
        // is asked for the next window while these are submitted.
        for (const [item, attempt] of signed) {
          if (this.blocked) break
          await window.add(() => this.submit(item, attempt))
        }
        if (stopped) throw new ApprovalStopped(stopped)
      }
    } finally {
      await window.drain()
    }
  }

  /**
   * Skips the items of a batch that the ledger no longer lets be signed as planned (an NFT offered
   * meanwhile, a bid that changed); they are stored skipped before anything else is signed.
   *
   * @returns whether any was skipped (the batch is then taken anew).
   */
  private async refuseChanged(batch: readonly JobItemRow[]): Promise<boolean> {
    const refused = await this.deps.presign?.refusals(batch)
    if (!refused?.size) return false
    for (const [item, why] of refused) this.state.refuse(item, why.code, why.message)
    await this.state.flush()
    return true
  }

  /**
   * Whether the fee the server asks is within what the user confirmed; if not, the run notes why it
   * waits (cleared once the fee is back within it).
   */
  private feeAllowed(): boolean {
    const { pace } = this.deps
    if (pace.feeDrops !== null) {
      this.state.notice = serverPaceNotice(this.deps.serverPace?.())
      return true
    }
    this.state.notice =
      `Waiting: the network asks ${String(pace.minimumFeeDrops)} drops a transaction, more than ` +
      `the ${String(pace.maxFeeDrops)} drops you confirmed. The job goes on when fees come down`
    return false
  }

  /** Submits an item's stored attempt and reads the server's preliminary answer. */
  async submit(item: JobItemRow, a: Attempt): Promise<void> {
    // Rejected once: its number went to another transaction; it is only waited out now.
    if (isRejected(a)) return
    // Whatever path leads here, the attempt is on disk before the server sees it.
    if (this.state.isUnsaved(item)) await this.state.flush()
    const result = await this.send(a.txBlob)
    if (result === undefined || item.status !== 'inFlight' || this.state.latest(item) !== a) return
    a.preliminary = result
    a.submittedAt = Date.now()
    this.state.touch(item)
    if (PERMANENT.test(result)) this.reject(a)
  }

  /**
   * Attempts that met a full queue (or were never submitted) go again, lowest sequence first, many
   * at once (one after the other, a slow link spent the ledger on them).
   */
  async resubmitHeldBack(): Promise<void> {
    const window = new SubmitWindow(() => this.deps.pace.submitWindow)
    try {
      for (const item of this.state.inFlight()) {
        if (this.blocked) return
        const a = this.state.latest(item)
        if (isHeldBack(a) && this.state.view.validated <= a.lastLedgerSequence)
          await window.add(() => this.submit(item, a))
      }
    } finally {
      await window.drain()
    }
  }

  /**
   * A number left by an intent given up (or taken and never signed) holds back every later one. A
   * no-op transaction fills it: at once for a number an intent was signed with (no other intent may
   * have it), and for a free one once no pending item is left to take it.
   */
  async fillGaps(): Promise<void> {
    const { sequencer, view } = this.state
    if (!sequencer) return
    // Without a signer (the wallet is gone: the job is pausing) a gap waits; the attempts behind it
    // die at their LastLedgerSequence and their items are signed again after the resume.
    const signer = this.signerIfAny()
    if (!signer) return
    // An external wallet is not asked to approve a no-op while the job pauses (it may be paused
    // because the user refused): the attempts behind the gap die and are signed again on resume.
    if (signer.approver && this.state.stopping) return
    for (;;) {
      if (this.blocked || !this.feeAllowed()) return
      // Free numbers go to pending intents while there are some; gaps only ever to fillers. An
      // external wallet approves a window of them at once (a cancel while it was asked leaves one).
      const gaps: number[] = []
      while (gaps.length < signer.window) {
        const gap = sequencer.lowestGap(view.accountSeq, !this.state.toSign())
        if (gap === undefined || !this.waitingAbove(gap)) break
        sequencer.fill(gap)
        gaps.push(gap)
      }
      if (gaps.length === 0) return
      await this.submitFillers(signer, gaps)
    }
  }

  /** Submits a filler again (the server forgot it); the same blob, so it applies once at most. */
  async resubmitFiller(f: Filler): Promise<void> {
    await this.send(f.txBlob)
  }

  /**
   * Signs the items' next attempts, in one round: sequence numbers are taken, the transactions
   * prepared and handed to the signer (a key signs at once; an external wallet asks the user).
   * The signer comes first: no sequence number is taken without one (a missing wallet throws
   * NOT_CONNECTED here). Numbers taken for transactions that were not signed are given back; so are
   * all of them when the approval came back after the run was told to stop, or too late to apply.
   */
  private async signBatch(
    signer: JobSigner,
    items: readonly JobItemRow[],
  ): Promise<{ signed: (readonly [JobItemRow, Attempt])[]; stopped?: ApprovalStop }> {
    const { account } = this.state.job
    const sequencer = this.state.sequencer!
    const txs = items.map((item) => this.deps.transactions.build(account, item.intent))
    // An item signed before keeps its number unless another transaction was proven to use it.
    const pins = items.map((item) => this.state.pinned(item))
    const sequences = pins.map((pin) => pin ?? sequencer.take(this.state.view.accountSeq))
    const frame = this.frame(signer)
    // Numbers taken here and not signed go back; a pinned number stays its item's.
    const giveBack = (from: number) => {
      sequences.forEach((sequence, i) => {
        if (i < from || pins[i] !== undefined) return
        sequencer.release(sequence)
        delete items[i]!.reserved
        delete items[i]!.reservedLedger
      })
    }
    const signedBefore = this.state.signedThrough
    let outcome: { signed: SignedTx[]; stopped?: ApprovalStop }
    try {
      const prepared = txs.map((tx, i) => prepare(tx, sequences[i]!, frame))
      if (signer.approver) this.reserve(items, sequences, frame)
      outcome = await this.approve(signer, prepared, this.state.job.kind)
    } catch (e) {
      if (!(e instanceof Abandoned)) giveBack(0)
      throw e
    }
    const usable = this.usable(signer, frame, outcome.signed.length)
    const signed = items.slice(0, usable).map((item, i) => {
      const a = attemptOf(sequences[i]!, frame, outcome.signed[i]!)
      this.state.addAttempt(item, a)
      return [item, a] as const
    })
    // Signed by the wallet but dropped (the run was stopping, or the approval came too late): a copy
    // exists outside the app, so each intent keeps that number (stored with the next flush, before
    // anything else is signed; see heldSequence) and is never signed with another one beside it.
    for (let i = usable; i < outcome.signed.length; i++) this.state.noteSigned(sequences[i]!)
    // Not returned: only a refusal says the wallet signed none of them. Any other end (no answer in
    // time, a pause or cancel while it asked, a closed wallet, a changed transaction) leaves each
    // intent the number it was asked with (see reserve).
    if (outcome.stopped?.reason === 'refused') {
      const kept = Math.max(usable, outcome.signed.length)
      giveBack(kept)
      const held = sequences.filter((_, i) => i < kept || pins[i] !== undefined)
      this.state.unnoteSigned(Math.max(signedBefore, ...held), Math.max(...sequences))
    }
    return outcome.stopped ? { signed, stopped: outcome.stopped } : { signed }
  }

  /**
   * Before a wallet is asked, each intent keeps the number it is asked with (stored by the flush in
   * approve, before the wallet sees it): the wallet may sign — and submit — what it was asked even
   * when its answer never reaches the run (the wait ended, the tab closed). Asked again, the intent
   * gets the same number, so the wallet's copy and the new attempt can never both apply; given up,
   * the number goes to a no-op filler, never to another intent. The numbers count as signed (the
   * account's other jobs take higher ones) until the wallet says it refused them.
   */
  private reserve(items: readonly JobItemRow[], sequences: readonly number[], frame: Frame): void {
    items.forEach((item, i) => {
      this.state.noteSigned(sequences[i]!)
      if (this.state.pinned(item) !== undefined) return
      item.reserved = sequences[i]!
      item.reservedLedger = frame.firstLedger
      this.state.touch(item)
    })
  }

  /**
   * Hands prepared transactions to the signer. An external wallet may take minutes: the job says
   * what it waits for meanwhile.
   */
  private async approve(
    signer: JobSigner,
    txs: SubmittableTransaction[],
    purpose: string,
  ): Promise<{ signed: SignedTx[]; stopped?: ApprovalStop }> {
    if (!signer.approver) return signer.sign(txs, purpose)
    const { name } = signer.approver
    const many = txs.length === 1 ? '1 transaction' : `${String(txs.length)} transactions`
    this.state.notice = `Waiting for your approval in ${name} (${many})`
    await this.state.flush()
    // The wallet may never answer: a pause, a cancel, the wallet's disconnect or the engine going
    // ends the wait, and so does the deadline (as a closed wallet). A late answer is dropped.
    const answer = signer.sign(txs, purpose)
    const stop = this.state.untilStopped(this.deps.limits.approvalTimeoutMs ?? APPROVAL_TIMEOUT_MS)
    const first = await Promise.race([
      answer.then((outcome) => ({ outcome })),
      stop.done.then((why) => ({ why })),
    ])
    stop.cancel()
    this.state.checkAlive()
    this.state.notice = undefined
    if ('outcome' in first) return first.outcome
    answer.catch(() => {})
    if (first.why === 'stopped') return { signed: [] }
    const message = `Waiting for ${name}: no answer came in time. Open it, then Resume`
    return { signed: [], stopped: { reason: 'closed', message } }
  }

  /**
   * How many of the approved transactions to store and submit: none once the run is stopping (the
   * user paused or cancelled while the wallet asked), or when the approval came back too late for
   * them to apply; else all.
   */
  private usable(signer: JobSigner, frame: Frame, count: number): number {
    if (!signer.approver || count === 0) return count
    if (this.state.stopping) return 0
    const latest = Math.max(this.state.view.validated, this.deps.latestLedger?.() ?? 0)
    if (latest + MIN_LEDGERS_LEFT > frame.lastLedgerSequence) {
      this.state.notice = `The approval in ${signer.approver.name} came too late for the ledger: approve again`
      return 0
    }
    return count
  }

  /** The wallet that signs, or null while there is none for this job (disconnected, other network). */
  private signerIfAny(): JobSigner | null {
    try {
      return this.deps.signer()
    } catch (e) {
      if (isConnectionError(e) || isEngineError(e)) return null
      throw e
    }
  }

  /**
   * The ledgers and fee a round of signatures is made for. The newest validated ledger known:
   * signing 400 attempts can outlast a ledger or two, and a LastLedgerSequence counted from the view
   * read before the burst would let the last ones expire. The open ledger bounds it from below too: a
   * server whose validated ledger lags would make every LastLedgerSequence one that has already
   * passed (tefMAX_LEDGER, signed again for ever). An external wallet's approval adds its time.
   */
  private frame(signer: JobSigner): Frame {
    const { view } = this.state
    const open = view.current === undefined ? 0 : view.current - 1
    const validated = Math.max(view.validated, this.deps.latestLedger?.() ?? 0, open)
    // feeAllowed() came first: the fee is the one the server asks, within the confirmed ceiling.
    const feeDrops = String(this.deps.pace.feeDrops ?? this.deps.pace.maxFeeDrops)
    const lastLedgerSequence =
      validated + this.deps.limits.lastLedgerOffset + signer.approvalLedgers
    return { firstLedger: validated, lastLedgerSequence, feeDrops }
  }

  /** Submits a signed blob: its engine_result, or undefined when the server refused the request. */
  private async send(txBlob: string): Promise<string | undefined> {
    this.state.checkAlive()
    try {
      const sentAt = performance.now()
      const res = await this.deps.client().request({ command: 'submit', tx_blob: txBlob })
      this.deps.pace.noteRoundTrip(performance.now() - sentAt)
      const result = res.result.engine_result
      if (BACK_OFF.test(result)) this.blocked = true
      return result
    } catch (e) {
      // No answer: the outcome is unknown and the ledger will tell. The blob is stored, so after a
      // reconnect the attempt is looked up (and submitted again, harmlessly, if still unknown).
      if (isConnectionError(e)) throw e
      this.blocked = true
      return undefined
    }
  }

  /**
   * The server rejected the attempt and the item is not retried. A filler may take its number at once
   * (at most one transaction per number can validate). Even a `tem` is only the server's word: the
   * item stays in flight until another transaction took the number or LastLedgerSequence passed
   * (then it fails, see RunState.markDead), or its transaction validates after all (then the
   * ledger's result counts).
   */
  private reject(a: Attempt): void {
    // The rejection is one server's word: the number is left to a filler, never to another intent,
    // and the attempt stays in flight until its LastLedgerSequence passes (then the item fails, see
    // RunState.markDead) or it validates after all (a server that said tem and held it).
    this.state.sequencer!.abandon(a.sequence)
  }

  private async submitFillers(signer: JobSigner, sequences: readonly number[]): Promise<void> {
    const frame = this.frame(signer)
    const noop = buildNoop(this.state.job.account)
    let outcome: { signed: SignedTx[]; stopped?: ApprovalStop }
    try {
      const prepared = sequences.map((sequence) => prepare(noop, sequence, frame))
      outcome = await this.approve(signer, prepared, 'gap')
    } catch (e) {
      for (const sequence of sequences) this.state.sequencer!.abandon(sequence)
      throw e
    }
    const usable = this.usable(signer, frame, outcome.signed.length)
    const fillers = sequences.slice(0, usable).map((sequence, i) => {
      const filler: Filler = attemptOf(sequence, frame, outcome.signed[i]!)
      this.state.fillers.push(filler)
      // Its hash and number are stored (and the highest number signed) before the server sees it.
      this.state.noteSigned(sequence)
      this.state.noteFiller(filler)
      return filler
    })
    for (const sequence of sequences.slice(usable)) this.state.sequencer!.abandon(sequence)
    if (this.state.signedUnsaved) await this.state.flush()
    for (const filler of fillers) {
      const result = await this.send(filler.txBlob)
      if (result !== undefined && NEVER_APPLIES.test(result)) {
        this.state.fillers = this.state.fillers.filter((f) => f !== filler)
        this.state.sequencer!.abandon(filler.sequence)
      }
    }
    if (outcome.stopped) throw new ApprovalStopped(outcome.stopped)
  }

  /** Whether any live transaction has a higher number than `gap` (and so waits behind it). */
  private waitingAbove(gap: number): boolean {
    const attempts = this.state.inFlight().map((i) => this.state.latest(i))
    return (
      attempts.some((a) => a.sequence > gap && !isRejected(a)) ||
      this.state.fillers.some((f) => f.sequence > gap)
    )
  }
}

/** A transaction with the fields the engine sets: Fee, Sequence, LastLedgerSequence. */
function prepare(
  tx: SubmittableTransaction,
  sequence: number,
  frame: Frame,
): SubmittableTransaction {
  return {
    ...tx,
    Fee: frame.feeDrops,
    Sequence: sequence,
    LastLedgerSequence: frame.lastLedgerSequence,
  }
}

/** The attempt a signed transaction makes. */
function attemptOf(sequence: number, frame: Frame, signed: SignedTx): Attempt {
  return {
    sequence,
    firstLedger: frame.firstLedger,
    lastLedgerSequence: frame.lastLedgerSequence,
    feeDrops: frame.feeDrops,
    hash: signed.hash,
    txBlob: signed.txBlob,
    signedAt: Date.now(),
  }
}
