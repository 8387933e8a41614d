/**
 * The transactions of bulk jobs: each intent type has a validator and a builder (xrpl.js style) in
 * the capability it belongs to (a sell offer, shared by the airdrop and listing, in ledger/). The jobs
 * engine turns each recorded intent into an unsigned transaction here; it adds Fee, Sequence and
 * LastLedgerSequence, signs, and records the blob before submitting.
 */
import type { SubmittableTransaction } from 'xrpl'

import type { Intent } from '../../db/types.ts'
import { buildBurn, validateBurnIntent } from '../burn/burnTx.ts'
import { buildCancelOffers, validateCancelIntent } from '../ledger/cancelOffers.ts'
import { buildCreateOffer, validateOfferIntent } from '../ledger/createOffer.ts'
import { buildAcceptOffer, validateAcceptIntent } from '../orders/acceptOffer.ts'
import { describeValue, invalidIntent } from '../ledger/intentFields.ts'
import {
  buildRemoveRegularKey,
  validateRemoveRegularKeyIntent,
} from '../wallet/removeRegularKey.ts'

export { buildBurn, validateBurnIntent } from '../burn/burnTx.ts'
export type { BurnIntent } from '../burn/burnTx.ts'
export {
  MAX_OFFERS_PER_CANCEL,
  buildCancelOffers,
  packOfferIds,
  validateCancelIntent,
} from '../ledger/cancelOffers.ts'
export type { CancelIntent } from '../ledger/cancelOffers.ts'
export { MAX_OFFER_DROPS, buildCreateOffer, validateOfferIntent } from '../ledger/createOffer.ts'
export type { OfferIntent } from '../ledger/createOffer.ts'
export { buildNoop } from './run/noop.ts'
export { buildAcceptOffer, validateAcceptIntent } from '../orders/acceptOffer.ts'
export type { AcceptIntent } from '../orders/acceptOffer.ts'

function intentType(intent: unknown): unknown {
  return typeof intent === 'object' && intent !== null
    ? (intent as { type?: unknown }).type
    : undefined
}

/**
 * Checks any intent with the validator of its type.
 *
 * @param intent - the intent, as recorded in the job (untrusted shape).
 * @param account - the classic address that will sign its transaction.
 * @throws EngineError `VALIDATION` with a message fit to show; for an unknown type,
 *   `Unknown intent type "…": expected offer, burn or cancel.`
 */
export function validateIntent(intent: Intent, account: string): void {
  const type = intentType(intent)
  switch (type) {
    case 'offer':
      return validateOfferIntent(intent, account)
    case 'burn':
      return validateBurnIntent(intent, account)
    case 'cancel':
      return validateCancelIntent(intent, account)
    case 'accept':
      return validateAcceptIntent(intent, account)
    case 'removeRegularKey':
      return validateRemoveRegularKeyIntent(intent, account)
    default:
      throw invalidIntent(
        `Unknown intent type ${describeValue(type)}: expected offer, burn, cancel, accept or removeRegularKey.`,
        'type',
        type,
      )
  }
}

/**
 * Validates an intent and builds its unsigned transaction: NFTokenCreateOffer (sell) for `offer`,
 * NFTokenBurn for `burn`, NFTokenCancelOffer for `cancel`, NFTokenAcceptOffer for `accept`,
 * SetRegularKey without a key for `removeRegularKey`. Fee, Sequence and LastLedgerSequence are left
 * to the caller.
 *
 * @param account - the classic address that signs.
 * @param intent - the intent, as recorded in the job.
 * @returns the transaction, ready for the caller's Fee, Sequence and LastLedgerSequence.
 * @throws EngineError `VALIDATION` as {@link validateIntent}.
 *
 * @example
 * ```ts
 * const tx = { ...buildTransaction(account, item.intent), Fee: '12', Sequence: 7, LastLedgerSequence: 120 }
 * const { tx_blob, hash } = wallet.sign(tx)
 * ```
 */
export function buildTransaction(account: string, intent: Intent): SubmittableTransaction {
  validateIntent(intent, account)
  switch (intent.type) {
    case 'offer':
      return buildCreateOffer(account, intent)
    case 'burn':
      return buildBurn(account, intent)
    case 'cancel':
      return buildCancelOffers(account, intent)
    case 'accept':
      return buildAcceptOffer(account, intent)
    case 'removeRegularKey':
      return buildRemoveRegularKey(account)
  }
}
