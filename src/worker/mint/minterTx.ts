/**
 * The issuer's side of minting for it: AccountSet with asfAuthorizedNFTokenMinter (10) names the one
 * account whose NFTokenMints may carry this account as `Issuer`; ClearFlag 10 takes the right back.
 * One minter at a time: naming another replaces the first.
 */
import { isValidClassicAddress } from 'xrpl'
import type { AccountSet } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import {
  describeValue,
  invalidIntent,
  requireAccount,
  requireIntentType,
} from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'
import { NOTHING_CHANGED } from '../ledger/resultMessages.ts'

/** An intent to name (or take back) the account's authorized minter. */
export type SetMinterIntent = Extract<Intent, { type: 'setMinter' }>

/** rippled's asfAuthorizedNFTokenMinter. */
export const AUTHORIZED_MINTER_FLAG = 10

/**
 * Checks a setMinter intent as recorded in a job (an untrusted shape).
 *
 * @throws EngineError `VALIDATION` with a message fit to show.
 */
export function validateSetMinterIntent(intent: Intent, account: string): void {
  requireIntentType(intent, 'setMinter')
  requireAccount(account)
  const { minter } = intent as SetMinterIntent
  if (
    minter !== undefined &&
    (typeof minter !== 'string' || !isValidClassicAddress(minter) || minter === account)
  ) {
    throw invalidIntent(
      `Invalid minter ${describeValue(minter)}: expected the classic address of another account.`,
      'minter',
      minter,
    )
  }
}

/** The AccountSet of a valid intent; Fee, Sequence and LastLedgerSequence are the caller's. */
export function buildSetMinter(account: string, intent: SetMinterIntent): AccountSet {
  return intent.minter
    ? {
        TransactionType: 'AccountSet',
        Account: account,
        SetFlag: AUTHORIZED_MINTER_FLAG,
        NFTokenMinter: intent.minter,
      }
    : { TransactionType: 'AccountSet', Account: account, ClearFlag: AUTHORIZED_MINTER_FLAG }
}

export const setMinterIntent: IntentSpec<SetMinterIntent> = {
  type: 'setMinter',
  validate: validateSetMinterIntent,
  build: buildSetMinter,
  results: {
    tesSUCCESS:
      'Done: the account named may now mint NFTs with yours as their issuer (or, if none was named, no account may).',
    temMALFORMED: `The network rejected the change as malformed; ${NOTHING_CHANGED}.`,
    temDISABLED: `This network does not let an account name a minter; ${NOTHING_CHANGED}.`,
    skipped: 'Skipped: the minter was not changed.',
    cancelled: 'Not changed: the job was cancelled before it was signed.',
  },
}
