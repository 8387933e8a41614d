/**
 * The jobs engine's front: plans jobs (intents recorded, pre-flight run, nothing signed), starts,
 * pauses and cancels them, runs one job per account at a time (the others wait their turn), and
 * resumes unfinished jobs when the app reopens.
 */
import {
  createJob,
  itemId,
  readItems,
  readJob,
  saveItems,
  setJobStatus,
  switchJobStatus,
  unfinishedJobs,
} from '../../db/jobs.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { JobItemRow, JobRow, JobStatus } from '../../db/types.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { JobPlan, JobRequest } from '../api.ts'
import type { Keyring } from '../keys/keyring.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import { cushionedFeeDrops } from './plan/planFee.ts'
import { planIntents, validateJobRequest, withShuffleSeed } from './plan/planner.ts'
import { runPreflight } from './plan/preflight.ts'
import { skipProblemItems } from './plan/skipProblems.ts'
import { jobReportCsv } from './report/reportCsv.ts'
import { resultMessage } from './report/resultMessages.ts'
import { DEFAULT_LIMITS, JobRunner } from './run/runner.ts'
import type { RunnerLimits } from './run/runner.ts'

export interface JobServiceDeps {
  db: LedgerDb
  connection: Pick<ConnectionManager, 'requireClient'>
  keyring: Pick<Keyring, 'current' | 'signer'>
  network: () => NetworkId
  limits?: Partial<RunnerLimits>
  /** Told when a job reached a final status (airdrops start their acceptance tracking then). */
  onJobEnded?: (job: JobRow) => void
}

/** Statuses a job has while a runner may be working on it. */
const RUN_STATUSES: readonly JobStatus[] = ['running', 'waiting', 'cancelling']

export class JobService {
  private readonly runners = new Map<string, JobRunner>()
  /** `${network}:${account}` → the id of the job running for it. */
  private readonly active = new Map<string, string>()
  private disposed = false
  /** The runs under way, for dispose() to wait on. */
  private readonly runs = new Set<Promise<unknown>>()

  constructor(private readonly deps: JobServiceDeps) {}

  /**
   * Validates, records the intents and runs pre-flight; the job is `planned`. A randomized airdrop's
   * shuffle seed is recorded in `params.shuffleSeed` (and in `params.request.seed`).
   *
   * @param extraParams - recorded in the job's params besides the request (e.g. `reclaimOf`).
   */
  async plan(input: unknown, extraParams: Record<string, unknown> = {}): Promise<JobPlan> {
    const request: JobRequest = withShuffleSeed(validateJobRequest(input))
    const shuffleSeed = request.kind === 'airdrop' ? request.seed : undefined
    const { account, network } = this.wallet()
    const client = this.deps.connection.requireClient()
    const planned = planIntents(request)
    const feeDrops = await cushionedFeeDrops(client)
    const figures = await runPreflight(
      { client, account, network, feeDrops },
      request.kind,
      planned,
    )
    const id = crypto.randomUUID()
    const now = Date.now()
    const items: JobItemRow[] = planned.map((p, index) => ({
      id: itemId(id, index),
      jobId: id,
      index,
      intent: p.intent,
      status: 'pending',
      attempts: [],
      ...(p.recipient ? { recipient: p.recipient } : {}),
    }))
    const job: JobRow = {
      id,
      kind: request.kind,
      network,
      account,
      createdAt: now,
      updatedAt: now,
      status: 'planned',
      params: {
        ...extraParams,
        request,
        feeDrops: feeDrops.toString(),
        ...(shuffleSeed ? { shuffleSeed } : {}),
      },
      counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
      plan: figures,
    }
    await createJob(this.deps.db, job, items)
    return {
      jobId: id,
      kind: request.kind,
      items: items.length,
      ...figures,
      ...(shuffleSeed ? { shuffleSeed } : {}),
    }
  }

  /** Starts a planned or paused job (skipping problem items if asked), or queues it behind another. */
  async start(jobId: string, options: { skipProblems?: boolean } = {}): Promise<void> {
    const job = await this.readOwnJob(jobId)
    if (job.status !== 'planned' && job.status !== 'paused') {
      throw new EngineError('VALIDATION', `This job is ${job.status} and cannot be started`)
    }
    const problems = job.plan?.problems ?? []
    if (problems.some((p) => p.blocking)) {
      throw new EngineError('VALIDATION', problems.find((p) => p.blocking)!.message)
    }
    // Problems without an item (e.g. an offer that is already gone) are information only.
    if (job.status === 'planned' && problems.some((p) => p.itemIndex !== undefined)) {
      if (!options.skipProblems) {
        throw new EngineError(
          'VALIDATION',
          'Pre-flight found problems: skip those items or change the job',
        )
      }
      await skipProblemItems(this.deps.db, job)
    }
    // Paused while its last attempts were still settling: the same runner simply goes on.
    if (this.runners.get(jobId)?.unpause()) {
      await switchJobStatus(this.deps.db, jobId, ['paused'], 'running')
      return
    }
    await setJobStatus(this.deps.db, jobId, 'waiting')
    this.schedule(job.network, job.account)
  }

  pause(jobId: string): Promise<void> {
    return this.stop(jobId, 'pause')
  }

  cancel(jobId: string): Promise<void> {
    return this.stop(jobId, 'cancel')
  }

  async exportCsv(jobId: string): Promise<string> {
    const job = await readJob(this.deps.db, jobId)
    if (!job) throw new EngineError('NOT_FOUND', 'No such job')
    return jobReportCsv(job, await readItems(this.deps.db, jobId))
  }

  /**
   * Abandons every running job on the spot, writing nothing more (the engine is going away).
   *
   * @returns settles once every runner has unwound (a request it awaits ends with the connection).
   */
  async dispose(): Promise<void> {
    for (const runner of this.runners.values()) runner.abandon()
    this.runners.clear()
    this.disposed = true
    await Promise.allSettled(this.runs)
  }

  /** Resumes the connected wallet's unfinished jobs (after the app reopened or reconnected). */
  async resumeUnfinished(): Promise<void> {
    // Also called when the connection is back: runners waiting for it look again now.
    for (const runner of this.runners.values()) runner.wake()
    const wallet = this.deps.keyring.current()
    if (!wallet) return
    const jobs = await unfinishedJobs(this.deps.db)
    if (jobs.some((j) => j.network === wallet.network && j.account === wallet.address)) {
      this.schedule(wallet.network, wallet.address)
    }
  }

  private async stop(jobId: string, how: 'pause' | 'cancel'): Promise<void> {
    const job = await this.readOwnJob(jobId)
    const runner = this.runners.get(jobId)
    if (runner) {
      // The request is stored at once, so that a restart before the runner ends keeps it: a paused
      // job is not resumed by itself, a cancelling one goes on skipping. (Only the runner's end used
      // to record it, and a restart meanwhile resumed the job as if nothing had been asked.)
      if (how === 'pause') runner.pause()
      else runner.cancel()
      if (how === 'pause')
        await switchJobStatus(this.deps.db, jobId, ['running', 'waiting'], 'paused')
      else await switchJobStatus(this.deps.db, jobId, [...RUN_STATUSES, 'paused'], 'cancelling')
      return
    }
    if (!['planned', 'waiting', 'paused', 'running'].includes(job.status)) return
    if (how === 'pause') {
      await setJobStatus(this.deps.db, jobId, 'paused')
      return
    }
    const items = await readItems(this.deps.db, jobId)
    if (items.some((i) => i.status === 'inFlight')) {
      // Signed attempts must be followed to their end: a runner does that, skipping the rest.
      await setJobStatus(this.deps.db, jobId, 'cancelling')
      this.schedule(job.network, job.account)
      return
    }
    const changed = items.filter((i) => i.status === 'pending')
    for (const item of changed) {
      item.status = 'skipped'
      item.message = resultMessage('cancelled', item.intent.type)
    }
    await saveItems(this.deps.db, jobId, items, changed, 'cancelled')
    this.deps.onJobEnded?.(job)
  }

  /** Starts the oldest waiting (or interrupted) job of the account unless one already runs. */
  private schedule(network: NetworkId, account: string): void {
    const key = `${network}:${account}`
    if (this.active.has(key) || this.disposed) return
    void this.runNext(key, network, account).catch((e: unknown) => {
      console.error('jobs: scheduling failed', e)
    })
  }

  private async runNext(key: string, network: NetworkId, account: string): Promise<void> {
    const jobs = (await unfinishedJobs(this.deps.db)).filter(
      (j) => j.network === network && j.account === account,
    )
    // A job interrupted mid-run goes first: its signed attempts must be followed to their end.
    const next = jobs.find((j) => j.status !== 'waiting') ?? jobs[0]
    if (!next || this.active.has(key)) return
    this.active.set(key, next.id)
    try {
      await this.runJob(next)
    } finally {
      this.active.delete(key)
    }
    this.schedule(network, account)
  }

  private async runJob(queued: JobRow): Promise<void> {
    // Read again: it may have been paused or cancelled since it was picked.
    const job = await readJob(this.deps.db, queued.id)
    if (!job || !RUN_STATUSES.includes(job.status) || this.disposed) return
    const items = await readItems(this.deps.db, job.id)
    const runner = new JobRunner(this.runnerDeps(job), job, items)
    if (job.status === 'cancelling') runner.cancel()
    this.runners.set(job.id, runner)
    await switchJobStatus(this.deps.db, job.id, ['waiting'], 'running')
    // The end is recorded only over a status the run owns: a paused job resumed meanwhile stays
    // waiting (and runs again), and nothing is written once the engine is gone.
    const owned: JobStatus[] = ['running', 'cancelling', 'paused']
    const run = runner.run()
    this.runs.add(run)
    try {
      const outcome = await run
      if (!this.disposed) await this.end(job, owned, outcome)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      if (!this.disposed) await this.end(job, owned, 'failed', message)
    } finally {
      this.runs.delete(run)
      this.runners.delete(job.id)
    }
  }

  /** Records a run's end; a final status is announced (a paused job has not ended). */
  private async end(job: JobRow, from: JobStatus[], to: JobStatus, error?: string): Promise<void> {
    const switched = await switchJobStatus(this.deps.db, job.id, from, to, error)
    if (switched && to !== 'paused') this.deps.onJobEnded?.(job)
  }

  private runnerDeps(job?: JobRow) {
    const feeDrops =
      typeof job?.params.feeDrops === 'string' ? job.params.feeDrops : DEFAULT_LIMITS.feeDrops
    return {
      db: this.deps.db,
      client: () => this.deps.connection.requireClient(),
      signer: () => this.signerFor(job),
      limits: { ...DEFAULT_LIMITS, feeDrops, ...this.deps.limits },
    }
  }

  private signerFor(job: JobRow | undefined) {
    const wallet = this.deps.keyring.current()
    if (job && (wallet?.address !== job.account || wallet.network !== job.network)) {
      throw new EngineError(
        'NOT_CONNECTED',
        `Connect the wallet ${job.account} to go on with this job`,
      )
    }
    return this.deps.keyring.signer()
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

  private wallet(): { account: string; network: NetworkId } {
    const wallet = this.deps.keyring.current()
    if (!wallet || wallet.network !== this.deps.network()) {
      throw new EngineError('VALIDATION', 'Please connect your wallet first')
    }
    return { account: wallet.address, network: wallet.network }
  }
}
