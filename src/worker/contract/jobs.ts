/**
 * Bulk jobs of every kind: planned (every intent stored, pre-flight run, nothing signed), started,
 * paused, cancelled, reported. Their progress is in IndexedDB, which the UI observes.
 */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobKind, JobPlanFigures, JobRow, PlanProblem } from '../../db/types/jobs.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { AirdropRequest } from './airdrop.ts'
import type { BurnEffects, BurnRequest } from './burn.ts'
import type { ListRequest } from './listing.ts'
import type { AuthorizeMinterRequest, MintRequest, ModifyRequest } from './mint.ts'
import type { AcceptRequest, CancelRequest } from './orders.ts'
import type { RemoveRegularKeyRequest } from './wallet.ts'

/** Planning, starting and steering jobs. */
export const jobsContract = {
  /**
   * Plans a bulk job for the connected wallet: records every intent in IndexedDB (nothing is signed)
   * and runs the pre-flight checks — ownership and transferability of each NFT, recipients that do
   * not exist or refuse incoming offers, the reserve the new offers lock against the spendable
   * balance, the fees. The UI shows the plan for confirmation; the job stays `planned` until started.
   *
   * @throws EngineError `VALIDATION` for a malformed request (with a message fit to show).
   */
  planJob: method<(request: JobRequest) => Promise<JobPlan>>(),

  /**
   * Starts (or resumes) a planned or paused job. Items with a pre-flight problem are skipped when
   * `skipProblems` is true; otherwise a job with problems does not start. Resolves once the job runs;
   * its progress is in IndexedDB (jobs, jobItems), which the UI observes.
   *
   * Starting a planned job checks, in the transaction that starts it, that no other started job of
   * the account offers or burns any of its NFTs: such items are skipped with `skipProblems` (result
   * `TAKEN`), otherwise the start is refused. The runner also reads the account's sell offers before
   * signing and skips an NFT that got one since the plan (one live offer per NFT).
   *
   * @throws EngineError `VALIDATION` when the job cannot start (problems, NFTs taken by another job,
   *   a reserve shortfall, a job of another account or network, a final job).
   */
  startJob: method<(jobId: string, options?: { skipProblems?: boolean }) => Promise<void>>(),

  /**
   * The items of a planned job whose NFTs another job, started since it was planned, offers or burns
   * (code `TAKEN`, not blocking: starting with `skipProblems` skips them). Empty for a job that is not
   * planned. For the confirmation to show before Start is pressed.
   */
  takenNfts: method<(jobId: string) => Promise<PlanProblem[]>>(),

  /**
   * Stops signing new transactions; those already submitted are still followed to their result. Works
   * from any tab: the request is stored on the job, and the runner (in whichever tab) takes it.
   */
  pauseJob: method<(jobId: string) => Promise<void>>(),

  /** Like pause, and the items not yet signed are skipped: the job ends once nothing is in flight. */
  cancelJob: method<(jobId: string) => Promise<void>>(),

  /**
   * This engine's id. One runner per account runs jobs, across tabs and windows (the one holding the
   * account's lock); a job it runs carries this id as `runnerId`. A running job with another id runs
   * in another tab: its progress still shows here, and this tab takes over if that one closes.
   */
  getRunnerId: method<() => Promise<string>>(),

  /**
   * Whether a runner of the account's jobs is alive in some tab or window (one holds the account's
   * lock). A job left `running` while none is belongs to a tab that was closed: it goes on once a
   * tab connects the account's wallet.
   */
  jobRunnerActive: method<(network: NetworkId, account: string) => Promise<boolean>>(),

  /** The per-item report of a job as CSV (status, transaction hash, result, message). */
  exportJobCsv: method<(jobId: string) => Promise<string>>(),

  /**
   * An account's jobs on a network, newest first: the connected wallet's on the network in use by
   * default. (The app observes IndexedDB instead; this is for scripts.)
   *
   * @throws EngineError `VALIDATION` without an account and without a connected wallet.
   */
  listJobs: method<(options?: { account?: string; network?: NetworkId }) => Promise<JobRow[]>>(),

  /** One job's row — status, counts, plan figures, params — or null for an unknown id. */
  getJob: method<(jobId: string) => Promise<JobRow | null>>(),

  /**
   * A page of a job's items in plan order: `offset` from 0, `limit` 100 by default and at most 1,000.
   *
   * @throws EngineError `VALIDATION` for an offset or limit that is not a whole number in range.
   */
  jobItems:
    method<(jobId: string, page?: { offset?: number; limit?: number }) => Promise<JobItemRow[]>>(),

  /**
   * Follows a job until it ends. `onChange` (a `Comlink.proxy` through the worker boundary) gets each
   * new row; the promise resolves with the final row (completed, cancelled or failed). A paused or
   * waiting job keeps it waiting.
   *
   * @throws EngineError `NOT_FOUND` for an unknown job.
   */
  watchJob: method<(jobId: string, onChange?: (job: JobRow) => void) => Promise<JobRow>>(),
}

/** {@link jobsContract} as the methods it declares. */
export interface JobsApi extends Api<typeof jobsContract> {}

/** What the user asks a job to do. Amounts are drops (strings); addresses are classic addresses. */
export type JobRequest =
  | AirdropRequest
  | ListRequest
  | BurnRequest
  | CancelRequest
  | AcceptRequest
  | RemoveRegularKeyRequest
  | MintRequest
  | ModifyRequest
  | AuthorizeMinterRequest

/** A planned job, as the confirmation screen shows it (its figures are kept on the job row). */
export interface JobPlan extends JobPlanFigures {
  jobId: string
  kind: JobKind
  items: number
  /** Randomized airdrops: the seed the shuffle used (see `AirdropRequest` `seed`), recorded on the job. */
  shuffleSeed?: string
  /** Burns: what they delete besides the NFTs (counted in `reserveChangeDrops` where it is the account's). */
  burn?: BurnEffects
  /**
   * Approvals the connected external wallet will be asked for (one per transaction, or one per
   * window of Crossmark's bulk signing); absent when the app holds the key (nothing to approve).
   */
  approvals?: number
}
