/**
 * NFTokenAcceptOffer of a buy offer: the account sells one of its NFTs to the bidder for the bid's
 * amount (less the issuer's transfer fee). The offer is consumed, so the same acceptance can never
 * apply twice: a second one fails with tecOBJECT_NOT_FOUND.
 */
import type { NFTokenAcceptOffer } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import {
  requireAccount,
  requireIntentType,
  requireNftId,
  requireOfferId,
} from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'
import { saleLastLook } from './acceptChecks.ts'

/** An intent to accept a bid (a buy offer) on one of the account's NFTs. */
export type AcceptIntent = Extract<Intent, { type: 'accept' }>

/**
 * Checks an accept intent before anything is built or signed: the offer id and the NFT id are 64
 * hexadecimal characters, the offer id not all zeros. Whether the bid exists and is on that NFT is for
 * pre-flight (it needs the ledger).
 *
 * @throws EngineError `VALIDATION` with a message fit to show.
 */
export function validateAcceptIntent(
  intent: Intent,
  account: string,
): asserts intent is AcceptIntent {
  requireIntentType(intent, 'accept')
  requireAccount(account)
  const { offerId, nftId } = intent as AcceptIntent
  requireNftId(nftId)
  requireOfferId(offerId, 'offerId')
}

/**
 * Builds the NFTokenAcceptOffer of an intent (the bid as NFTokenBuyOffer). Fee, Sequence and
 * LastLedgerSequence are left to the caller; call {@link validateAcceptIntent} first.
 */
export function buildAcceptOffer(account: string, intent: AcceptIntent): NFTokenAcceptOffer {
  return {
    TransactionType: 'NFTokenAcceptOffer',
    Account: account,
    NFTokenBuyOffer: intent.offerId.toUpperCase(),
  }
}

/** The sale's transaction, for the registry of intent types. */
export const acceptIntent: IntentSpec<AcceptIntent> = {
  type: 'accept',
  validate: validateAcceptIntent,
  build: buildAcceptOffer,
  lastLook: saleLastLook,
  results: {
    tesSUCCESS: 'The NFT was sold to the bidder.',
    tecOBJECT_NOT_FOUND:
      'The bid no longer exists (the bidder cancelled it, or it was accepted or expired).',
    tecEXPIRED: 'The bid had expired, so the NFT was not sold.',
    tecINSUFFICIENT_FUNDS:
      "The bidder's account no longer holds enough to pay the bid, so the NFT was not sold.",
    tecNO_PERMISSION: 'This bid was made to another account: yours may not accept it.',
    tecNFTOKEN_OFFER_TYPE_MISMATCH:
      'That offer is not a bid (a buy offer), so it cannot be sold to.',
    skipped: 'Skipped: the bid was left out of the job, so the NFT was not sold.',
    cancelled: 'Not sold: the job was cancelled before the acceptance was signed.',
  },
}
