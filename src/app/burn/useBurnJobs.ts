import { useEffect } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { ACTIVE_STATUSES, latestOrAwaited } from '../jobs/jobStatus.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useStartedJobs } from '../jobs/useJobs.ts'
import { showStoredListSoon } from '../collection/collectionState.ts'
import { jobEnded } from '../state/jobEvents.ts'

/**
 * The wallet's latest burn, or null (also while the one this tab just started is not read yet).
 *
 * @param justStarted - the burn this tab started last (see latestOrAwaited).
 */
export function useLatestBurn(justStarted: string | null = null): JobRow | null {
  const jobs = useStartedJobs('burn')
  return jobs.loading ? null : latestOrAwaited(jobs.value, justStarted)
}

/**
 * While the wallet's latest burn runs (in any tab of the app), burned NFTs leave the list and the
 * selection as each burn validates: the stored list, which the worker keeps, is read again.
 *
 * @returns whether a burn is under way, not paused (the shell's loading flag).
 */
export function useBurnFollower(): boolean {
  const job = useLatestBurn()
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  const burned = job?.counts.succeeded ?? 0
  // Paused is not burning: the shell's flag is for a burn under way.
  const burning = job?.status === 'running' || job?.status === 'waiting'
  useEffect(() => {
    if (burned > 0) showStoredListSoon()
  }, [job?.id, burned, running])
  // Once a burn seen running ends, the offers it deleted leave the footer's count and the offers
  // read (whoever shows them hears of the end).
  useJobEnd(job, true, null, jobEnded)
  return burning
}
