/**
 * Jobs and their items (worker side; the UI reads through queries/jobs.ts): recording a planned job
 * and reading jobs back. Every state change of a job's items and its counts is written in one
 * transaction, so a crash never leaves them disagreeing: item writes are in jobItemWrites.ts, status
 * changes in jobStatus.ts, what a job's NFTs mean to the account's other jobs in jobNfts.ts.
 */
import type { LedgerDb } from './schema.ts'
import type { ItemStatus, JobItemRow } from './types/jobItems.ts'
import type { JobCounts, JobRow } from './types/jobs.ts'

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

/**
 * Records a planned job, all its intents and the request it came from at once: nothing is signed
 * before this commits.
 */
export async function createJob(
  db: LedgerDb,
  job: JobRow,
  items: JobItemRow[],
  request: Record<string, unknown>,
): Promise<void> {
  await db.transaction('rw', db.jobs, db.jobItems, db.jobRequests, async () => {
    await db.jobs.add({ ...job, counts: countItems(items) })
    await db.jobItems.bulkAdd(items)
    await db.jobRequests.add({ jobId: job.id, request })
  })
}

/** The request a job was planned from, as the user made it. */
export async function readJobRequest(
  db: LedgerDb,
  jobId: string,
): Promise<Record<string, unknown> | undefined> {
  return (await db.jobRequests.get(jobId))?.request
}

/** A job as stored; undefined when there is none (any more). */
export function readJob(db: LedgerDb, jobId: string): Promise<JobRow | undefined> {
  return db.jobs.get(jobId)
}

/**
 * A job's items as a key range, in plan order: item ids are `${jobId}:${index padded}`, and ';' is the
 * character after ':', so the range holds the job's items and no other job's.
 */
export function jobItemRange(db: LedgerDb, jobId: string) {
  return db.jobItems.where('id').between(`${jobId}:`, `${jobId};`)
}

/** A job's items in plan order. */
export function readItems(db: LedgerDb, jobId: string): Promise<JobItemRow[]> {
  return jobItemRange(db, jobId).toArray()
}

/** Item statuses that are final. */
export const FINAL_ITEM: ReadonlySet<ItemStatus> = new Set(['succeeded', 'failed', 'skipped'])

/**
 * A failed or paused job whose attempts are still in flight (its runner stopped before they settled:
 * a tab closed, a process ended): a runner settles them, and signs nothing new. Until then another
 * job's last look could not see them, and must not run first.
 */
export function hasUnsettledAttempts(job: JobRow): boolean {
  return (job.status === 'failed' || job.status === 'paused') && job.counts.inFlight > 0
}
