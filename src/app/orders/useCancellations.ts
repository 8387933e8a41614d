/** The Orders tab's view of its cancellation jobs in IndexedDB (written by the worker), observed live. */
import { useEffect, useRef } from 'react'

import type { JobItemRow, JobRow } from '../../db/types.ts'
import { ACTIVE_STATUSES } from '../jobs/jobProgress.ts'
import { useJobItemsHead, useStartedJobs } from '../jobs/useJobs.ts'
import { cancellationEnded } from '../state/orders.ts'

/**
 * The wallet's latest cancellation of the Orders tab, or null. An airdrop's 'Reclaim unaccepted' is a
 * cancel job too; the Airdrop tab shows those.
 */
export function useLatestCancellation(): JobRow | null {
  const jobs = useStartedJobs('cancel')
  if (jobs.loading) return null
  return jobs.value.find((job) => job.params.reclaimOf === undefined) ?? null
}

/** Offers a cancellation cancelled, could not cancel, and in all (its items carry up to 500 each). */
export interface CancelledOffers {
  succeeded: number
  failed: number
  total: number
}

/** Counts offers, not transactions: a cancel item carries up to 500 offer ids. */
export function cancelledOffers(items: readonly JobItemRow[]): CancelledOffers {
  const counts = { succeeded: 0, failed: 0, total: 0 }
  for (const item of items) {
    const offers = item.intent.type === 'cancel' ? item.intent.offerIds.length : 0
    counts.total += offers
    if (item.status === 'succeeded') counts.succeeded += offers
    if (item.status === 'failed' || item.status === 'skipped') counts.failed += offers
  }
  return counts
}

/**
 * The offers of a cancellation, from its items: a few (500 offers each), read as one page. Null
 * while the items load.
 */
export function useCancelledOffers(job: JobRow | null): CancelledOffers | null {
  const total = job?.counts.total ?? 0
  const items = useJobItemsHead(job?.id ?? '', total)
  return job && items.length === total && items.every((i) => i.jobId === job.id)
    ? cancelledOffers(items)
    : null
}

/**
 * Tells the tab when a cancellation ends, once: the banner says how it went and the offers are read
 * again. A cancellation counts when the tab saw it running, or when it ended after the offers on
 * screen were read (it ran in another tab, or across a reload).
 *
 * @param readAt - Unix ms of the offers on screen; null while none are.
 */
export function useCancellationEnd(
  job: JobRow | null,
  offers: CancelledOffers | null,
  readAt: number | null,
): void {
  const seenActive = useRef(new Set<string>())
  const reported = useRef(new Set<string>())
  useEffect(() => {
    if (!job) return
    if (ACTIVE_STATUSES.has(job.status)) {
      seenActive.current.add(job.id)
      return
    }
    if (!offers || reported.current.has(job.id)) return
    const endedSinceRead = readAt !== null && job.updatedAt > readAt
    if (!seenActive.current.has(job.id) && !endedSinceRead) return
    reported.current.add(job.id)
    cancellationEnded(offers.succeeded, offers.failed)
  }, [job, offers, readAt])
}
