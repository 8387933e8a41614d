/**
 * The jobs engine's front: plans jobs (intents recorded, pre-flight run, nothing signed), starts,
 * pauses and cancels them, and resumes unfinished jobs when the app reopens or the wallet and its
 * network are back. Running is AccountRuns' part: one runner per account, across tabs.
 */
import type { Wallet } from 'xrpl'

import {
  nftsBeingOffered,
  startPlannedJob,
  takenMessage,
  takenNfts,
  pausedJobsOf,
  createJob,
  itemId,
  readItems,
  readJob,
  switchJobStatus,
  unfinishedJobs,
  updateIdleJob,
} from '../../db/jobs.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { TakenNft } from '../../db/jobs.ts'
import type { JobItemRow, JobRow, PauseReason, PlanProblem } from '../../db/types.ts'
import { EngineError } from '../../shared/errors.ts'
import { buildNetworks } from '../../shared/networks.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { JobPlan, JobRequest, WalletInfo } from '../api.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import type { SecondOpinion } from '../network/secondOpinion.ts'
import { lookupTx } from '../ledger/txLookup.ts'
import { cushionedFeeDrops } from './plan/planFee.ts'
import type { JobKinds } from './jobKind.ts'
import { runPreflight } from './plan/preflight.ts'
import { skipProblem } from './plan/skipProblems.ts'
import { jobReportCsv } from './report/reportCsv.ts'
import { resultMessage } from './report/resultMessages.ts'
import { accountLockName, defaultAccountLocks } from './run/accountLocks.ts'
import type { AccountLocks } from './run/accountLocks.ts'
import { AccountRuns } from './run/accountRuns.ts'
import { ProfileNudges } from '../profileNudges.ts'
import { DEFAULT_LIMITS } from './run/runner.ts'
import type { RunnerDeps, RunnerLimits } from './run/runner.ts'
import type { SecondLookup } from './run/settle.ts'
import type { ServerPace } from '../ledger/requestScheduler.ts'

/** What jobs need of the wallet: who is connected, and the xrpl.js Wallet that signs for it. */
export interface JobSigner {
  current(): WalletInfo | null
  /** @throws EngineError `VALIDATION` without a connected wallet. */
  signer(): Wallet
}

export interface JobServiceDeps {
  db: LedgerDb
  /** The job kinds it plans and runs (src/worker/jobKinds.ts). */
  kinds: JobKinds
  connection: Pick<ConnectionManager, 'requireClient'>
  /** The connected wallet and what signs for it (the keyring). */
  keyring: JobSigner
  network: () => NetworkId
  limits?: Partial<RunnerLimits>
  /** Told when a job reached a final status (airdrops start their acceptance tracking then). */
  onJobEnded?: (job: JobRow) => void
  /** The account locks (Web Locks in a browser; tests share in-process ones between engines). */
  locks?: AccountLocks
  /** This engine's id, recorded on the jobs its runners take. */
  runnerId?: string
  /** The networks' other endpoints, for proofs one server must not give alone. */
  secondOpinion?: SecondOpinion
  /**
   * Told whether this engine is busy with a job now: one runs, or one is being planned (a 100,000-item
   * pre-flight reads as many accounts). Metadata fetching yields meanwhile.
   */
  onBusy?: (busy: boolean) => void
  /** Whether the connected endpoint's budget for us sets the pace now. */
  serverPace?: () => ServerPace | null
  /** Told when the connected server's validated ledger lags its open ledger (a job's reads show it). */
  serverLags?: (ledgers: number) => void
}

export class JobService {
  private readonly runs: AccountRuns
  private readonly locks: AccountLocks
  private readonly signals: ProfileNudges
  private runners = 0
  private plans = 0

  constructor(private readonly deps: JobServiceDeps) {
    this.locks = deps.locks ?? defaultAccountLocks(deps.db.name)
    this.runs = new AccountRuns({
      db: deps.db,
      locks: this.locks,
      runnerId: deps.runnerId ?? crypto.randomUUID(),
      runnerDeps: (job) => this.runnerDeps(job),
      mayRun: (network, account) => this.mayRun(network, account),
      onJobEnded: deps.onJobEnded,
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
      else this.scheduleForWallet()
    })
  }

  /**
   * Validates, records the intents and runs pre-flight; the job is `planned`. A randomized airdrop's
   * shuffle seed is recorded in `params.shuffleSeed` (and in the stored request's `seed`).
   *
   * @param extraParams - recorded in the job's params besides the request (e.g. `reclaimOf`).
   */
  async plan(input: unknown, extraParams: Record<string, unknown> = {}): Promise<JobPlan> {
    this.plans += 1
    this.tellBusy()
    try {
      return await this.planJob(input, extraParams)
    } finally {
      this.plans -= 1
      this.tellBusy()
    }
  }

  private tellBusy(): void {
    this.deps.onBusy?.(this.runners > 0 || this.plans > 0)
  }

  private async planJob(input: unknown, extraParams: Record<string, unknown>): Promise<JobPlan> {
    const checked = this.deps.kinds.validate(input)
    const { account, network, info } = this.wallet()
    const spec = this.deps.kinds.spec(checked.kind)
    const request: JobRequest = spec.prepare ? spec.prepare(checked, { wallet: info }) : checked
    const client = this.deps.connection.requireClient()
    const planned = spec.intents(request)
    const feeDrops = await cushionedFeeDrops(client)
    // NFTs the wallet's other unfinished airdrops and listings will still offer: not offered twice,
    // and not burned from under them.
    const offeredByJobs = spec.touchesNfts
      ? await nftsBeingOffered(this.deps.db, network, account)
      : undefined
    const second = this.deps.secondOpinion?.readFor(network)
    const figures = await runPreflight(
      {
        client,
        account,
        network,
        feeDrops,
        ...(offeredByJobs ? { offeredByJobs } : {}),
        ...(second ? { second } : {}),
      },
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
        feeDrops: feeDrops.toString(),
        ...spec.params?.(request, planned),
      },
      counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
      plan: figures,
    }
    await createJob(this.deps.db, job, items, { ...request })
    return {
      jobId: id,
      kind: request.kind,
      items: items.length,
      ...figures,
      ...(request.kind === 'airdrop' && request.seed ? { shuffleSeed: request.seed } : {}),
    }
  }

  /**
   * Starts a planned job (skipping problem items if asked) or resumes a paused one; it runs once this
   * engine holds the account's lock, or in the tab that holds it.
   */
  async start(jobId: string, options: { skipProblems?: boolean } = {}): Promise<void> {
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
  }

  /**
   * The items of a planned job whose NFTs another job started since offers or burns: skipped if the
   * job is started with `skipProblems`, else the start is refused. For the confirmation to show.
   */
  async takenProblems(jobId: string): Promise<PlanProblem[]> {
    const job = await this.readOwnJob(jobId)
    if (job.status !== 'planned') return []
    const taken = await this.deps.db.transaction(
      'r',
      this.deps.db.jobs,
      this.deps.db.jobItems,
      async () => takenNfts(this.deps.db, job, await readItems(this.deps.db, jobId)),
    )
    // Items pre-flight already leaves out are skipped anyway.
    const problems = new Set(job.plan?.problems.map((p) => p.itemIndex))
    return taken
      .filter((t) => !problems.has(t.itemIndex))
      .map((t) => ({
        code: 'TAKEN',
        message: takenMessage(t, 'will be skipped'),
        itemIndex: t.itemIndex,
        blocking: false,
      }))
  }

  /** Whether a runner of this account's jobs is alive in some tab (it holds the account's lock). */
  runnerActive(network: NetworkId, account: string): Promise<boolean> {
    return this.locks.held(accountLockName(network, account))
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
        ? { status: 'skipped' as const, message: resultMessage('cancelled', item.intent.type) }
        : undefined
    const db = this.deps.db
    if (await updateIdleJob(db, jobId, ['planned', 'waiting', 'paused'], 'cancelled', skip)) {
      this.deps.onJobEnded?.(job)
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

  /**
   * A runner is bound to its job's network: while the engine is on another one, its client and signer
   * read as not connected (the job waits; nothing of the other network can settle or sign it).
   */
  private runnerDeps(job: JobRow): RunnerDeps {
    // The fee the user confirmed is the most a transaction of the job pays.
    const maxFeeDrops =
      typeof job.params.feeDrops === 'string' ? job.params.feeDrops : DEFAULT_LIMITS.maxFeeDrops
    return {
      transactions: this.deps.kinds.transactions,
      db: this.deps.db,
      client: () => {
        if (this.deps.network() !== job.network) {
          throw new EngineError('NOT_CONNECTED', `Not connected to ${job.network}`)
        }
        return this.deps.connection.requireClient()
      },
      signer: () => this.signerFor(job),
      limits: { ...DEFAULT_LIMITS, maxFeeDrops, ...this.deps.limits },
      secondLookup: this.secondLookup(job.network),
      networkName: buildNetworks({})[job.network].name,
      ...(this.deps.serverPace ? { serverPace: this.deps.serverPace } : {}),
      ...(this.deps.serverLags ? { serverLags: this.deps.serverLags } : {}),
      ...(this.deps.secondOpinion
        ? { secondRead: this.deps.secondOpinion.readFor(job.network) }
        : {}),
    }
  }

  private secondLookup(network: NetworkId): SecondLookup | undefined {
    const opinion = this.deps.secondOpinion
    if (!opinion) return undefined
    return {
      available: () => opinion.has(network),
      lookup: (hash, min, max) =>
        opinion.ask(network, (client) => lookupTx(client, hash, min, max)),
    }
  }

  private signerFor(job: JobRow) {
    const wallet = this.deps.keyring.current()
    if (wallet?.address !== job.account || wallet.network !== job.network) {
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

  private wallet(): { account: string; network: NetworkId; info: WalletInfo } {
    const wallet = this.deps.keyring.current()
    if (!wallet || wallet.network !== this.deps.network()) {
      throw new EngineError('VALIDATION', 'Please connect your wallet first')
    }
    return { account: wallet.address, network: wallet.network, info: wallet }
  }
}

/** A start refused because NFTs of the job are taken by another started job (see takenNfts). */
function takenError(taken: readonly TakenNft[]): EngineError {
  const first = taken[0]!
  const more = taken.length > 1 ? ` (and ${taken.length - 1} more NFTs)` : ''
  return new EngineError(
    'VALIDATION',
    `${takenMessage(first)}${more}. Skip those items or plan again`,
  )
}
