/** The account's offer counts, moved by the ledger stream between two readings. Pure. */
import type { AccountActivity, OwnOfferCounts } from '../../worker/api.ts'

/**
 * The offer counts after a change the stream showed; null when it changes nothing. Only a ledger
 * after the one counted moves them: a count read meanwhile already holds the change. A job's end
 * reads the true count again. Pure.
 */
export function countsAfter(
  counts: OwnOfferCounts,
  activity: Pick<AccountActivity, 'ledgerIndex' | 'offers'>,
): OwnOfferCounts | null {
  const { sell, buy } = activity.offers
  if ((sell === 0 && buy === 0) || activity.ledgerIndex <= counts.ledgerIndex) return null
  return { sell: counts.sell + sell, buy: counts.buy + buy, ledgerIndex: counts.ledgerIndex }
}
