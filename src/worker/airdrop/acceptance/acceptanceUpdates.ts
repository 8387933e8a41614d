/**
 * What the acceptance tracker records, worked out from what it learnt: the offers it watches (those
 * that still wait), when an ended airdrop is next read, and the acceptance of each item as a ledger
 * read or the account stream shows it.
 */
import { waitingItems } from '../../../db/acceptance.ts'
import type { OfferItem } from '../../../db/acceptance.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { ItemAcceptance } from '../../../db/types/acceptance.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import type { LedgerStandings } from './acceptanceLedger.ts'
import type { AcceptanceTiming } from './acceptanceTracker.ts'
import type { StreamOutcome } from './acceptanceStream.ts'

/** Where a waiting offer is recorded. */
export interface WatchedOffer {
  jobId: string
  itemId: string
}

/** Offer id (upper case) → its item, for the jobs' offers that still wait. */
export async function watchList(
  db: LedgerDb,
  jobs: readonly JobRow[],
): Promise<Map<string, WatchedOffer>> {
  const watched = new Map<string, WatchedOffer>()
  for (const job of jobs) {
    for (const item of await waitingItems(db, job.id)) {
      watched.set(item.offerId.toUpperCase(), { jobId: job.id, itemId: item.id })
    }
  }
  return watched
}

/**
 * When an ended airdrop is due, from this engine's timing (not the stored nextCheckAt, which an
 * engine with other timing may have written): `intervalMs` after the last check, or `firstCheckMs`
 * after it ended (its row is not updated after that) when it was never checked.
 */
export function dueAt(job: JobRow, timing: AcceptanceTiming): number {
  const checkedAt = job.acceptance?.checkedAt
  if (checkedAt != null) return checkedAt + timing.intervalMs
  return job.updatedAt + timing.firstCheckMs
}

/** Item id → its acceptance, for the waiting items whose offer the ledger read gives a standing. */
export function standingUpdates(
  waiting: readonly OfferItem[],
  read: LedgerStandings,
  checkedAt: number,
): Map<string, ItemAcceptance> {
  const updates = new Map<string, ItemAcceptance>()
  for (const item of waiting) {
    const standing = read.standings.get(item.offerId.toUpperCase())
    if (standing) updates.set(item.id, { ...standing, ledgerIndex: read.ledgerIndex, checkedAt })
  }
  return updates
}

/** Job id → item id → its acceptance, for the stream outcomes of watched offers (others are left). */
export function streamedUpdates(
  outcomes: readonly StreamOutcome[],
  watched: ReadonlyMap<string, WatchedOffer>,
  checkedAt: number,
): Map<string, Map<string, ItemAcceptance>> {
  const byJob = new Map<string, Map<string, ItemAcceptance>>()
  for (const { offerId, state, detail, ledgerIndex } of outcomes) {
    const offer = watched.get(offerId)
    if (!offer) continue
    const updates = byJob.get(offer.jobId) ?? new Map<string, ItemAcceptance>()
    updates.set(offer.itemId, { state, ledgerIndex, checkedAt, ...(detail ? { detail } : {}) })
    byJob.set(offer.jobId, updates)
  }
  return byJob
}
