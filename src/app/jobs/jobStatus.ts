import type { JobRow } from '../../db/types.ts'

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
