/**
 * NFTokenCreateOffer, sell side: offer one of the account's NFTs for an amount of XRP, optionally only
 * to one recipient (an airdrop is a 0-XRP sell offer with a Destination) and optionally until an
 * expiration time. The account owns the offer, which locks one owner reserve until it is accepted,
 * cancelled or its NFT is burned.
 */
import { NFTokenCreateOfferFlags, isValidClassicAddress } from 'xrpl'
import type { NFTokenCreateOffer } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { DROPS_PER_XRP } from '../../shared/constants.ts'
import {
  describeValue,
  invalidIntent,
  requireAccount,
  requireIntentType,
  requireNftId,
} from './intentFields.ts'
import type { IntentSpec } from './intentTypes.ts'
import { NOTHING_CHANGED } from './resultMessages.ts'

/** An intent to create a sell offer. */
export type OfferIntent = Extract<Intent, { type: 'offer' }>

/** The most XRP that exists, 100 billion, in drops: no offer may ask for more. */
export const MAX_OFFER_DROPS = 100_000_000_000n * BigInt(DROPS_PER_XRP)

const MAX_DROPS_DIGITS = MAX_OFFER_DROPS.toString().length

/** Ripple-epoch times are a UInt32 field. */
const MAX_EXPIRATION = 0xffff_ffff

/** Whole drops: `0`, or digits without a leading zero; no sign, point, exponent or spaces. */
const WHOLE_DROPS = /^(?:0|[1-9][0-9]*)$/

function checkAmount(amountDrops: unknown): void {
  if (typeof amountDrops !== 'string' || !WHOLE_DROPS.test(amountDrops)) {
    throw invalidIntent(
      `Invalid amount ${describeValue(amountDrops)}: expected a whole number of drops ` +
        '(digits only, without sign, decimal point or leading zeros).',
      'amountDrops',
      amountDrops,
    )
  }
  // Length first: no need to parse a megabyte of digits to know it is too much.
  if (amountDrops.length > MAX_DROPS_DIGITS || BigInt(amountDrops) > MAX_OFFER_DROPS) {
    throw invalidIntent(
      `Invalid amount ${describeValue(amountDrops)}: more than 100,000,000,000 XRP, all the XRP there is.`,
      'amountDrops',
      amountDrops,
    )
  }
}

function checkDestination(destination: unknown, account: string): void {
  if (destination === undefined) return
  if (typeof destination !== 'string' || !isValidClassicAddress(destination)) {
    throw invalidIntent(
      `Invalid recipient ${describeValue(destination)}: expected a classic address (r…).`,
      'destination',
      destination,
    )
  }
  if (destination === account) {
    throw invalidIntent(
      `The recipient ${destination} is your own account: an offer cannot be made to yourself.`,
      'destination',
      destination,
    )
  }
}

function checkExpiration(expiration: unknown): void {
  if (expiration === undefined) return
  const valid =
    typeof expiration === 'number' &&
    Number.isInteger(expiration) &&
    expiration > 0 &&
    expiration <= MAX_EXPIRATION
  if (!valid) {
    const shown = typeof expiration === 'number' ? String(expiration) : describeValue(expiration)
    throw invalidIntent(
      `Invalid expiration ${shown}: expected a positive whole number of seconds since 2000-01-01 ` +
        '(Ripple epoch time).',
      'expiration',
      expiration,
    )
  }
}

/**
 * Checks an offer intent before anything is built or signed.
 *
 * - `nftId`: 64 hexadecimal characters;
 * - `amountDrops`: a whole number of drops as a string (`'0'` allowed: a sell offer may be free),
 *   without sign, decimal point, exponent, spaces or leading zeros, at most 100 billion XRP;
 * - `destination`, if given: a valid classic address other than `account`;
 * - `expiration`, if given: a positive integer of Ripple-epoch seconds (fits the UInt32 field).
 *
 * Whether the expiration is already past is for pre-flight (it needs the ledger's clock).
 *
 * @param intent - the intent, as recorded in the job (untrusted shape).
 * @param account - the classic address that will own the offer.
 * @throws EngineError `VALIDATION` naming the first field at fault, e.g.
 *   `Invalid amount "1.5": expected a whole number of drops (…)`.
 *
 * @example
 * ```ts
 * validateOfferIntent({ type: 'offer', nftId, amountDrops: '1500000' }, account)
 * ```
 */
export function validateOfferIntent(
  intent: Intent,
  account: string,
): asserts intent is OfferIntent {
  requireIntentType(intent, 'offer')
  requireAccount(account)
  const offer = intent as OfferIntent
  requireNftId(offer.nftId)
  checkOfferTerms(offer, account)
}

/**
 * Checks a sell offer's terms (an offer's own, or those a mint makes its NFT's offer with): the
 * amount, the recipient and the expiration, as {@link validateOfferIntent} describes them.
 *
 * @throws EngineError `VALIDATION` naming the first field at fault.
 */
export function checkOfferTerms(
  terms: { amountDrops?: unknown; destination?: unknown; expiration?: unknown },
  account: string,
): void {
  checkAmount(terms.amountDrops)
  checkDestination(terms.destination, account)
  checkExpiration(terms.expiration)
}

/**
 * Builds the sell offer of an intent: `Flags` tfSellNFToken (1), `Amount` in drops, and
 * `Destination` / `Expiration` when the intent has them. Fee, Sequence and LastLedgerSequence are left
 * to the caller. Does not validate: call {@link validateOfferIntent} first (`buildTransaction` does).
 *
 * @param account - the classic address that owns the NFT and will own the offer.
 * @param intent - a valid offer intent.
 * @returns an unsigned NFTokenCreateOffer.
 */
export function buildCreateOffer(account: string, intent: OfferIntent): NFTokenCreateOffer {
  return {
    TransactionType: 'NFTokenCreateOffer',
    Account: account,
    NFTokenID: intent.nftId.toUpperCase(),
    Amount: intent.amountDrops,
    Flags: NFTokenCreateOfferFlags.tfSellNFToken,
    ...(intent.destination === undefined ? {} : { Destination: intent.destination }),
    ...(intent.expiration === undefined ? {} : { Expiration: intent.expiration }),
  }
}

/** The sell offer's transaction, for the registry of intent types. */
export const offerIntent: IntentSpec<OfferIntent> = {
  type: 'offer',
  validate: validateOfferIntent,
  build: buildCreateOffer,
  results: {
    tesSUCCESS: 'The offer was created.',
    tecNO_PERMISSION:
      'The recipient does not accept NFT offers (their account blocks incoming offers).',
    tecINSUFFICIENT_RESERVE:
      'Your account does not hold enough XRP for the reserve of another offer (each open offer locks 0.2 XRP on Mainnet until it is accepted or cancelled). The network fee was charged.',
    tecNO_ENTRY:
      'The NFT is not in your account (it may have been sold, transferred or burned already), so it could not be offered.',
    tecEXPIRED: "The offer's expiration time had already passed, so it was not created.",
    temBAD_AMOUNT: `The network rejected the offer's price as invalid; ${NOTHING_CHANGED}.`,
    temBAD_EXPIRATION: `The network rejected the offer's expiration time as invalid; ${NOTHING_CHANGED}.`,
    skipped: 'Skipped: this offer was left out of the job, so nothing was sent.',
    cancelled: 'Not sent: the job was cancelled before this offer was signed.',
  },
}
