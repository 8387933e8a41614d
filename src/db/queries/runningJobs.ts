/** Whether a bulk job is under way on this device (for the update prompt; the worker writes jobs). */
import type { LedgerDb } from '../schema.ts'

/** How many jobs are running, waiting their turn or cancelling, on any account and network. */
export function runningJobCount(db: LedgerDb): Promise<number> {
  return db.jobs.where('status').anyOf(['running', 'waiting', 'cancelling']).count()
}
