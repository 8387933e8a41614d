/**
 * Reading the footer's offer counts: on the ledger, or from the offers reading saved on this device
 * when the ledger cannot be asked (offline, a server that does not answer), so the footer says what
 * the Orders tab shows rather than 'Loading...' for a read that cannot happen.
 */
import { appDb } from '../../db/queries/db.ts'
import { offersReading } from '../../db/queries/nfts.ts'
import { logFailure, loggedOr } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import { engine } from '../engine.ts'
import { countsOfReading } from '../state/offerCounts.ts'
import type { ShownOfferCounts } from '../state/offerCounts.ts'

/** An account on a network. */
interface Account {
  network: NetworkId
  address: string
}

/** The counts of the offers reading saved on this device for the account; null when there is none. */
export async function savedOfferCounts(account: Account): Promise<ShownOfferCounts | null> {
  const report = await offersReading(appDb(), account.network, account.address).catch(
    loggedOr('reading the saved offers', undefined),
  )
  return report ? countsOfReading(report) : null
}

/**
 * Counts the account's offers on the ledger. When that fails, the saved reading's counts unless
 * `shown` is newer; `shown` itself when neither is there.
 */
export async function countOffers(
  account: Account,
  shown: ShownOfferCounts | null,
): Promise<ShownOfferCounts | null> {
  try {
    return { ...(await engine.countOffers(account.address)), savedAt: null }
  } catch (error) {
    logFailure('counting the offers')(error)
    const saved = await savedOfferCounts(account)
    return saved && (!shown || saved.ledgerIndex > shown.ledgerIndex) ? saved : shown
  }
}
