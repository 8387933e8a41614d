/**
 * The jobs engine's front: plans jobs (intents recorded, pre-flight run, nothing signed), starts,
 * pauses and cancels them, and resumes unfinished jobs when the app reopens or the wallet and its
 * network are back. Running is AccountRuns' part: one runner per account, across tabs.
 */
import {
  pausedJobsOf,
  startPlannedJob,
  switchJobStatus,
  unfinishedJobs,
  updateIdleJob,
} from '../../db/jobStatus.ts'
import { readItems, readJob } from '../../db/jobs.ts'
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow, PauseReason, PlanProblem } from '../../db/types/jobs.ts'
import { approvalsFor } from '../../shared/wallets.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { JobPlan } from '../api.ts'
import { ProfileNudges } from '../profileNudges.ts'
import type { JobServiceDeps, JobWallet } from './jobDeps.ts'
import { recordPlan } from './plan/recordPlan.ts'
import { skipProblem } from './plan/skipProblems.ts'
import { takenError, takenItemProblems } from './plan/takenItems.ts'
import { jobReportCsv } from './report/reportCsv.ts'
import { accountLockName, defaultAccountLocks } from './run/accountLocks.ts'
import type { AccountLocks } from './run/accountLocks.ts'
import { AccountRuns } from './run/accountRuns.ts'
import { jobRunnerDeps } from './run/jobRunnerDeps.ts'

/** A job started here, or one that reached a final status (completed, cancelled, failed). */
export interface JobEvent {
  type: 'started' | 'ended'
  job: JobRow
}

/** The jobs of the connected wallet: planned, started, paused, resumed and cancelled here. */
export class JobService {
  private readonly runs: AccountRuns
  private readonly locks: AccountLocks
  private readonly signals: ProfileNudges
  private readonly listeners: ((event: JobEvent) => void)[] = []
  private runners = 0
  private plans = 0

  constructor(private readonly deps: JobServiceDeps) {
    this.locks = deps.locks ?? defaultAccountLocks(deps.db.name)
    this.runs = new AccountRuns({
      db: deps.db,
      locks: this.locks,
      runnerId: deps.runnerId ?? crypto.randomUUID(),
      words: deps.kinds.transactions,
      runnerDeps: (job) => jobRunnerDeps(deps, job),
      mayRun: (network, account) => this.mayRun(network, account),
      onJobEnded: (job) => this.tell({ type: 'ended', job }),
      // Other tabs with this wallet wait for the lock behind this one, to take over if it closes.
      onTurn: (network, account) => this.signals.post(`${network}:${account}`),
      onRunners: (count) => {
        this.runners = count
        this.tellBusy()
      },
    })
    // A pause, resume or cancel stored by another tab (a job id): its runner here reads the row at
    // once. Another tab runs an account's jobs (`network:account`), or a job without a runner here
    // changed: this engine waits for the account's lock too, to take over if that tab closes.
    this.signals = new ProfileNudges(`xrpl-nft-manager/jobs/${deps.db.name}`, (about) => {
      const runner = this.runs.runner(about)
      if (runner) runner.wake()
      // Another tab runs or changed a job: wait to take over — unless jobs run here only when asked.
      else if (deps.resumeByItself !== false) this.scheduleForWallet()
    })
  }

  /**
   * Validates, records the intents and runs pre-flight; the job is `planned`. A randomized airdrop's
   * shuffle seed is recorded in `params.shuffleSeed` (and in the stored request's `seed`).
   *
   * @param extraParams - recorded in the job's params besides the request (e.g. `reclaimOf`).
   */
  async planJob(input: unknown, extraParams: Record<string, unknown> = {}): Promise<JobPlan> {
    this.plans += 1
    this.tellBusy()
    try {
      return await this.planned(input, extraParams)
    } finally {
      this.plans -= 1
      this.tellBusy()
    }
  }

  private tellBusy(): void {
    this.deps.onBusy?.(this.runners > 0 || this.plans > 0)
  }

  private async planned(input: unknown, extraParams: Record<string, unknown>): Promise<JobPlan> {
    const checked = this.deps.kinds.validate(input)
    const wallet = this.wallet()
    const plan = await recordPlan(this.deps, checked, wallet, extraParams)
    // An external wallet asks the user for each transaction (or each window): the plan says how often.
    const { approver } = wallet.info
    return approver ? { ...plan, approvals: approvalsFor(approver, plan.transactions) } : plan
  }

  /**
   * Starts a planned job (skipping problem items if asked) or resumes a paused one; it runs once this
   * engine holds the account's lock, or in the tab that holds it.
   */
  async startJob(jobId: string, options: { skipProblems?: boolean } = {}): Promise<void> {
    const job = await this.readOwnJob(jobId)
    if (job.status !== 'planned' && job.status !== 'paused') {
      throw new EngineError('VALIDATION', `This job is ${job.status} and cannot be started`)
    }
    const problems = job.plan?.problems ?? []
    if (problems.some((p) => p.blocking)) {
      throw new EngineError('VALIDATION', problems.find((p) => p.blocking)!.message)
    }
    if (job.status === 'planned') {
      // Problems without an item (e.g. an offer that is already gone) are information only.
      if (problems.some((p) => p.itemIndex !== undefined) && !options.skipProblems) {
        throw new EngineError(
          'VALIDATION',
          'Pre-flight found problems: skip those items or change the job',
        )
      }
      // Problem items skipped and the job queued in one go (another tab may start it too), unless
      // another job started meanwhile offers or burns some of its NFTs (checked in that transaction).
      const skip = options.skipProblems === true
      const { started, taken } = await startPlannedJob(this.deps.db, jobId, skipProblem(job), skip)
      if (!started && taken.length > 0) throw takenError(taken)
    } else await this.resume(job)
    this.runs.schedule(job.network, job.account)
    this.tell({ type: 'started', job })
  }

  /**
   * The items of a planned job whose NFTs another job started since offers or burns: skipped if the
   * job is started with `skipProblems`, else the start is refused. For the confirmation to show.
   */
  async takenNfts(jobId: string): Promise<PlanProblem[]> {
    return await takenItemProblems(this.deps.db, await this.readOwnJob(jobId))
  }

  /** Whether a runner of this account's jobs is alive in some tab (it holds the account's lock). */
  jobRunnerActive(network: NetworkId, account: string): Promise<boolean> {
    return this.locks.held(accountLockName(network, account))
  }

  pauseJob(jobId: string): Promise<void> {
    return this.stop(jobId, 'pause')
  }

  cancelJob(jobId: string): Promise<void> {
    return this.stop(jobId, 'cancel')
  }

  async exportJobCsv(jobId: string): Promise<string> {
    const job = await readJob(this.deps.db, jobId)
    if (!job) throw new EngineError('NOT_FOUND', 'No such job')
    return jobReportCsv(job, await readItems(this.deps.db, jobId), this.deps.kinds.transactions)
  }

  /**
   * Abandons every running job on the spot, writing nothing more (the engine is going away); the
   * account locks are released, so another tab takes over.
   *
   * @returns settles once every runner has unwound (a request it awaits ends with the connection).
   */
  async dispose(): Promise<void> {
    await this.runs.dispose()
    this.signals.close()
  }

  /**
   * Resumes the connected wallet's unfinished jobs (after the app reopened or reconnected), and its
   * jobs paused by a disconnect or a network switch, now that the wallet and its network are back.
   */
  async resumeUnfinished(): Promise<void> {
    this.wakeRunners()
    const wallet = this.deps.keyring.current()
    if (!wallet || wallet.network !== this.deps.network()) return
    const { network, address } = wallet
    for (const job of await pausedJobsOf(this.deps.db, network, address, ['wallet', 'network']))
      await this.resume(job)
    const jobs = await unfinishedJobs(this.deps.db)
    if (jobs.some((j) => j.network === network && j.account === address)) {
      this.runs.schedule(network, address)
    }
  }

  /** The connection is back: runners waiting for it look again now. */
  wakeRunners(): void {
    for (const runner of this.runs.all()) runner.wake()
  }

  /** The wallet was disconnected: its jobs running here pause until it is connected again. */
  async walletGone(): Promise<void> {
    this.runs.stopWaiting(() => true)
    await Promise.all(this.runs.all().map((r) => this.pauseFor(r.job.id, 'wallet')))
  }

  /** The engine left a network: the jobs of that network running here pause until it is back. */
  async networkLeft(network: NetworkId): Promise<void> {
    this.runs.stopWaiting((n) => n === network)
    const left = this.runs.all().filter((r) => r.job.network === network)
    await Promise.all(left.map((r) => this.pauseFor(r.job.id, 'network')))
  }

  /**
   * Hears every job this engine starts (or resumes) and every job that reaches a final status: a
   * capability that follows its own kind's jobs (the airdrop's offers, a key removal) subscribes here.
   */
  hear(listener: (event: JobEvent) => void): void {
    this.listeners.push(listener)
  }

  private tell(event: JobEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  /** Pauses a job for a reason: the request is stored first, then told to its runner. */
  private async pauseFor(jobId: string, reason: PauseReason): Promise<void> {
    const db = this.deps.db
    await switchJobStatus(db, jobId, ['running', 'waiting'], 'paused', { pausedBy: reason })
    this.runs.runner(jobId)?.pause()
    this.signals.post(jobId)
  }

  /**
   * A paused job goes on: its runner here takes the pause back, or else a runner (here, or in the tab
   * that holds the account's lock) takes the job again.
   */
  private async resume(job: JobRow): Promise<void> {
    if (this.runs.runner(job.id)?.unpause()) {
      await switchJobStatus(this.deps.db, job.id, ['paused'], 'running')
      return
    }
    await switchJobStatus(this.deps.db, job.id, ['paused'], 'waiting')
    this.signals.post(job.id)
  }

  /**
   * The request is stored at once, so that a restart (or another tab) keeps it: a paused job is not
   * resumed by itself, a cancelling one goes on skipping. A job no runner works on is cancelled on the
   * spot; otherwise the runner (here or in the tab holding the lock) skips the rest and settles what
   * is in flight.
   */
  private async stop(jobId: string, how: 'pause' | 'cancel'): Promise<void> {
    const job = await this.readOwnJob(jobId)
    if (how === 'pause') {
      await this.pauseFor(jobId, 'user')
      return
    }
    const skip = (item: JobItemRow) =>
      item.status === 'pending'
        ? {
            status: 'skipped' as const,
            message: this.deps.kinds.transactions.resultMessage('cancelled', item.intent.type),
          }
        : undefined
    const db = this.deps.db
    if (await updateIdleJob(db, jobId, ['planned', 'waiting', 'paused'], 'cancelled', skip)) {
      this.tell({ type: 'ended', job })
      return
    }
    await switchJobStatus(db, jobId, ['planned', 'running', 'waiting', 'paused'], 'cancelling')
    this.runs.runner(jobId)?.cancel()
    this.signals.post(jobId)
    this.runs.schedule(job.network, job.account)
  }

  /** Runs (or waits to run) the connected wallet's unfinished jobs, if any. */
  private scheduleForWallet(): void {
    const wallet = this.deps.keyring.current()
    if (wallet && wallet.network === this.deps.network())
      this.runs.schedule(wallet.network, wallet.address)
  }

  private mayRun(network: NetworkId, account: string): boolean {
    const wallet = this.deps.keyring.current()
    return wallet?.address === account && wallet.network === network
  }

  private async readOwnJob(jobId: string): Promise<JobRow> {
    const job = await readJob(this.deps.db, jobId)
    if (!job) throw new EngineError('NOT_FOUND', 'No such job')
    const { account, network } = this.wallet()
    if (job.account !== account || job.network !== network) {
      throw new EngineError('VALIDATION', `This job belongs to ${job.account} on ${job.network}`)
    }
    return job
  }

  private wallet(): JobWallet {
    const wallet = this.deps.keyring.current()
    if (!wallet || wallet.network !== this.deps.network()) {
      throw new EngineError('VALIDATION', 'Please connect your wallet first')
    }
    return { account: wallet.address, network: wallet.network, info: wallet }
  }
}
