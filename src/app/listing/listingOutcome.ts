/**
 * A listing's outcome as its result card counts it: the offers only, not the cancellation of the
 * offers 'List again' replaced (the job's first items). Pure.
 */
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { CANCEL_OFFERS_PER_TX } from '../../shared/constants.ts'

/** The items of a listing that cancel the offers it replaces ('List again'): they come first. */
export function cancelItemCount(job: JobRow): number {
  const replaced = typeof job.params.replaced === 'number' ? job.params.replaced : 0
  return Math.ceil(replaced / CANCEL_OFFERS_PER_TX)
}

/** A listing's offers (its items but the cancellations it starts with), counted by outcome. */
export interface OfferOutcome {
  created: number
  failed: number
  skipped: number
  total: number
  /** The old offers of 'List again' were cancelled. */
  replacedCancelled: boolean
}

/** The offers' outcome from the job's counts and its first (cancellation) items. */
export function offerOutcome(job: JobRow, cancelItems: readonly JobItemRow[]): OfferOutcome {
  const count = (status: JobItemRow['status']) =>
    cancelItems.filter((item) => item.status === status).length
  const { succeeded, failed, skipped, total } = job.counts
  return {
    created: succeeded - count('succeeded'),
    failed: failed - count('failed'),
    skipped: skipped - count('skipped'),
    total: total - cancelItems.length,
    replacedCancelled: cancelItems.length > 0 && count('succeeded') === cancelItems.length,
  }
}

/** The spec's success: offers attempted, none failed, some created. */
export function isListingSuccess(outcome: OfferOutcome): boolean {
  return outcome.total > 0 && outcome.failed === 0 && outcome.created > 0
}
