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
