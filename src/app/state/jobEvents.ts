/**
 * One event for the end of a job of the account shown, so that what a job changed is read again by
 * whoever shows it (the offers, the footer's count, the NFT list, the bids) without the tab that saw
 * the job end calling into other tabs' state.
 */
import type { JobRow } from '../../db/types/jobs.ts'

/** What listeners learn of a job that ended. */
export type EndedJob = Pick<JobRow, 'id' | 'kind' | 'status' | 'counts'>

const listeners = new Set<(job: EndedJob) => void>()

/**
 * Calls `listener` each time a job of the account shown ends.
 *
 * @returns a function that removes the listener.
 */
export function onJobEnded(listener: (job: EndedJob) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * A job ended: called once per job, by the view that follows jobs of its kind (see `useJobEnd`).
 */
export function jobEnded(job: EndedJob): void {
  for (const listener of listeners) listener(job)
}
