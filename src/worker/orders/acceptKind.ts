/**
 * The accept job kind: the Orders tab's Accept sells one NFT to a bidder, on the terms the user
 * confirmed (stored in the intent and checked against the ledger again right before signing).
 */
import { rippleTimeToUnixTime, unixTimeToRippleTime } from 'xrpl'

import type { BidTerms, OfferAmount } from '../../db/types/offers.ts'
import { CURRENCY_CODE, ISSUED_VALUE, currencyCode } from '../../shared/currency.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { AcceptRequest } from '../contract/orders.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import {
  MAX_EXPIRATION,
  checkedAddress,
  checkedDrops,
  checkedId,
  invalid,
  shown,
} from '../jobs/plan/requestFields.ts'
import { acceptChecks } from './acceptChecks.ts'

function checkedAmount(value: unknown, label: string): OfferAmount {
  if (!isRecord(value)) throw invalid(`${label}: the amount is malformed`)
  if (value.kind === 'xrp') return { kind: 'xrp', drops: checkedDrops(value.drops, label) }
  const { currency, issuer, value: amount } = value
  if (value.kind !== 'issued' || typeof currency !== 'string' || !CURRENCY_CODE.test(currency)) {
    throw invalid(`${label}: the amount is malformed`)
  }
  if (typeof amount !== 'string' || !ISSUED_VALUE.test(amount)) {
    throw invalid(`${label}: the amount ${shown(amount)} is not a number`)
  }
  const issuerAddress = checkedAddress(issuer, `${label}: the token's issuer`)
  return {
    kind: 'issued',
    currency,
    code: currencyCode(currency),
    issuer: issuerAddress,
    value: amount,
  }
}

/** The bid's terms as the user confirmed them (Unix ms of a whole second → Ripple seconds). */
function checkedTerms(value: unknown): BidTerms {
  const label = 'The bid you confirmed'
  if (!isRecord(value)) throw invalid(`${label} is missing: read the bids again`)
  const { expiresAt, destination } = value
  if (
    expiresAt !== null &&
    (typeof expiresAt !== 'number' || !Number.isInteger(expiresAt / 1000))
  ) {
    throw invalid(`${label}: the expiration is malformed`)
  }
  const expiration = expiresAt === null ? null : unixTimeToRippleTime(expiresAt)
  if (expiration !== null && (expiration < 0 || expiration > MAX_EXPIRATION)) {
    throw invalid(`${label}: the expiration is out of range`)
  }
  return {
    amount: checkedAmount(value.amount, label),
    bidder: checkedAddress(value.bidder, `${label}: the bidder`),
    destination:
      destination === null ? null : checkedAddress(destination, `${label}: the destination`),
    expiration,
  }
}

/** Terms back in the request's shape (expiresAt in Unix ms). */
function termsAsConfirmed(terms: BidTerms): AcceptRequest['confirmed'] {
  const { expiration, ...rest } = terms
  return { ...rest, expiresAt: expiration === null ? null : rippleTimeToUnixTime(expiration) }
}

/** The terms of a checked request (Ripple seconds). */
function termsOfRequest(request: AcceptRequest): BidTerms {
  const { expiresAt, ...rest } = request.confirmed
  return { ...rest, expiration: expiresAt === null ? null : unixTimeToRippleTime(expiresAt) }
}

export const acceptKind: JobKindSpec<AcceptRequest> = {
  kind: 'accept',
  intentTypes: ['accept'],
  touchesNfts: false,
  validate: (fields) => ({
    kind: 'accept',
    offerId: checkedId(fields.offerId, 'The bid', 'offer id'),
    nftId: checkedId(fields.nftId, 'The NFT', 'NFT id'),
    confirmed: termsAsConfirmed(checkedTerms(fields.confirmed)),
    ...(fields.acceptToken === true ? { acceptToken: true } : {}),
    ...(fields.acceptOneServer === true ? { acceptOneServer: true } : {}),
  }),
  confirmedElsewhere: () => ["the bid's terms (price, buyer, expiry)"],
  intents: (request) => [
    {
      intent: {
        type: 'accept',
        offerId: request.offerId,
        nftId: request.nftId,
        terms: termsOfRequest(request),
        ...(request.acceptToken ? { acceptToken: true } : {}),
        ...(request.acceptOneServer ? { acceptOneServer: true } : {}),
      },
    },
  ],
  itemChecks: acceptChecks,
}
