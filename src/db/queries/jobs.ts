/** Reading jobs in the UI (useLiveQuery); the worker writes them (src/db/jobs.ts). */
import { jobItemRange } from '../jobs.ts'
import { nftsOfStartedJobs } from '../jobNfts.ts'
import type { LedgerDb } from '../schema.ts'
import type { JobItemRow } from '../types/jobItems.ts'
import type { JobRow } from '../types/jobs.ts'
import type { NetworkId } from '../../shared/networks.ts'

/** An account's jobs on a network, newest first. */
export async function jobsOf(db: LedgerDb, network: NetworkId, account: string): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .sortBy('createdAt')
  return jobs.reverse()
}

/**
 * The first `count` items of a job in plan order, read by key range (item ids sort in plan order):
 * a view reads what it shows, never the whole job.
 */
export function jobItemsHead(db: LedgerDb, jobId: string, count: number): Promise<JobItemRow[]> {
  return jobItemRange(db, jobId).limit(Math.max(0, count)).toArray()
}

/** Some items of a job by id, in the order asked (missing ones left out). */
export async function jobItemsById(db: LedgerDb, ids: readonly string[]): Promise<JobItemRow[]> {
  const rows = await db.jobItems.bulkGet([...ids])
  return rows.filter((row): row is JobItemRow => row !== undefined)
}

/** An account's started jobs of one kind (not those only planned), newest first. */
export async function startedJobsOf(
  db: LedgerDb,
  network: NetworkId,
  account: string,
  kind: JobRow['kind'],
): Promise<JobRow[]> {
  const jobs = await jobsOf(db, network, account)
  return jobs.filter((job) => job.kind === kind && job.status !== 'planned')
}

/** The latest started 'Reclaim unaccepted' job of an airdrop (its `params.reclaimOf`), or undefined. */
export async function reclaimJobOf(
  db: LedgerDb,
  airdrop: Pick<JobRow, 'id' | 'network' | 'account'>,
): Promise<JobRow | undefined> {
  const jobs = await jobsOf(db, airdrop.network, airdrop.account)
  return jobs.find(
    (job) =>
      job.kind === 'cancel' && job.status !== 'planned' && job.params.reclaimOf === airdrop.id,
  )
}

/**
 * The jobs of a kind that created the given offers, by offer id (offers no such job created are
 * absent). Read through the items' offerId index: one lookup per offer, whatever the jobs' sizes.
 */
export async function jobsOfOffers(
  db: LedgerDb,
  offerIds: readonly string[],
  kind: JobRow['kind'],
): Promise<Map<string, string>> {
  const items = await db.jobItems
    .where('offerId')
    .anyOf([...offerIds])
    .toArray()
  const jobIds = [...new Set(items.map((item) => item.jobId))]
  const jobs = await db.jobs.bulkGet(jobIds)
  const ofKind = new Set(jobs.filter((job) => job?.kind === kind).map((job) => job!.id))
  const out = new Map<string, string>()
  for (const item of items)
    if (item.offerId && ofKind.has(item.jobId)) out.set(item.offerId, item.jobId)
  return out
}

/**
 * Up to `count` items of a job that ended in `status` (failed or skipped, for a results card), read
 * through the [jobId+status] index: a job of 10,000 items with 3 failures reads 3 rows.
 */
export function jobItemsWithStatus(
  db: LedgerDb,
  jobId: string,
  status: JobItemRow['status'],
  count: number,
): Promise<JobItemRow[]> {
  return db.jobItems
    .where('[jobId+status]')
    .equals([jobId, status])
    .limit(Math.max(0, count))
    .toArray()
}

/**
 * The NFTs the account's started jobs still offer or burn, with the job (the grid marks them before
 * they are picked: a new job would skip them).
 */
export function nftsInJobs(
  db: LedgerDb,
  network: NetworkId,
  account: string,
): Promise<Map<string, JobRow>> {
  return nftsOfStartedJobs(db, network, account)
}
