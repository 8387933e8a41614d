/**
 * Acceptance tracking of the shown account's airdrops, and mints to recipients (with a key or
 * without: it only reads): whether each offer made to a recipient was accepted, waits, or is gone.
 * - Stream (soonest): the holder's account stream shows an offer leaving the ledger in the validated
 *   transaction that removed it (acceptanceStream.ts); it is recorded at once.
 * - Poll: each ended airdrop with waiting offers is read from the ledger (acceptanceLedger.ts) first
 *   `firstCheckMs` after it ended, then every `intervalMs` while any offer waits; it stops when none
 *   waits. `resume()` (wallet connected, app reopened) checks at once whatever is due;
 *   `reconnected()` checks every ended airdrop with waiting offers at once (stream news may have been
 *   lost with the connection); a check that fails is tried again after `intervalMs` or then.
 * - `accepted` and `gone` are final: never read again.
 *
 * All work runs one task at a time (a queue), so a poll and a stream update never interleave; writes
 * touch only the acceptance fields (src/db/acceptance.ts).
 */
import type { Client } from 'xrpl'

import {
  ENDED_JOB,
  recordAcceptance,
  waitingItems,
  watchedAirdrops,
  OFFERING_KINDS,
} from '../../../db/acceptance.ts'
import type { OfferItem } from '../../../db/acceptance.ts'
import { readJob } from '../../../db/jobs.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { AcceptanceSummary } from '../../../db/types/acceptance.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import { ACCEPTANCE_FIRST_CHECK_MS, ACCEPTANCE_INTERVAL_MS } from '../../../shared/constants.ts'
import { EngineError } from '../../../shared/errors.ts'
import type { NetworkId } from '../../../shared/networks.ts'
import { readStandings, trackedOffer } from './acceptanceLedger.ts'
import { OfferStream, OutcomeBacklog } from './acceptanceStream.ts'
import type { StreamOutcome } from './acceptanceStream.ts'
import { dueAt, standingUpdates, streamedUpdates, watchList } from './acceptanceUpdates.ts'
import type { WatchedOffer } from './acceptanceUpdates.ts'
import { isConnectionError } from '../../ledger/ledgerFollower.ts'
import { log } from '../../../shared/log.ts'

/** When the tracker polls the ledger. */
export interface AcceptanceTiming {
  /** After an airdrop ended, before its first check. */
  firstCheckMs: number
  /** Between checks while an offer waits (and before retrying a failed check). */
  intervalMs: number
}

export interface AcceptanceTrackerDeps {
  db: LedgerDb
  /** The connected client; throws when there is none. */
  client: () => Client
  /**
   * The account shown on the current network (a connected wallet, or one viewed read-only: reading
   * the ledger needs no key), or null.
   */
  wallet: () => { address: string; network: NetworkId } | null
  /** ACCEPTANCE_FIRST_CHECK_MS and ACCEPTANCE_INTERVAL_MS unless given (tests go faster). */
  timing?: Partial<AcceptanceTiming>
}

export class AcceptanceTracker {
  private readonly stream = new OfferStream((outcomes) => this.onStream(outcomes))
  /** Offer id → its item, for the offers that still wait (what the stream may report). */
  private watched = new Map<string, WatchedOffer>()
  private streamed: StreamOutcome[] = []
  /** Stream outcomes of offers not watched when they came. */
  private readonly early = new OutcomeBacklog()
  private timer?: ReturnType<typeof setTimeout>
  /** After a failed check: no poll before this time (unless resumed). */
  private retryAt = 0
  /** The connection came back: every ended airdrop with waiting offers is due now. */
  private allDue = false
  private chain: Promise<unknown> = Promise.resolve()
  private disposed = false

  private readonly timing: AcceptanceTiming

  constructor(private readonly deps: AcceptanceTrackerDeps) {
    this.timing = {
      firstCheckMs: deps.timing?.firstCheckMs ?? ACCEPTANCE_FIRST_CHECK_MS,
      intervalMs: deps.timing?.intervalMs ?? ACCEPTANCE_INTERVAL_MS,
    }
  }

  /** Follows the shown account's airdrops again, checking what is due; settles once it follows. */
  resume(): Promise<void> {
    this.retryAt = 0
    return this.background(() => this.refresh())
  }

  /** The connection is back: follows the stream again and checks every waiting offer at once. */
  reconnected(): void {
    this.allDue = true
    void this.resume()
  }

  /**
   * A job of the wallet ended: an airdrop is first checked `firstCheckMs` later; a reclaim (a cancel
   * job with `params.reclaimOf`) has its airdrop checked at once, so its offers show as gone.
   */
  jobEnded(job: JobRow): void {
    void this.background(async () => {
      if (this.disposed) return
      if (OFFERING_KINDS.has(job.kind)) {
        const nextCheckAt = Date.now() + this.timing.firstCheckMs
        await recordAcceptance(this.deps.db, job.id, new Map(), { nextCheckAt })
      }
      const airdrop = job.params.reclaimOf
      const reclaimed = typeof airdrop === 'string' ? await readJob(this.deps.db, airdrop) : null
      if (reclaimed) await this.checkJobs([reclaimed]).catch((e: unknown) => this.failed(e))
      await this.refresh()
      if (this.early.size) await this.recordStreamed()
    })
  }

  /**
   * Checks an airdrop of the account shown now and records it (no key needed).
   *
   * @throws EngineError `NOT_FOUND` for an unknown job; `VALIDATION` for one that is not the
   *   shown account's airdrop; what the ledger reads throw (`NETWORK`, `NOT_CONNECTED`, …).
   */
  async check(jobId: string): Promise<AcceptanceSummary> {
    const job = await this.ownAirdrop(jobId)
    return await this.queue(async () => {
      const summary = (await this.checkJobs([job])).get(job.id)
      await this.refresh()
      if (!summary) throw new EngineError('VALIDATION', 'The acceptance check was stopped')
      return summary
    })
  }

  /** Stops polling and following; settles once the task under way has ended (it writes nothing). */
  async dispose(): Promise<void> {
    this.disposed = true
    clearTimeout(this.timer)
    this.stream.stop()
    await this.chain
  }

  /** The job, if it is an airdrop of the account shown (planning a reclaim asks for the key itself). */
  async ownAirdrop(jobId: string): Promise<JobRow> {
    const job = await readJob(this.deps.db, jobId)
    if (!job) throw new EngineError('NOT_FOUND', 'No such job')
    if (!OFFERING_KINDS.has(job.kind)) {
      const what = 'This job is not an airdrop or a mint to recipients'
      throw new EngineError('VALIDATION', `${what}: it made no offers to track`)
    }
    const wallet = this.deps.wallet()
    if (!wallet) throw new EngineError('VALIDATION', 'Open an account first')
    if (job.account !== wallet.address || job.network !== wallet.network) {
      throw new EngineError('VALIDATION', `This job belongs to ${job.account} on ${job.network}`)
    }
    return job
  }

  /** Runs a task after the ones queued before it; its result or error is the caller's. */
  private queue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task)
    this.chain = run.catch(() => undefined)
    return run
  }

  /** A queued task whose errors are logged (a lost connection is expected); it never rejects. */
  private background(task: () => Promise<void>): Promise<void> {
    return this.queue(task).catch((e: unknown) => {
      if (!isConnectionError(e)) log.warn('acceptance tracking:', e)
    })
  }

  /**
   * Rebuilds the watch list and the stream from the database and sets the timer of the next poll.
   * Running airdrops are followed on the stream (their recipients may accept at once) but polled only
   * once they ended.
   */
  private async refresh(): Promise<void> {
    clearTimeout(this.timer)
    const jobs = await this.watchedJobs()
    if (!jobs.length || this.disposed) {
      // Nothing ended is checked now: an airdrop ending later waits its firstCheckMs.
      this.allDue = false
      return this.idle()
    }
    this.watched = await watchList(this.deps.db, jobs)
    // dispose() may have come during the read: a subscribe now would outlive it.
    if (this.disposed) return
    await this.tryFollow(jobs[0]!.account)
    const ended = jobs.filter((j) => ENDED_JOB.has(j.status))
    if (!ended.length || this.disposed) {
      this.allDue = false
      return
    }
    const due = this.allDue ? 0 : Math.min(...ended.map((j) => dueAt(j, this.timing)))
    const delay = Math.max(0, Math.max(due, this.retryAt) - Date.now())
    this.timer = setTimeout(() => void this.background(() => this.pollDue()), delay)
  }

  /** The shown account's airdrops that may still change (none without an account). */
  private async watchedJobs(): Promise<JobRow[]> {
    const wallet = this.deps.wallet()
    if (!wallet) return []
    return await watchedAirdrops(this.deps.db, wallet.network, wallet.address)
  }

  /** Follows the account's stream if the connection allows: without it, polls still find all. */
  private async tryFollow(account: string): Promise<void> {
    try {
      await this.stream.follow(this.deps.client(), account)
    } catch {
      // Not connected, or the subscribe failed: the next refresh tries again.
    }
  }

  private idle(): void {
    this.watched.clear()
    this.stream.stop()
  }

  /** The timer's task: checks the airdrops that are due (a failure waits `intervalMs`). */
  private async pollDue(): Promise<void> {
    if (this.disposed) return
    const now = Date.now()
    const jobs = await this.watchedJobs()
    const due = jobs.filter(
      (j) => ENDED_JOB.has(j.status) && (this.allDue || dueAt(j, this.timing) <= now),
    )
    this.allDue = false
    if (due.length) {
      await this.checkJobs(due).catch(async (e: unknown) => {
        this.failed(e)
        // The cards would otherwise show a next check in the past until the retry.
        const nextCheckAt = this.retryAt
        for (const job of due)
          await recordAcceptance(this.deps.db, job.id, new Map(), { nextCheckAt })
      })
    }
    await this.refresh()
  }

  /** A check failed (the connection was lost, say): polls wait `intervalMs` or a resume(). */
  private failed(e: unknown): void {
    this.retryAt = Date.now() + this.timing.intervalMs
    if (!isConnectionError(e)) log.warn('acceptance check failed:', e)
  }

  /** Reads the jobs' waiting offers from one validated ledger and records what it shows. */
  private async checkJobs(jobs: readonly JobRow[]): Promise<Map<string, AcceptanceSummary>> {
    const summaries = new Map<string, AcceptanceSummary>()
    const [first] = jobs
    if (!first || this.disposed) return summaries
    const waiting = new Map<string, OfferItem[]>()
    for (const job of jobs) waiting.set(job.id, await waitingItems(this.deps.db, job.id))
    const offers = [...waiting.values()].flat().map(trackedOffer)
    const client = this.deps.client()
    // Following first: whatever happens after the read below reaches the stream.
    await this.stream.follow(client, first.account)
    const read = await readStandings(client, first.account, offers)
    const checkedAt = Date.now()
    for (const job of jobs) {
      const updates = standingUpdates(waiting.get(job.id) ?? [], read, checkedAt)
      if (this.disposed) return summaries
      const nextCheckAt = checkedAt + this.timing.intervalMs
      const summary = await recordAcceptance(this.deps.db, job.id, updates, {
        checkedAt,
        nextCheckAt,
      })
      summaries.set(job.id, summary)
    }
    return summaries
  }

  /** Queued, and matched with the watch list only then: a refresh queued before may extend it. */
  private onStream(outcomes: StreamOutcome[]): void {
    this.streamed.push(...outcomes)
    void this.background(() => this.recordStreamed())
  }

  /**
   * Records what the stream showed, per airdrop, then looks whether anything still waits. Outcomes of
   * offers not (yet) watched are kept a while: a recipient can accept before the runner has stored
   * the offer's item as succeeded.
   */
  private async recordStreamed(): Promise<void> {
    const outcomes = this.early.with(this.streamed)
    this.streamed = []
    if (this.disposed || !outcomes.length) return
    // An offer of a running airdrop may have succeeded since the list was built.
    if (outcomes.some((o) => !this.watched.has(o.offerId))) {
      this.watched = await watchList(this.deps.db, await this.watchedJobs())
    }
    this.early.keep(outcomes.filter((o) => !this.watched.has(o.offerId)))
    const byJob = streamedUpdates(outcomes, this.watched, Date.now())
    if (!byJob.size) return
    for (const [jobId, updates] of byJob) {
      if (this.disposed) return
      await recordAcceptance(this.deps.db, jobId, updates)
    }
    await this.refresh()
  }
}
