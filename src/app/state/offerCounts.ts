/**
 * The account's offer counts as the footer shows them: counted on the ledger, moved by the ledger
 * stream between two countings, or — offline, or when the count fails — taken from the offers reading
 * saved on this device, and said to be so (reads: collection/offerCountReads.ts). Pure.
 */
import type { OffersReport } from '../../db/types/offers.ts'
import type { AccountActivity, OwnOfferCounts } from '../../worker/api.ts'

/** Offer counts, and where they come from. */
export interface ShownOfferCounts extends OwnOfferCounts {
  /**
   * Unix ms of the saved reading they were taken from (the ledger could not be asked); null when
   * counted on the ledger in this visit.
   */
  savedAt: number | null
}

/**
 * The offer counts after a change the stream showed; null when it changes nothing. Only a ledger
 * after the one counted moves them: a count read meanwhile already holds the change. A job's end
 * reads the true count again. Pure.
 */
export function countsAfter<C extends OwnOfferCounts>(
  counts: C,
  activity: Pick<AccountActivity, 'ledgerIndex' | 'offers'>,
): C | null {
  const { sell, buy } = activity.offers
  if ((sell === 0 && buy === 0) || activity.ledgerIndex <= counts.ledgerIndex) return null
  return { ...counts, sell: counts.sell + sell, buy: counts.buy + buy }
}

/** The counts of a saved offers reading: its sell offers, and its bids (the account's buy offers). Pure. */
export function countsOfReading(
  report: Pick<OffersReport, 'sell' | 'bids' | 'ledgerIndex' | 'readAt'>,
): ShownOfferCounts {
  return {
    sell: report.sell.length,
    buy: report.bids.length,
    ledgerIndex: report.ledgerIndex,
    savedAt: report.readAt,
  }
}
