/** Reading jobs in the UI (useLiveQuery); the worker writes them (src/db/jobs.ts). */
import type { LedgerDb } from '../schema.ts'
import type { JobItemRow, JobRow } from '../types.ts'
import type { NetworkId } from '../../shared/networks.ts'

/** An account's jobs on a network, newest first. */
export async function jobsOf(db: LedgerDb, network: NetworkId, account: string): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .sortBy('createdAt')
  return jobs.reverse()
}

/** A job's items in plan order (for the per-item report). */
export function jobItemsOf(db: LedgerDb, jobId: string): Promise<JobItemRow[]> {
  return db.jobItems.where('jobId').equals(jobId).sortBy('index')
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
