/**
 * SetRegularKey without a RegularKey: removes the account's regular key — the key this app signs
 * with after the GEM Wallet setup, which can sign any transaction of the account until removed. It is
 * signed by that key itself. The ledger refuses it (tecNO_ALTERNATIVE_KEY) when the account's master
 * key is disabled and it has no signer list: the account would have no way left to sign.
 */
import type { SetRegularKey } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { requireAccount, requireIntentType } from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'

/** An intent to remove the account's regular key. */
export type RemoveRegularKeyIntent = Extract<Intent, { type: 'removeRegularKey' }>

/**
 * Checks a removal intent: its type and the signing account.
 *
 * @throws EngineError `VALIDATION` with a message fit to show.
 */
export function validateRemoveRegularKeyIntent(
  intent: Intent,
  account: string,
): asserts intent is RemoveRegularKeyIntent {
  requireIntentType(intent, 'removeRegularKey')
  requireAccount(account)
}

/** The SetRegularKey that removes the key (no RegularKey field). */
export function buildRemoveRegularKey(account: string): SetRegularKey {
  return { TransactionType: 'SetRegularKey', Account: account }
}

/** The key removal's transaction, for the registry of intent types. */
export const removeRegularKeyIntent: IntentSpec<RemoveRegularKeyIntent> = {
  type: 'removeRegularKey',
  validate: validateRemoveRegularKeyIntent,
  build: (account) => buildRemoveRegularKey(account),
  results: {
    tesSUCCESS:
      "This app's signing key was removed from your account: it can no longer sign anything.",
    tecNO_ALTERNATIVE_KEY:
      "The ledger refused: your account's master key is disabled and it has no signer list, so this key is its only way to sign. Enable the master key or set a signer list first.",
    skipped: 'Skipped: the key was not removed.',
    cancelled: 'Not sent: the job was cancelled before the removal was signed.',
  },
}
