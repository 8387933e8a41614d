/**
 * The signing side of a job run: prepares each round of transactions (sequence numbers, fee,
 * LastLedgerSequence) and hands it to the signer (jobSigner.ts) — a key signs at once, an external
 * wallet asks the user within the run's watch (its stop, its notice). What comes back becomes attempts and
 * fillers, noted before anything is submitted (the submit side, submitLoop.ts, stores and sends
 * them). The numbers an external wallet is asked with stay with their intents until it refuses
 * (docs/architecture.md §3.2).
 */
import type { SubmittableTransaction } from 'xrpl'

import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import { APPROVAL_TIMEOUT_MS } from '../../../shared/wallets.ts'
import type { IntentTypes } from '../../ledger/intentTypes.ts'
import type { ApprovalStop, JobSigner, SignOutcome, SignedTx } from '../jobSigner.ts'
import { buildNoop } from './noop.ts'
import type { Filler } from './noop.ts'
import type { Pace } from './pace.ts'
import { Abandoned } from './runControl.ts'
import type { SigningState } from './runState.ts'
import type { RunnerLimits } from './submitRules.ts'

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

export interface SigningDeps {
  /** Builds each intent's transaction (the registry of intent types). */
  transactions: Pick<IntentTypes, 'build'>
  limits: RunnerLimits
  /** The fee the server asks (within the confirmed ceiling: checked before a round). */
  pace: Pick<Pace, 'feeDrops' | 'maxFeeDrops'>
  /** The newest validated ledger the stream announced (newer than the view during long bursts). */
  latestLedger?: () => number
}

/** A round of signatures: what each signed transaction became, and why the wallet stopped short. */
export interface Round<T> {
  signed: T[]
  stopped?: ApprovalStop
}

/** The signing side of one job run; see the module comment. */
export class Signing {
  constructor(
    private readonly state: SigningState,
    private readonly deps: SigningDeps,
  ) {}

  /**
   * Signs the items' next attempts, in one round: sequence numbers are taken, the transactions
   * prepared and handed to the signer (a key signs at once; an external wallet asks the user).
   * The signer comes first: no sequence number is taken without one (a missing wallet throws
   * NOT_CONNECTED here). Numbers taken for transactions that were not signed are given back; so are
   * all of them when the approval came back after the run was told to stop, or too late to apply.
   */
  async intents(
    signer: JobSigner,
    items: readonly JobItemRow[],
  ): Promise<{ signed: (readonly [JobItemRow, Attempt])[]; stopped?: ApprovalStop }> {
    const { account } = this.state.job
    const sequencer = this.state.numbers.sequencer!
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
    const signedBefore = this.state.numbers.signedThrough
    let outcome: SignOutcome
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
    for (let i = usable; i < outcome.signed.length; i++)
      this.state.numbers.noteSigned(sequences[i]!)
    // Not returned: only a refusal says the wallet signed none of them. Any other end (no answer in
    // time, a pause or cancel while it asked, a closed wallet, a changed transaction) leaves each
    // intent the number it was asked with (see reserve).
    if (outcome.stopped?.reason === 'refused') {
      const kept = Math.max(usable, outcome.signed.length)
      giveBack(kept)
      const held = sequences.filter((_, i) => i < kept || pins[i] !== undefined)
      this.state.numbers.unnoteSigned(Math.max(signedBefore, ...held), Math.max(...sequences))
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
      this.state.numbers.noteSigned(sequences[i]!)
      if (this.state.pinned(item) !== undefined) return
      item.reserved = sequences[i]!
      item.reservedLedger = frame.firstLedger
      this.state.touch(item)
    })
  }

  /**
   * Hands prepared transactions to the signer, within the run's watch: a pause, a cancel or the
   * engine going ends an external wallet's wait, and the job shows what it waits for meanwhile.
   */
  private async approve(
    signer: JobSigner,
    txs: SubmittableTransaction[],
    purpose: string,
  ): Promise<SignOutcome> {
    const { control } = this.state
    const outcome = await signer.sign(txs, purpose, {
      waiting: async (notice) => {
        control.notice = notice
        if (notice) await this.state.flush()
      },
      until: () => control.untilStopped(this.deps.limits.approvalTimeoutMs ?? APPROVAL_TIMEOUT_MS),
    })
    control.checkAlive()
    return outcome
  }

  /**
   * How many of the approved transactions to store and submit: none once the run is stopping (the
   * user paused or cancelled while the wallet asked), or when the approval came back too late for
   * them to apply; else all.
   */
  private usable(signer: JobSigner, frame: Frame, count: number): number {
    if (!signer.approver || count === 0) return count
    if (this.state.control.stopping) return 0
    const latest = Math.max(this.state.view.validated, this.deps.latestLedger?.() ?? 0)
    if (latest + MIN_LEDGERS_LEFT > frame.lastLedgerSequence) {
      this.state.control.notice = `The approval in ${signer.approver.name} came too late for the ledger: approve again`
      return 0
    }
    return count
  }

  /**
   * Signs no-op fillers for gap numbers, in one round: each signed one is noted (its hash and number,
   * stored by the next flush before it is submitted); a number not signed stays a gap.
   */
  async fillers(signer: JobSigner, sequences: readonly number[]): Promise<Round<Filler>> {
    const { numbers } = this.state
    const frame = this.frame(signer)
    const noop = buildNoop(this.state.job.account)
    let outcome: Round<SignedTx>
    try {
      const prepared = sequences.map((sequence) => prepare(noop, sequence, frame))
      outcome = await this.approve(signer, prepared, 'gap')
    } catch (e) {
      for (const sequence of sequences) numbers.sequencer!.abandon(sequence)
      throw e
    }
    const usable = this.usable(signer, frame, outcome.signed.length)
    const fillers = sequences.slice(0, usable).map((sequence, i) => {
      const filler: Filler = attemptOf(sequence, frame, outcome.signed[i]!)
      numbers.fillers.push(filler)
      // Its hash and number are stored (and the highest number signed) before the server sees it.
      numbers.noteSigned(sequence)
      numbers.noteFiller(filler)
      return filler
    })
    for (const sequence of sequences.slice(usable)) numbers.sequencer!.abandon(sequence)
    return outcome.stopped ? { signed: fillers, stopped: outcome.stopped } : { signed: fillers }
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
