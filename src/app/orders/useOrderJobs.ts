/** The Orders tab's jobs (cancellations, sales) in IndexedDB, written by the worker, observed live. */
import { useCallback, useEffect, useRef } from 'react'

import type { JobRow } from '../../db/types.ts'
import { ACTIVE_STATUSES } from '../jobs/jobProgress.ts'
import { useJobItemsHead, useStartedJobs } from '../jobs/useJobs.ts'
import { cancellationEnded } from '../state/orders.ts'
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

/**
 * Calls `onEnd` once when a job of the tab ends: one the tab saw running, or one that ended after
 * what the tab shows was read (it ran in another tab, or across a reload).
 *
 * @param ready - whatever `onEnd` needs has loaded (e.g. the job's items).
 * @param readAt - Unix ms of the reading on screen; null while there is none.
 */
export function useJobEnd(
  job: JobRow | null,
  ready: boolean,
  readAt: number | null,
  onEnd: (job: JobRow) => void,
): void {
  const seenActive = useRef(new Set<string>())
  const reported = useRef(new Set<string>())
  useEffect(() => {
    if (!job) return
    if (ACTIVE_STATUSES.has(job.status)) {
      seenActive.current.add(job.id)
      return
    }
    if (!ready || reported.current.has(job.id)) return
    const endedSinceRead = readAt !== null && job.updatedAt > readAt
    if (!seenActive.current.has(job.id) && !endedSinceRead) return
    reported.current.add(job.id)
    onEnd(job)
  }, [job, ready, readAt, onEnd])
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
