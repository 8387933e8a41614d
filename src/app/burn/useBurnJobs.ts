import { useEffect } from 'react'

import type { JobRow } from '../../db/types.ts'
import { ACTIVE_STATUSES } from '../jobs/jobProgress.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useStartedJobs } from '../jobs/useJobs.ts'
import { refreshOfferCount, showStoredList } from '../state/collection.ts'
import { loadOffers, ordersState } from '../state/orders.ts'

function burnEnded(): void {
  void refreshOfferCount()
  if (ordersState.report) void loadOffers()
}

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
  // Once a burn seen running ends, the offers it deleted leave the footer's count and the Orders
  // tab's list.
  useJobEnd(job, true, null, burnEnded)
  return running
}
