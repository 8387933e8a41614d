/**
 * NFTokenModify (XLS-46, DynamicNFT): a new URI for an NFT minted with tfMutable, signed by its
 * issuer or the issuer's authorized minter; `Owner` names its holder when that is another account.
 * What a modify may change is only the URI: the NFT's id (flags, fee, issuer, taxon) stays.
 */
import { convertStringToHex, isValidClassicAddress } from 'xrpl'
import type { NFTokenModify } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import {
  describeValue,
  invalidIntent,
  requireAccount,
  requireIntentType,
  requireNftId,
} from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'
import { NOTHING_CHANGED } from '../ledger/resultMessages.ts'
import { checkUri } from './mintTx.ts'

/** An intent to give an NFT a new URI. */
export type ModifyIntent = Extract<Intent, { type: 'modify' }>

/**
 * Checks a modify intent as recorded in a job (an untrusted shape).
 *
 * @throws EngineError `VALIDATION` with a message fit to show.
 */
export function validateModifyIntent(intent: Intent, account: string): void {
  requireIntentType(intent, 'modify')
  requireAccount(account)
  const modify = intent as ModifyIntent
  requireNftId(modify.nftId)
  checkUri(modify.uri)
  if (
    modify.owner !== undefined &&
    (typeof modify.owner !== 'string' ||
      !isValidClassicAddress(modify.owner) ||
      modify.owner === account)
  ) {
    throw invalidIntent(
      `Invalid holder ${describeValue(modify.owner)}: expected the classic address of the account that holds the NFT, or none when you hold it.`,
      'owner',
      modify.owner,
    )
  }
}

/** The NFTokenModify of a valid intent; Fee, Sequence and LastLedgerSequence are the caller's. */
export function buildModify(account: string, intent: ModifyIntent): NFTokenModify {
  return {
    TransactionType: 'NFTokenModify',
    Account: account,
    NFTokenID: intent.nftId,
    URI: convertStringToHex(intent.uri),
    ...(intent.owner ? { Owner: intent.owner } : {}),
  }
}

/** The modify's transaction, for the registry of intent types. */
export const modifyIntent: IntentSpec<ModifyIntent> = {
  type: 'modify',
  validate: validateModifyIntent,
  build: buildModify,
  results: {
    tesSUCCESS: 'The NFT now has its new URI.',
    tecNO_PERMISSION:
      'Not changed: the NFT was not minted mutable, or your account is neither its issuer nor the issuer’s authorized minter.',
    tecNO_ENTRY:
      'Not changed: the NFT is no longer held by the account the plan read (it moved or was burned). Plan the change again.',
    temDISABLED: `This network does not let NFTs change (XLS-46 DynamicNFT is not enabled); ${NOTHING_CHANGED}.`,
    temMALFORMED: `The network rejected the change as malformed; ${NOTHING_CHANGED}.`,
    skipped: 'Skipped: this NFT was left out of the job, so its URI did not change.',
    cancelled: 'Not changed: the job was cancelled before this NFT was signed for.',
  },
}
