/**
 * Every job kind the engine runs and every transaction its jobs sign, each described by its
 * capability. A new job kind adds its modules and a line in each list here.
 */
import type { SubmittableTransaction } from 'xrpl'

import type { Intent } from '../db/types/jobItems.ts'
import type { JobKind } from '../db/types/jobs.ts'
import { airdropKind } from './airdrop/airdropKind.ts'
import { burnKind } from './burn/burnKind.ts'
import { burnIntent } from './burn/burnTx.ts'
import type { JobRequest } from './contract/jobs.ts'
import { JobKinds } from './jobs/jobKind.ts'
import type { JobKindSpec, PlannedIntent } from './jobs/jobKind.ts'
import { cancelIntent } from './ledger/cancelOffers.ts'
import { offerIntent } from './ledger/createOffer.ts'
import { IntentTypes } from './ledger/intentTypes.ts'
import { listKind } from './listing/listKind.ts'
import { mintKind } from './mint/mintKind.ts'
import { mintIntent } from './mint/mintTx.ts'
import { authorizeMinterKind } from './mint/minterKind.ts'
import { setMinterIntent } from './mint/minterTx.ts'
import { modifyKind } from './mint/modifyKind.ts'
import { modifyIntent } from './mint/modifyTx.ts'
import { acceptKind } from './orders/acceptKind.ts'
import { acceptIntent } from './orders/acceptOffer.ts'
import { cancelKind } from './orders/cancelKind.ts'
import { removeRegularKeyIntent } from './wallet/removeRegularKey.ts'
import { removeRegularKeyKind } from './wallet/removeRegularKeyKind.ts'

/** The transactions of every intent type (the runner builds each intent's through these). */
export const INTENT_TYPES = new IntentTypes([
  offerIntent,
  burnIntent,
  cancelIntent,
  acceptIntent,
  removeRegularKeyIntent,
  mintIntent,
  modifyIntent,
  setMinterIntent,
])

/** Every job kind, with the transactions their plans hold. */
export const JOB_KINDS = new JobKinds(
  [
    airdropKind,
    listKind,
    burnKind,
    cancelKind,
    acceptKind,
    removeRegularKeyKind,
    mintKind,
    modifyKind,
    authorizeMinterKind,
  ],
  INTENT_TYPES,
)

/**
 * Checks a job request from the UI and returns a clean copy: ids upper-cased, addresses and amounts
 * trimmed, unknown fields dropped.
 *
 * @param request - anything; it crossed the worker boundary.
 * @throws EngineError `VALIDATION` with a message fit to show: the spec's 'Please upload a CSV file
 *   first', 'Please select NFTs to distribute', 'Please select NFTs to burn', 'Please select NFTs to
 *   create offers for'; 'Please select offers to cancel'; or what is wrong with which row or item
 *   (an invalid address, NFT id, count, price or expiration; more than 10,000 items); an airdrop
 *   `seed` that is not 32 hex digits (checked even without `randomize`, but then dropped).
 */
export function validateJobRequest(request: unknown): JobRequest {
  return JOB_KINDS.validate(request)
}

/** A job kind's description, as registered (its checks, intents, pre-flight verdicts). */
export function jobKindSpec(kind: JobKind): JobKindSpec {
  return JOB_KINDS.spec(kind)
}

/**
 * Expands a validated request into intents, in plan order (see each kind's `intents`).
 *
 * @param random - uniform in [0, 1), for an airdrop's shuffle; by default from its seed.
 */
export function planIntents(request: JobRequest, random?: () => number): PlannedIntent[] {
  return JOB_KINDS.intents(request, random)
}

/**
 * Checks any intent with the validator of its type (see IntentTypes.validate).
 *
 * @throws EngineError `VALIDATION` with a message fit to show.
 */
export function validateIntent(intent: Intent, account: string): void {
  INTENT_TYPES.validate(intent, account)
}

/**
 * Validates an intent and builds its unsigned transaction (see IntentTypes.build).
 *
 * @throws EngineError `VALIDATION` as validateIntent.
 */
export function buildTransaction(account: string, intent: Intent): SubmittableTransaction {
  return INTENT_TYPES.build(account, intent)
}
