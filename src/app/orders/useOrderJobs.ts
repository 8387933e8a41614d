/** The Orders tab's jobs (cancellations, sales) in IndexedDB, written by the worker, observed live. */
import { useCallback } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { ACTIVE_STATUSES } from '../jobs/jobStatus.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useJobItemsHead, useStartedJobs } from '../jobs/useJobs.ts'
import { cancellationEnded } from './ordersState.ts'
import { cancelledOffers } from './cancelledOffers.ts'
import type { CancelledOffers } from './cancelledOffers.ts'

/**
 * The wallet's latest cancellation of the Orders tab, or null. An airdrop's 'Reclaim unaccepted' is a
 * cancel job too; the Airdrop tab shows those.
 */
export function useLatestCancellation(): JobRow | null {
  const jobs = useStartedJobs('cancel')
  if (jobs.loading) return null
  return jobs.value.find((job) => job.params.reclaimOf === undefined) ?? null
}

/** The wallet's latest sale of an NFT to a bid (job kind accept), or null. */
export function useLatestSale(): JobRow | null {
  const jobs = useStartedJobs('accept')
  return jobs.loading ? null : (jobs.value[0] ?? null)
}

/**
 * The offers of a cancellation, from its items: a few (500 offers each), read as one page. Null
 * while the items load.
 */
export function useCancelledOffers(job: JobRow | null): CancelledOffers | null {
  const total = job?.counts.total ?? 0
  const items = useJobItemsHead(job?.id ?? '', total)
  if (!job || items.length !== total || items.some((i) => i.jobId !== job.id)) return null
  // The row and the items are two live reads: a final job is counted once its items say so too
  // (a failed job's unsent items stay pending for good).
  const settled = items.every((i) => i.status !== 'pending' && i.status !== 'inFlight')
  if (!ACTIVE_STATUSES.has(job.status) && !settled && job.status !== 'failed') return null
  return cancelledOffers(items)
}

/** The banner and a new reading of the offers when a cancellation ends (see {@link useJobEnd}). */
export function useCancellationEnd(
  job: JobRow | null,
  offers: CancelledOffers | null,
  readAt: number | null,
): void {
  const onEnd = useCallback(
    (ended: JobRow) => {
      if (offers) cancellationEnded(ended, offers)
    },
    [offers],
  )
  useJobEnd(job, offers !== null, readAt, onEnd)
}
