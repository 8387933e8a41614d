import type { JobRow } from '../../db/types/jobs.ts'
import { latestOrAwaited } from '../jobs/jobStatus.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useStartedJobs } from '../jobs/useJobs.ts'
import { jobEnded } from '../state/jobEvents.ts'

/**
 * The wallet's latest started job of `kind` (a mint, a modify), or null (also while the one this tab
 * just started is not read yet). Its end is announced once, so the collection, the offers and the
 * footer read again what it changed.
 *
 * @param justStarted - the job this tab started last (see latestOrAwaited).
 */
export function useLatestJob(kind: 'mint' | 'modify', justStarted: string | null): JobRow | null {
  const jobs = useStartedJobs(kind)
  const job = jobs.loading ? null : latestOrAwaited(jobs.value, justStarted)
  useJobEnd(job, true, null, jobEnded)
  return job
}
