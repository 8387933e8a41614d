/**
 * Runs each account's jobs one at a time, and only in the engine that holds the account's lock (see
 * accountLocks.ts): the oldest interrupted job first, then the waiting ones in turn. A runner takes
 * its job with a new fencing epoch (claimJob), so a runner that lost the lock writes nothing.
 */
import { saveItems } from '../../../db/jobItemWrites.ts'
import { claimJob, switchJobStatus, unfinishedJobs } from '../../../db/jobStatus.ts'
import { FINAL_ITEM, readItems } from '../../../db/jobs.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobRow, JobStatus } from '../../../db/types/jobs.ts'
import type { NetworkId } from '../../../shared/networks.ts'
import type { ResultWords } from '../../ledger/resultMessages.ts'
import { accountLockName } from './accountLocks.ts'
import type { AccountLocks } from './accountLocks.ts'
import { JobRunner } from './runner.ts'
import type { RunnerDeps } from './runner.ts'
import { log } from '../../../shared/log.ts'

export interface AccountRunsDeps {
  db: LedgerDb
  locks: AccountLocks
  /** This engine's id, recorded on the rows of the jobs its runners take. */
  runnerId: string
  /** Words the items' results (the registry of intent types). */
  words: ResultWords
  /** What a runner of this job needs (its client bound to the job's network, its signer). */
  runnerDeps(job: JobRow): RunnerDeps
  /** Whether this engine may run the account's jobs now: its wallet is connected on that network. */
  mayRun(network: NetworkId, account: string): boolean
  /** Told when a job reached a final status. */
  onJobEnded?: (job: JobRow) => void
  /** Told when this engine took the account's lock and starts running its jobs. */
  onTurn?: (network: NetworkId, account: string) => void
  /** Told how many runners this engine has, each time a runner starts or ends. */
  onRunners?: (count: number) => void
}

/** An account whose jobs this engine runs, or waits to run (for the lock). */
interface AccountTurn {
  /** Aborts the wait for the lock (the wallet went, the engine is going). */
  abort: AbortController
  /** Asked to look again for jobs after the current one. */
  again: boolean
}

/** Statuses a runner's end is recorded over (a job resumed meanwhile is `waiting` and runs again). */
const OWNED: readonly JobStatus[] = ['running', 'cancelling', 'paused', 'failed']

export class AccountRuns {
  /** Job id → its runner in this engine. */
  private readonly runners = new Map<string, JobRunner>()
  /** `${network}:${account}` → the account's turn. */
  private readonly turns = new Map<string, AccountTurn>()
  /** The turns under way, for dispose() to wait on. */
  private readonly pending = new Set<Promise<unknown>>()
  private disposed = false

  constructor(private readonly deps: AccountRunsDeps) {}

  /** The runner of a job in this engine, if it runs here. */
  runner(jobId: string): JobRunner | undefined {
    return this.runners.get(jobId)
  }

  /** Every runner of this engine. */
  all(): JobRunner[] {
    return [...this.runners.values()]
  }

  /**
   * Runs the account's unfinished jobs in turn once this engine holds the account's lock (waiting
   * for it while another tab holds it). Does nothing when nothing is left to run.
   */
  schedule(network: NetworkId, account: string): void {
    const key = `${network}:${account}`
    const turn = this.turns.get(key)
    if (turn) {
      turn.again = true
      return
    }
    if (this.disposed) return
    const fresh: AccountTurn = { abort: new AbortController(), again: false }
    this.turns.set(key, fresh)
    const run = this.takeTurn(key, network, account, fresh).catch((e: unknown) => {
      log.error("jobs: running the account's jobs failed", e)
    })
    this.pending.add(run)
    void run.finally(() => this.pending.delete(run))
  }

  /** Stops waiting for the locks of these accounts (this engine cannot run their jobs any more). */
  stopWaiting(matches: (network: NetworkId, account: string) => boolean): void {
    for (const [key, turn] of this.turns) {
      const [network, account] = key.split(':') as [NetworkId, string]
      if (matches(network, account)) turn.abort.abort()
    }
  }

  /** Abandons every runner at once, writing nothing more, and waits until they have unwound. */
  async dispose(): Promise<void> {
    this.disposed = true
    for (const runner of this.runners.values()) runner.abandon()
    for (const turn of this.turns.values()) turn.abort.abort()
    await Promise.allSettled(this.pending)
  }

  private async takeTurn(
    key: string,
    network: NetworkId,
    account: string,
    turn: AccountTurn,
  ): Promise<void> {
    try {
      if (!(await this.nextJob(network, account))) return
      const name = accountLockName(network, account)
      const lock = await this.deps.locks.acquire(name, turn.abort.signal)
      this.deps.onTurn?.(network, account)
      try {
        for (;;) {
          turn.again = false
          const next = await this.nextJob(network, account)
          // Lost the job to another runner: the lock was taken from this engine; give it up.
          if (!next || (await this.runJob(next)) === 'lost') break
        }
      } finally {
        lock.release()
      }
    } catch (e) {
      if ((e as { name?: string }).name !== 'AbortError') throw e
    } finally {
      this.turns.delete(key)
    }
    if (turn.again) this.schedule(network, account)
  }

  /** The account's next job to run: one interrupted mid-run first (its attempts must be settled). */
  private async nextJob(network: NetworkId, account: string): Promise<JobRow | undefined> {
    if (this.disposed || !this.deps.mayRun(network, account)) return undefined
    const jobs = (await unfinishedJobs(this.deps.db)).filter(
      (j) => j.network === network && j.account === account,
    )
    return jobs.find((j) => j.status !== 'waiting') ?? jobs[0]
  }

  private async runJob(queued: JobRow): Promise<'done' | 'lost'> {
    const { db } = this.deps
    const job = await claimJob(db, queued.id, this.deps.runnerId)
    if (!job) return 'done'
    const items = await readItems(db, job.id)
    // Cancelled before anything was signed: nothing to settle, no ledger needed.
    if (job.status === 'cancelling' && items.every((i) => i.attempts.length === 0)) {
      const changed = items.filter((i) => !FINAL_ITEM.has(i.status))
      for (const item of changed) {
        item.status = 'skipped'
        item.message = this.deps.words.resultMessage('cancelled', item.intent.type)
      }
      await saveItems(db, job.id, items, changed, { status: 'cancelled', epoch: job.epoch })
      this.deps.onJobEnded?.(job)
      return 'done'
    }
    const runner = new JobRunner(this.deps.runnerDeps(job), job, items)
    if (job.status === 'cancelling') runner.cancel()
    // The engine went while the job was being taken: the runner must not outlive it.
    if (this.disposed) runner.abandon()
    this.runners.set(job.id, runner)
    this.deps.onRunners?.(this.runners.size)
    try {
      const outcome = await runner.run()
      if (outcome === 'running') return 'lost'
      if (!this.disposed) await this.end(job, outcome, runner.failure)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      if (!this.disposed) await this.end(job, 'failed', message)
    } finally {
      this.runners.delete(job.id)
      this.deps.onRunners?.(this.runners.size)
    }
    return 'done'
  }

  /**
   * Records a run's end, only over a status the run owns and while the job still has the run's
   * epoch; a final status is announced (a paused job has not ended).
   */
  private async end(job: JobRow, to: JobStatus, error?: string): Promise<void> {
    const epoch = job.epoch
    const switched = await switchJobStatus(this.deps.db, job.id, OWNED, to, { epoch, error })
    if (switched && to !== 'paused') this.deps.onJobEnded?.(job)
  }
}
