/**
 * The submit side of a job run: has pending items signed (signingRound.ts) and stores them before they
 * are submitted, submits them while the ledger takes them, backs off until the next ledger when the
 * queue or the open ledger is full, submits held-back attempts again, and fills sequence gaps that no
 * pending item can take with a no-op.
 */
import type { Client } from 'xrpl'

import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import { isEngineError } from '../../../shared/errors.ts'
import type { IntentTypes } from '../../ledger/intentTypes.ts'
import type { Filler } from './noop.ts'
import { isConnectionError } from '../../ledger/ledgerFollower.ts'
import type { Pace } from './pace.ts'
import type { PresignCheck } from './presignCheck.ts'
import type { SubmitState } from './runState.ts'
import { BACK_OFF, NEVER_APPLIES, PERMANENT, isHeldBack, isRejected } from './submitRules.ts'
import type { RunnerLimits } from './submitRules.ts'
import type { ServerPace } from '../../ledger/requestScheduler.ts'
import { batchSize, serverPaceNotice } from './serverPaceTerms.ts'
import { ApprovalStopped, Signing } from './signingRound.ts'
import { SubmitWindow } from './submitWindow.ts'
import type { JobSigner } from '../jobSigner.ts'

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
  /** Looks up who used the numbers the items keep (see Settler.settlePinned). */
  settlePinned?: (items: readonly JobItemRow[]) => Promise<void>
}

/** The submit side of one job run; see the module comment. */
export class Submitter {
  /** The queue or the open ledger is full: nothing more is submitted until the next ledger. */
  blocked = false

  private readonly signing: Signing

  constructor(
    private readonly state: SubmitState,
    private readonly deps: SubmitDeps,
  ) {
    this.signing = new Signing(state, deps)
  }

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
        const { signed, stopped } = await this.signing.intents(signer, batch)
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
    // One that keeps a number may have been executed with it meanwhile (what the last look saw may be
    // the offer of a wallet's copy): that is looked up first, and such an item is not skipped.
    const pinned = [...refused.keys()].filter((item) => this.state.pinned(item) !== undefined)
    if (pinned.length) await this.deps.settlePinned?.(pinned)
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
      this.state.control.notice = serverPaceNotice(this.deps.serverPace?.())
      return true
    }
    this.state.control.notice =
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
    const { view } = this.state
    const { sequencer } = this.state.numbers
    if (!sequencer) return
    // Without a signer (the wallet is gone: the job is pausing) a gap waits; the attempts behind it
    // die at their LastLedgerSequence and their items are signed again after the resume.
    const signer = this.signerIfAny()
    if (!signer) return
    // An external wallet is not asked to approve a no-op while the job pauses (it may be paused
    // because the user refused): the attempts behind the gap die and are signed again on resume.
    if (signer.approver && this.state.control.stopping) return
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

  /** The wallet that signs, or null while there is none for this job (disconnected, other network). */
  private signerIfAny(): JobSigner | null {
    try {
      return this.deps.signer()
    } catch (e) {
      if (isConnectionError(e) || isEngineError(e)) return null
      throw e
    }
  }

  /** Submits a signed blob: its engine_result, or undefined when the server refused the request. */
  private async send(txBlob: string): Promise<string | undefined> {
    this.state.control.checkAlive()
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
    this.state.numbers.sequencer!.abandon(a.sequence)
  }

  /** Signs fillers for the gaps, stores them, then submits them. */
  private async submitFillers(signer: JobSigner, sequences: readonly number[]): Promise<void> {
    const { numbers } = this.state
    const { signed, stopped } = await this.signing.fillers(signer, sequences)
    if (numbers.unsaved) await this.state.flush()
    for (const filler of signed) {
      const result = await this.send(filler.txBlob)
      if (result !== undefined && NEVER_APPLIES.test(result)) {
        numbers.fillers = numbers.fillers.filter((f) => f !== filler)
        numbers.sequencer!.abandon(filler.sequence)
      }
    }
    if (stopped) throw new ApprovalStopped(stopped)
  }

  /** Whether any live transaction has a higher number than `gap` (and so waits behind it). */
  private waitingAbove(gap: number): boolean {
    const attempts = this.state.inFlight().map((i) => this.state.latest(i))
    return (
      attempts.some((a) => a.sequence > gap && !isRejected(a)) ||
      this.state.numbers.fillers.some((f) => f.sequence > gap)
    )
  }
}
