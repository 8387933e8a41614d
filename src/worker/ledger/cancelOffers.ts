/**
 * NFTokenCancelOffer: withdraws up to 500 NFT offers in one transaction (docs/architecture.md §3.3). The ledger
 * rejects an empty list, more than 500 ids, a duplicate id or the all-zero id (temMALFORMED); ids of
 * offers that no longer exist are skipped by the ledger, which still reports tesSUCCESS.
 */
import type { NFTokenCancelOffer } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { CANCEL_OFFERS_PER_TX } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import {
  describeValue,
  invalidIntent,
  requireAccount,
  requireIntentType,
  requireOfferId,
} from './intentFields.ts'
import type { IntentSpec } from './intentTypes.ts'
import { NOTHING_CHANGED } from './resultMessages.ts'

/** An intent to cancel offers. */
export type CancelIntent = Extract<Intent, { type: 'cancel' }>

/** The most offer ids one NFTokenCancelOffer may carry. */
export const MAX_OFFERS_PER_CANCEL = CANCEL_OFFERS_PER_TX

function checkCount(offerIds: unknown): asserts offerIds is unknown[] {
  if (!Array.isArray(offerIds)) {
    throw invalidIntent('Invalid offer ids: expected a list of offer ids.', 'offerIds', offerIds)
  }
  if (offerIds.length === 0) {
    throw invalidIntent('Nothing to cancel: the list of offer ids is empty.', 'offerIds', '')
  }
  if (offerIds.length > MAX_OFFERS_PER_CANCEL) {
    throw invalidIntent(
      `Too many offer ids in one cancellation: ${offerIds.length} (at most ${MAX_OFFERS_PER_CANCEL} per transaction).`,
      'offerIds',
      String(offerIds.length),
    )
  }
}

/**
 * Checks a cancel intent before anything is built or signed: 1 to 500 offer ids, each 64
 * hexadecimal characters, not all zeros, and no id twice (compared regardless of letter case).
 * Whether the account may cancel them is for pre-flight (it needs the ledger).
 *
 * @param intent - the intent, as recorded in the job (untrusted shape).
 * @param account - the classic address that signs the cancellation.
 * @throws EngineError `VALIDATION` with a message fit to show, e.g.
 *   `Too many offer ids in one cancellation: 501 (at most 500 per transaction).`
 */
export function validateCancelIntent(
  intent: Intent,
  account: string,
): asserts intent is CancelIntent {
  requireIntentType(intent, 'cancel')
  requireAccount(account)
  const offerIds: unknown = (intent as CancelIntent).offerIds
  checkCount(offerIds)
  const seen = new Set<string>()
  for (const id of offerIds) {
    requireOfferId(id, 'offerIds')
    const key = id.toUpperCase()
    if (seen.has(key)) {
      throw invalidIntent(
        `Offer id ${describeValue(id)} is listed twice: each offer may appear only once per cancellation.`,
        'offerIds',
        id,
      )
    }
    seen.add(key)
  }
}

/**
 * Builds the NFTokenCancelOffer of an intent (ids upper-cased, in the intent's order). Fee, Sequence
 * and LastLedgerSequence are left to the caller. Does not validate: call {@link validateCancelIntent}
 * first (`buildTransaction` does).
 *
 * @param account - the classic address that signs the cancellation.
 * @param intent - a valid cancel intent.
 * @returns an unsigned NFTokenCancelOffer.
 */
export function buildCancelOffers(account: string, intent: CancelIntent): NFTokenCancelOffer {
  return {
    TransactionType: 'NFTokenCancelOffer',
    Account: account,
    NFTokenOffers: intent.offerIds.map((id) => id.toUpperCase()),
  }
}

/**
 * Packs offer ids into groups for NFTokenCancelOffer transactions: ids are upper-cased, duplicates
 * (regardless of letter case) dropped, first-seen order kept, then cut into groups of at most `max`.
 * The ids' format is not checked here: {@link validateCancelIntent} checks each group.
 *
 * @param ids - offer ids, possibly repeated.
 * @param max - group size, 1 to 500 (the ledger's limit and the default).
 * @returns the groups in order; `[]` for no ids.
 * @throws EngineError `INTERNAL` when `max` is not an integer from 1 to 500.
 *
 * @example
 * ```ts
 * packOfferIds(ids1001).map((group) => group.length) // [500, 500, 1]
 * ```
 */
export function packOfferIds(ids: string[], max = MAX_OFFERS_PER_CANCEL): string[][] {
  if (!Number.isInteger(max) || max < 1 || max > MAX_OFFERS_PER_CANCEL) {
    throw new EngineError(
      'INTERNAL',
      `Offer ids per cancellation must be 1 to ${MAX_OFFERS_PER_CANCEL}, not ${max}.`,
    )
  }
  const unique = [...new Set(ids.map((id) => id.toUpperCase()))]
  const groups: string[][] = []
  for (let start = 0; start < unique.length; start += max) {
    groups.push(unique.slice(start, start + max))
  }
  return groups
}

/**
 * Intents cancelling these offers: distinct ids in first-seen order, packed CANCEL_OFFERS_PER_TX to
 * an intent (the Orders tab's cancellations, a listing's 'List again', an airdrop's reclaim).
 */
export function cancelIntents(offerIds: string[]): { intent: CancelIntent }[] {
  return packOfferIds(offerIds, CANCEL_OFFERS_PER_TX).map((ids) => ({
    intent: { type: 'cancel', offerIds: ids },
  }))
}

/** The cancellation's transaction, for the registry of intent types. */
export const cancelIntent: IntentSpec<CancelIntent> = {
  type: 'cancel',
  validate: validateCancelIntent,
  build: buildCancelOffers,
  results: {
    tesSUCCESS: 'The offers were cancelled.',
    tecNO_PERMISSION:
      'At least one of these offers is not yours to cancel (only its owner or its recipient may), so none were cancelled.',
    temMALFORMED: `The network rejected the cancellation as malformed (an empty, too long or repeated list of offers); ${NOTHING_CHANGED}.`,
    skipped: 'Skipped: these offers were left out of the job, so they were not cancelled.',
    cancelled: 'Not cancelled: the job was cancelled before these offers were signed for.',
  },
}

/**
 * Intents with every cancellation cut to at most `max` offers (a wallet that cannot sign longer
 * lists); the pieces keep their place, the other intents are left as they are.
 */
export function splitCancels<P extends { intent: Intent }>(
  planned: readonly P[],
  max: number,
): P[] {
  return planned.flatMap((p) =>
    p.intent.type === 'cancel' && p.intent.offerIds.length > max
      ? packOfferIds(p.intent.offerIds, max).map((offerIds) => ({
          ...p,
          intent: { ...p.intent, offerIds },
        }))
      : [p],
  )
}
