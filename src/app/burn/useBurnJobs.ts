import { useEffect } from 'react'

import type { JobRow } from '../../db/types.ts'
import { ACTIVE_STATUSES } from '../jobs/jobProgress.ts'
import { useStartedJobs } from '../jobs/useJobs.ts'
import { showStoredList } from '../state/collection.ts'

/** The wallet's latest burn, or null. */
export function useLatestBurn(): JobRow | null {
  const jobs = useStartedJobs('burn')
  return jobs.loading ? null : (jobs.value[0] ?? null)
}

/**
 * While the wallet's latest burn runs (in any tab of the app), burned NFTs leave the list and the
 * selection as each burn validates: the stored list, which the worker keeps, is read again.
 *
 * @returns whether a burn is running (the shell's loading flag).
 */
export function useBurnFollower(): boolean {
  const job = useLatestBurn()
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  const burned = job?.counts.succeeded ?? 0
  useEffect(() => {
    if (burned > 0) void showStoredList()
  }, [job?.id, burned, running])
  return running
}
