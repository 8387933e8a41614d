/** The cancel job kind: the Orders tab's cancellations (and an airdrop's reclaim), 500 offers a transaction. */
import type { CancelPurpose, CancelRequest } from '../contract/orders.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import { checkedId, invalid, itemsOf, shown } from '../jobs/plan/requestFields.ts'
import { cancelIntents } from '../ledger/cancelOffers.ts'

const CANCEL_PURPOSES: ReadonlySet<unknown> = new Set<CancelPurpose>([
  'selected',
  'free',
  'paid',
  'duplicates',
  'all',
  'expired',
  'unfillable',
  'single',
])

export const cancelKind: JobKindSpec<CancelRequest> = {
  kind: 'cancel',
  intentTypes: ['cancel'],
  touchesNfts: false,
  validate: (fields) => {
    const ids = itemsOf(fields, 'offerIds', 'Please select offers to cancel', 'offers')
    const { purpose } = fields
    if (purpose !== undefined && !CANCEL_PURPOSES.has(purpose)) {
      throw invalid(`Unknown cancellation: ${shown(purpose)}`)
    }
    return {
      kind: 'cancel',
      offerIds: ids.map((id, i) => checkedId(id, `Offer ${i + 1}`, 'offer id')),
      ...(purpose === undefined ? {} : { purpose: purpose as CancelPurpose }),
    }
  },
  intents: (request) => cancelIntents(request.offerIds),
  // What the result card names: the cancellation's purpose and how many offers it cancels.
  params: (request) => {
    const offers = new Set(request.offerIds).size
    return request.purpose ? { purpose: request.purpose, offers } : { offers }
  },
}
