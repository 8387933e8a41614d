/**
 * Jobs and their items (worker side; the UI reads through queries/jobs.ts). Every state change of a
 * job's items and its counts is written in one transaction, so a crash never leaves them disagreeing.
 */
import type { ItemStatus, JobCounts, JobItemRow, JobRow, JobStatus } from './types.ts'
import type { LedgerDb } from './schema.ts'

/** A job's item id: the index zero-padded so ids sort in plan order. */
export function itemId(jobId: string, index: number): string {
  return `${jobId}:${String(index).padStart(6, '0')}`
}

/** Counts of items by status, as JobRow.counts keeps them. */
export function countItems(items: readonly Pick<JobItemRow, 'status'>[]): JobCounts {
  const counts: JobCounts = {
    total: items.length,
    pending: 0,
    inFlight: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
  }
  for (const item of items) counts[item.status] += 1
  return counts
}

/** Records a planned job and all its intents at once: nothing is signed before this commits. */
export async function createJob(db: LedgerDb, job: JobRow, items: JobItemRow[]): Promise<void> {
  await db.transaction('rw', db.jobs, db.jobItems, async () => {
    await db.jobs.add({ ...job, counts: countItems(items) })
    await db.jobItems.bulkAdd(items)
  })
}

export function readJob(db: LedgerDb, jobId: string): Promise<JobRow | undefined> {
  return db.jobs.get(jobId)
}

/** A job's items in plan order. */
export function readItems(db: LedgerDb, jobId: string): Promise<JobItemRow[]> {
  return db.jobItems.where('jobId').equals(jobId).sortBy('index')
}

/**
 * Copies of the items to write, each with the acceptance stored for it: the acceptance tracker writes
 * that field while a runner may hold an older copy of the row, and the runner never sets it.
 */
async function keepAcceptance(db: LedgerDb, items: readonly JobItemRow[]): Promise<JobItemRow[]> {
  const stored = await db.jobItems.bulkGet(items.map((i) => i.id))
  return items.map((item, k) => {
    const copy = structuredClone(item)
    const acceptance = stored[k]?.acceptance
    if (acceptance) copy.acceptance = acceptance
    return copy
  })
}

/**
 * Writes changed items and the job's new counts (and status) in one transaction. An item's
 * `acceptance` as stored is kept (see keepAcceptance).
 *
 * @param all - every item of the job as the caller now holds them (for the counts).
 * @param changed - the items to write.
 * @param guard - called last inside the transaction; if it throws, nothing is written (a runner that
 *   was abandoned meanwhile must not overwrite what its successor writes).
 */
export async function saveItems(
  db: LedgerDb,
  jobId: string,
  all: readonly JobItemRow[],
  changed: readonly JobItemRow[],
  status?: JobStatus,
  guard?: () => void,
): Promise<void> {
  if (changed.length === 0 && !status) return
  await db.transaction('rw', db.jobs, db.jobItems, async () => {
    if (changed.length) await db.jobItems.bulkPut(await keepAcceptance(db, changed))
    await db.jobs.update(jobId, {
      counts: countItems(all),
      updatedAt: Date.now(),
      ...(status ? { status } : {}),
    })
    guard?.()
  })
}

export async function setJobStatus(
  db: LedgerDb,
  jobId: string,
  status: JobStatus,
  error?: string,
): Promise<void> {
  await db.jobs.update(jobId, { status, updatedAt: Date.now(), ...(error ? { error } : {}) })
}

/**
 * Sets the job's status only while it is one of `from` (compare-and-set in one transaction), so that
 * two writers (a runner that ends, the user who pauses, resumes or cancels) cannot undo each other.
 *
 * @returns whether the status was switched.
 */
export async function switchJobStatus(
  db: LedgerDb,
  jobId: string,
  from: readonly JobStatus[],
  to: JobStatus,
  error?: string,
): Promise<boolean> {
  return await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !from.includes(job.status)) return false
    await db.jobs.update(jobId, { status: to, updatedAt: Date.now(), ...(error ? { error } : {}) })
    return true
  })
}

/** Jobs that were running (or about to) when the app last stopped: they resume by themselves. */
export function unfinishedJobs(db: LedgerDb): Promise<JobRow[]> {
  return db.jobs.where('status').anyOf(['running', 'waiting', 'cancelling']).sortBy('createdAt')
}

/** Item statuses that are final. */
export const FINAL_ITEM: ReadonlySet<ItemStatus> = new Set(['succeeded', 'failed', 'skipped'])
