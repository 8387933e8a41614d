/**
 * A job's status: a runner taking the job, switches between statuses (compare-and-set, so that two
 * writers cannot undo each other), starting or changing a job no runner works on, and the jobs to
 * resume.
 */
import { takenMessage, takenNfts } from './jobNfts.ts'
import type { TakenNft } from './jobNfts.ts'
import { countItems, hasUnsettledAttempts, readItems } from './jobs.ts'
import type { LedgerDb } from './schema.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobRow, JobStatus, PauseReason } from './types/jobs.ts'

/** Statuses a runner takes a job in: it was running, waits its turn, or is being cancelled. */
export const RUNNABLE: readonly JobStatus[] = ['running', 'waiting', 'cancelling']

/**
 * A runner takes the job: its epoch is bumped (fencing out any earlier runner), its runner id
 * recorded, and `waiting` becomes `running`. A job that failed with attempts still in flight is taken
 * too, to settle them.
 *
 * @returns the job as taken (with its new epoch), or undefined when it is not runnable (any more).
 */
export async function claimJob(
  db: LedgerDb,
  jobId: string,
  runnerId: string,
): Promise<JobRow | undefined> {
  return await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !(RUNNABLE.includes(job.status) || hasUnsettledAttempts(job))) return undefined
    const patch = {
      epoch: (job.epoch ?? 0) + 1,
      runnerId,
      status: job.status === 'waiting' ? ('running' as const) : job.status,
      updatedAt: Date.now(),
    }
    await db.jobs.update(jobId, patch)
    return { ...job, ...patch }
  })
}

/** What changes an item when a job is started or cancelled without a runner (see updateIdleJob). */
type ItemChange = (item: JobItemRow) => Partial<JobItemRow> | undefined

/**
 * Changes a job that no runner works on, items and status in one transaction: a `planned` job, or
 * one paused or waiting with nothing in flight. The epoch is bumped, so a runner that was just ending
 * writes nothing after it.
 *
 * @param from - the statuses the job may have (checked with the counts inside the transaction).
 * @param change - the new fields of each item (undefined: unchanged).
 * @returns false, writing nothing, when the job is not idle in one of `from`.
 */
export async function updateIdleJob(
  db: LedgerDb,
  jobId: string,
  from: readonly JobStatus[],
  to: JobStatus,
  change: ItemChange,
): Promise<boolean> {
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !from.includes(job.status)) return false
    if (job.status !== 'planned' && job.counts.inFlight > 0) return false
    const items = await readItems(db, jobId)
    const changed: JobItemRow[] = []
    for (const item of items) {
      const fields = change(item)
      if (!fields) continue
      Object.assign(item, fields)
      changed.push(item)
    }
    if (changed.length) await db.jobItems.bulkPut(changed)
    await db.jobs.update(jobId, {
      status: to,
      counts: countItems(items),
      epoch: (job.epoch ?? 0) + 1,
      updatedAt: Date.now(),
      pausedBy: undefined,
    })
    return true
  })
}

/** Sets the job's status (and the error that stopped it), whatever it was. */
export async function setJobStatus(
  db: LedgerDb,
  jobId: string,
  status: JobStatus,
  error?: string,
): Promise<void> {
  await db.jobs.update(jobId, { status, updatedAt: Date.now(), ...(error ? { error } : {}) })
}

/**
 * Records the error that stops a running job (while its attempts in flight still settle), so the
 * user sees why at once; only while the job still has the writer's epoch.
 */
export async function noteJobError(
  db: LedgerDb,
  jobId: string,
  epoch: number | undefined,
  error: string,
): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (job && job.epoch === epoch) await db.jobs.update(jobId, { error, updatedAt: Date.now() })
  })
}

/** Besides the new status, what a status switch records (see switchJobStatus). */
export interface StatusSwitch {
  /** Why the job stopped (`failed`), or the error a running job met. */
  error?: string
  /** Switch only while the job still has this fencing epoch (a runner recording its end). */
  epoch?: number
  /** Why it is paused (to `paused`; cleared by any other status). */
  pausedBy?: PauseReason
}

/**
 * Sets the job's status only while it is one of `from` (compare-and-set in one transaction), so that
 * two writers (a runner that ends, the user who pauses, resumes or cancels, another tab) cannot undo
 * each other.
 *
 * @returns whether the status was switched.
 */
export async function switchJobStatus(
  db: LedgerDb,
  jobId: string,
  from: readonly JobStatus[],
  to: JobStatus,
  extra: StatusSwitch = {},
): Promise<boolean> {
  return await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !from.includes(job.status)) return false
    if (extra.epoch !== undefined && job.epoch !== extra.epoch) return false
    await db.jobs.update(jobId, {
      status: to,
      updatedAt: Date.now(),
      pausedBy: to === 'paused' ? (extra.pausedBy ?? job.pausedBy ?? 'user') : undefined,
      ...(extra.error ? { error: extra.error } : {}),
    })
    return true
  })
}

/**
 * Jobs that were running (or about to) when the app last stopped, oldest first: they resume by
 * themselves. Failed and paused jobs with attempts still in flight are among them, to be settled
 * (and nothing new signed).
 */
export async function unfinishedJobs(db: LedgerDb): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('status')
    .anyOf([...RUNNABLE, 'failed', 'paused'])
    .sortBy('createdAt')
  return jobs.filter((job) => RUNNABLE.includes(job.status) || hasUnsettledAttempts(job))
}

/** An account's paused jobs on a network that were paused for one of `reasons`, oldest first. */
export async function pausedJobsOf(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  reasons: readonly PauseReason[],
): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .sortBy('createdAt')
  return jobs.filter((j) => j.status === 'paused' && reasons.includes(j.pausedBy ?? 'user'))
}

/**
 * Starts a planned job (`planned` → `waiting`), unless one of its NFTs is taken by another started
 * job of the account (see takenNfts): checked in the same transaction that starts it, so two tabs
 * starting two jobs with the same NFT cannot both go. With `skipTaken` the taken items are skipped
 * (with why) and the job starts.
 *
 * @param change - the new fields of each item at the start (pre-flight's problems skipped).
 * @returns whether it started, and the taken items (skipped, or standing in the way).
 */
export async function startPlannedJob(
  db: LedgerDb,
  jobId: string,
  change: ItemChange,
  skipTaken: boolean,
): Promise<{ started: boolean; taken: TakenNft[] }> {
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || job.status !== 'planned') return { started: false, taken: [] }
    const items = await readItems(db, jobId)
    const changed = new Set<JobItemRow>()
    for (const item of items) {
      const fields = change(item)
      if (!fields) continue
      Object.assign(item, fields)
      changed.add(item)
    }
    const taken = await takenNfts(db, job, items)
    if (taken.length > 0 && !skipTaken) return { started: false, taken }
    for (const t of taken) {
      const item = items[t.itemIndex]!
      const message = takenMessage(t, 'was skipped')
      Object.assign(item, { status: 'skipped', result: 'TAKEN', message })
      changed.add(item)
    }
    if (changed.size) await db.jobItems.bulkPut([...changed])
    await db.jobs.update(jobId, {
      status: 'waiting',
      counts: countItems(items),
      epoch: (job.epoch ?? 0) + 1,
      updatedAt: Date.now(),
      pausedBy: undefined,
    })
    return { started: true, taken }
  })
}
