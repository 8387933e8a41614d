import type { JobRow } from '../../db/types/jobs.ts'

/**
 * Statuses during which the progress card shows (the results card shows for the final ones). A
 * module of its own: the shell needs it on the first screen, the progress texts can wait.
 */
export const ACTIVE_STATUSES: ReadonlySet<JobRow['status']> = new Set([
  'waiting',
  'running',
  'paused',
  'cancelling',
])

/**
 * The job a tab's card shows: the latest started one (newest first in `jobs`), or none while the job
 * this tab just started is not among them yet — meanwhile the one before it would pass for its
 * result.
 *
 * @param justStarted - the job the tab started last; null when it started none.
 */
export function latestOrAwaited(
  jobs: readonly JobRow[],
  justStarted: string | null,
): JobRow | null {
  if (justStarted !== null && !jobs.some((job) => job.id === justStarted)) return null
  return jobs[0] ?? null
}
