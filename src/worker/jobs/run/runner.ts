/**
 * Runs one job's items to their final results, exactly once each (docs/architecture.md §3.2–3.3):
 * - an item's attempt is signed and stored (blob and hash) before it is submitted;
 * - many attempts are in flight at once, with locally assigned sequence numbers; per sequence number
 *   at most one transaction can validate; submitting pauses until the next ledger when the account's
 *   queue is full or fees escalate;
 * - results are final only in a validated ledger (account stream, `tx` as the fallback);
 * - an intent is signed again when its attempt is dead: past its LastLedgerSequence with `tx`
 *   searched_all over the ledgers it could be in (the same number again: no server's word can make
 *   two of its transactions apply), or proven dead by a validated transaction signed by the account's
 *   key that took its number (then with another number); a number the server calls used without
 *   such a transaction pauses the job with the server named; a `tem` rejection fails the item;
 * - a number once signed for an intent is never another intent's (sequencer.ts); when later
 *   transactions wait behind a number left unused, a no-op AccountSet fills the gap (not stored: it
 *   carries no intent; the highest number signed is stored before it is submitted);
 * - everything is reconciled from the ledger when the runner starts or reconnects, so a crash or a
 *   closed tab loses and doubles nothing.
 *
 * The parts: ../ledger/ledgerFollower.ts (streams and waiting), settle.ts (reading the ledger, settling by hash),
 * numberProof.ts and intentCopies.ts (what a number's user proves), signingRound.ts (signing rounds),
 * submitLoop.ts (submitting, gap filling), submitRules.ts (the limits, what a submit result means),
 * runState.ts (items and their transitions), runNumbers.ts (sequence numbers), runControl.ts (pause,
 * cancel, notice), presignCheck.ts (the last look), replacementOrder.ts ('List again' ordering).
 */
import type { Client } from 'xrpl'

import { FencedError } from '../../../db/jobItemWrites.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import { logFailure } from '../../../shared/errors.ts'
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow, JobStatus } from '../../../db/types/jobs.ts'
import { LedgerFollower, isConnectionError } from '../../ledger/ledgerFollower.ts'
import type { ValidatedTx } from '../../ledger/ledgerFollower.ts'
import type { SecondRead } from '../../ledger/secondRead.ts'
import { Pace } from './pace.ts'
import { PresignCheck } from './presignCheck.ts'
import { Abandoned } from './runControl.ts'
import { RunState } from './runState.ts'
import type { RunnerLimits } from './submitRules.ts'
import { Settler } from './settle.ts'
import type { SecondLookup } from './settleDeps.ts'
import { Submitter } from './submitLoop.ts'
import type { IntentTypes } from '../../ledger/intentTypes.ts'
import type { ServerPace } from '../../ledger/requestScheduler.ts'
import { log } from '../../../shared/log.ts'
import type { JobSigner } from '../jobSigner.ts'
import { ApprovalStopped } from './signingRound.ts'
import { doesWhatIntentDoes } from '../../ledger/intentMatch.ts'

export { DEFAULT_LIMITS } from './submitRules.ts'
export type { RunnerLimits } from './submitRules.ts'

export interface RunnerDeps {
  db: LedgerDb
  /**
   * Builds each intent's transaction, takes its last look and words its results (the registry of
   * intent types).
   */
  transactions: Pick<IntentTypes, 'build' | 'resultMessage' | 'lastLook'>
  /** The connected client (it may change after a reconnect). */
  client: () => Client
  /** What signs: the key the app holds, or the external wallet that approves. */
  signer: () => JobSigner
  limits: RunnerLimits
  /** Other endpoints of the job's network, which confirm an attempt's absence before a new one. */
  secondLookup?: SecondLookup
  /** Whether an item's result counts only once another server shows it alike (JobKindSpec). */
  confirmResults?: boolean
  /** Other endpoints of the job's network, which confirm a bid's terms before a sale is signed. */
  secondRead?: SecondRead
  /** The network's name, for messages. */
  networkName?: string
  /** Whether the server's budget for us sets the pace now (the endpoint's scheduler). */
  serverPace?: () => ServerPace | null
  /** Told when the server's validated ledger lags its open ledger by this many ledgers. */
  serverLags?: (ledgers: number) => void
  /** The server in use, as a pause names it. */
  serverName?: () => string
}

/** Longest wait for news before the runner looks again by itself. */
const IDLE_WAIT_MS = 5_000
/** Wait after losing the connection, unless poked sooner (the connection came back). */
const RETRY_WAIT_MS = 1_000
/** Longest wait between tries after an error that stops the job (its attempts still settle). */
const FAILED_RETRY_MAX_MS = 30_000

export class JobRunner {
  private readonly state: RunState
  private readonly follower: LedgerFollower
  private readonly submitter: Submitter
  private readonly settler: Settler
  private readonly pace: Pace
  private readonly presign: PresignCheck
  private needsReconcile = true
  private ended = false

  constructor(deps: RunnerDeps, job: JobRow, items: JobItemRow[]) {
    this.state = new RunState(deps.db, job, items, deps.transactions)
    this.follower = new LedgerFollower(job.account, deps.client)
    this.pace = new Pace(BigInt(deps.limits.maxFeeDrops))
    this.presign = new PresignCheck({
      transactions: deps.transactions,
      client: deps.client,
      signer: deps.signer,
      account: job.account,
      networkName: deps.networkName ?? job.network,
      ...(deps.secondRead ? { second: deps.secondRead } : {}),
    })
    this.submitter = new Submitter(this.state, {
      ...deps,
      pace: this.pace,
      latestLedger: () => this.follower.latestValidated,
      presign: this.presign,
      settlePinned: (items) => this.settler.settlePinned(items),
    })
    this.settler = new Settler(this.state, this.submitter, {
      ...deps,
      pace: this.pace,
      keyAddress: () => signerAddress(deps.signer),
      sameIntent: (item, txJson) =>
        doesWhatIntentDoes(deps.transactions.build(job.account, item.intent), txJson),
    })
  }

  /**
   * Stops at once without writing or submitting anything more, as a closed tab or a terminated worker
   * would: whatever was stored is what a later runner resumes from.
   */
  abandon(): void {
    this.state.control.abandoned = true
    this.follower.poke()
  }

  pause(): void {
    this.state.control.stopping ??= 'pause'
    this.follower.poke()
  }

  cancel(): void {
    this.state.control.stopping = 'cancel'
    this.follower.poke()
  }

  /** Takes back a pause the run has not ended on yet; false once the run has ended. */
  unpause(): boolean {
    if (this.ended) return false
    if (this.state.control.stopping === 'pause') this.state.control.stopping = null
    this.follower.poke()
    return true
  }

  /** Looks at the ledger (and the job's row) now instead of waiting: the connection is back, say. */
  wake(): void {
    this.follower.poke()
  }

  /** The job as this runner took it. */
  get job(): JobRow {
    return this.state.job
  }

  /** The error that stopped the job, once it ends `failed`. */
  get failure(): string | undefined {
    return this.state.control.failure
  }

  /**
   * Runs until every item is final, or until paused/cancelled with nothing in flight; `running` when
   * abandoned or when another runner took the job. While the connection is down the job waits
   * (nothing is lost: every signed attempt is stored) and goes on once it is back. Any other error
   * stops the job, but only after what is in flight has settled: `failed` never leaves an attempt
   * that may still apply behind it.
   */
  async run(): Promise<JobStatus> {
    try {
      return await this.loop()
    } finally {
      this.ended = true
      this.follower.unfollow()
    }
  }

  private async loop(): Promise<JobStatus> {
    let failures = 0
    for (;;) {
      try {
        await this.step()
        // Decided and marked ended in one go, so that a late unpause() cannot be lost.
        const outcome = this.outcome()
        if (outcome) {
          this.ended = true
          return outcome
        }
        await this.follower.wait(IDLE_WAIT_MS)
      } catch (e) {
        // (A write refused by the abandoned guard may come back wrapped by IndexedDB.)
        if (e instanceof Abandoned || this.state.control.abandoned || isFenced(e)) {
          // Lost the job (or the engine is going): write and submit nothing more.
          this.state.control.abandoned = true
          return 'running'
        }
        // News from the broken connection is dropped: reconciling from the ledger covers it. (It used
        // to stay queued, and the wait, seeing news, returned at once: a loop of microtasks that
        // starved the timers the reconnect needs.)
        this.follower.unfollow()
        this.follower.clear()
        this.needsReconcile = true
        if (isConnectionError(e)) {
          await this.follower.wait(RETRY_WAIT_MS)
          continue
        }
        // The wallet refused or closed: the job pauses (never fails), what is in flight settles.
        if (e instanceof ApprovalStopped) {
          await this.state.control.pauseForApproval(e.message)
          continue
        }
        log.error(`jobs: job ${this.state.job.id} stops signing:`, e)
        await this.state.control.fail(e instanceof Error ? e.message : String(e))
        failures += 1
        await this.follower.wait(Math.min(FAILED_RETRY_MAX_MS, RETRY_WAIT_MS * 2 ** failures))
      }
    }
  }

  private async step(): Promise<void> {
    // The row first: a runner that lost the job finds out before it writes or submits anything.
    await this.state.control.sync()
    if (await this.follower.follow()) this.needsReconcile = true
    if (this.needsReconcile) {
      this.needsReconcile = false
      // After a reconnect the account's offers may have changed: the last look reads them again.
      this.presign.forget()
      await this.settler.reconcile()
    }
    const news = this.follower.take()
    this.settleByStream(news.txs)
    if (news.ledgerClosed) await this.onLedger()
    if (this.state.control.stopping === 'cancel') this.state.skipPending()
    await this.submitter.fill()
    // A cancel that came while an external wallet was asked: what it did not sign is skipped now.
    if (this.state.control.stopping === 'cancel') this.state.skipPending()
    await this.state.flush()
  }

  private async onLedger(): Promise<void> {
    this.pace.noteLedgerClose(Date.now())
    this.submitter.blocked = false
    // The ledger stream announces a close before the transactions it validated (rippled and the
    // sandbox alike). Those that arrived while the view was read settle for free here; otherwise each
    // of them looked due and cost a `tx` round trip (≈200 per ledger on a big job).
    await this.settler.onLedger(() => this.settleByStream(this.follower.takeTxs()))
    await this.submitter.resubmitHeldBack()
    await this.submitter.fillGaps()
  }

  private settleByStream(txs: ValidatedTx[]): void {
    for (const tx of txs) {
      if (!this.state.byHash.has(tx.hash)) this.presign.noteForeign(tx)
      // Weighing a transaction it did not sign reads the store and other servers: a failure leaves
      // the attempt as it was (the next look settles it), and is logged, never thrown unheard.
      this.settler
        .onValidated(tx.hash, tx.sequence, tx.lookup, tx.txJson)
        .catch(logFailure('weighing a validated transaction'))
    }
  }

  private outcome(): JobStatus | null {
    const { state } = this
    if (state.hasInFlight() || state.toSign()) return null
    if (state.control.stopping === 'cancel') return 'cancelled'
    if (state.control.stopping === 'fail') return 'failed'
    if (state.control.stopping === 'pause' && state.pending(1).length) return 'paused'
    return 'completed'
  }
}

/** The address of the key that signs, or undefined while no wallet signs for the job. */
function signerAddress(signer: () => JobSigner): string | undefined {
  try {
    return signer().keyAddress
  } catch {
    return undefined
  }
}

/** A write refused because another runner took the job (IndexedDB may hand it back wrapped). */
function isFenced(e: unknown): boolean {
  for (let x = e; x instanceof Error; x = (x as { inner?: unknown }).inner ?? x.cause) {
    if (x instanceof FencedError || x.name === 'FencedError') return true
  }
  return false
}
