/**
 * NFTokenBurn by the NFT's owner: destroys one of the account's NFTs for good. The ledger also deletes
 * up to 500 offers for it, which returns their owners' reserves.
 */
import type { NFTokenBurn } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { requireAccount, requireIntentType, requireNftId } from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'

/** An intent to burn an NFT. */
export type BurnIntent = Extract<Intent, { type: 'burn' }>

/**
 * Checks a burn intent before anything is built or signed: `nftId` must be 64 hexadecimal characters.
 * Whether the account holds the NFT is for pre-flight (it needs the ledger).
 *
 * @param intent - the intent, as recorded in the job (untrusted shape).
 * @param account - the classic address that owns the NFT.
 * @throws EngineError `VALIDATION` with a message fit to show, e.g.
 *   `Invalid NFT id "12AB": expected 64 hexadecimal characters.`
 */
export function validateBurnIntent(intent: Intent, account: string): asserts intent is BurnIntent {
  requireIntentType(intent, 'burn')
  requireAccount(account)
  requireNftId((intent as BurnIntent).nftId)
}

/**
 * Builds the NFTokenBurn of an intent. No `Owner`: the account burns its own NFT. Fee, Sequence and
 * LastLedgerSequence are left to the caller. Does not validate: call {@link validateBurnIntent}
 * first (`buildTransaction` does).
 *
 * @param account - the classic address that owns the NFT.
 * @param intent - a valid burn intent.
 * @returns an unsigned NFTokenBurn.
 */
export function buildBurn(account: string, intent: BurnIntent): NFTokenBurn {
  return { TransactionType: 'NFTokenBurn', Account: account, NFTokenID: intent.nftId.toUpperCase() }
}

/** The burn's transaction, for the registry of intent types. */
export const burnIntent: IntentSpec<BurnIntent> = {
  type: 'burn',
  validate: validateBurnIntent,
  build: buildBurn,
  results: {
    tesSUCCESS: 'The NFT was burned.',
    tecNO_PERMISSION: 'Your account is not allowed to burn this NFT.',
    tecNO_ENTRY:
      'The NFT is no longer in your account (it may have been sold, transferred or burned already), so there was nothing to burn.',
    skipped: 'Skipped: this NFT was left out of the job, so it was not burned.',
    cancelled: 'Not burned: the job was cancelled before this NFT was signed for.',
  },
}
