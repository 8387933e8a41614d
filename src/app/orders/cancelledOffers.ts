/** What a cancellation job did, in offers (a cancel item carries up to 500 offer ids). Pure. */
import type { JobItemRow } from '../../db/types/jobItems.ts'

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
