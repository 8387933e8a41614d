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

/**
 * How long before this page opened a job may have ended and its results card still show: a reload
 * during a job or just after it finds its result; a visit the next day is not greeted by it.
 */
export const RESULT_KEPT_MS = 15 * 60_000

/** When this page opened (the first screen loads this module). */
const PAGE_OPENED_AT = Date.now()

/**
 * Whether a final job's results card still shows by itself: it ended while this page was open, or
 * within {@link RESULT_KEPT_MS} before.
 */
export function resultStillShown(job: JobRow): boolean {
  return job.updatedAt >= PAGE_OPENED_AT - RESULT_KEPT_MS
}
