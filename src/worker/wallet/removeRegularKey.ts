/**
 * SetRegularKey without a RegularKey: removes the account's regular key — the key this app signs
 * with after the GEM Wallet setup, which can sign any transaction of the account until removed. It is
 * signed by that key itself. The ledger refuses it (tecNO_ALTERNATIVE_KEY) when the account's master
 * key is disabled and it has no signer list: the account would have no way left to sign.
 */
import type { SetRegularKey } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { requireAccount, requireIntentType } from '../ledger/intentFields.ts'
import { readAccountKeys } from './accountKeys.ts'
import type { IntentSpec, LastLookContext, Refusal } from '../ledger/intentTypes.ts'
import { keyRemovalProblem } from './keyRemovalProblem.ts'

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

/**
 * The removal's last look before signing (see `IntentSpec.lastLook`): it is signed only by the key
 * it removes, while the ledger still has that key as the account's RegularKey and removing it leaves
 * the account a way to sign. The job may have been planned long before, and a SetRegularKey without
 * a key removes whatever key is set.
 */
async function removalLastLook(
  intent: RemoveRegularKeyIntent,
  context: LastLookContext,
): Promise<Refusal | null> {
  const { keyAddress } = intent
  const signingKey = context.signingKey
  if (signingKey !== keyAddress) {
    return {
      code: 'NO_REGULAR_KEY',
      message: `This removal is signed by the key it removes (${keyAddress}); the wallet connected now signs with ${signingKey}. Nothing was signed`,
    }
  }
  const keys = await readAccountKeys(context.client, context.account, context.networkName)
  return keyRemovalProblem(keyAddress, 0, keys)
}

/** The key removal's transaction, for the registry of intent types. */
export const removeRegularKeyIntent: IntentSpec<RemoveRegularKeyIntent> = {
  type: 'removeRegularKey',
  validate: validateRemoveRegularKeyIntent,
  build: (account) => buildRemoveRegularKey(account),
  lastLook: removalLastLook,
  results: {
    tesSUCCESS:
      "This app's signing key was removed from your account: it can no longer sign anything.",
    tecNO_ALTERNATIVE_KEY:
      "The ledger refused: your account's master key is disabled and it has no signer list, so this key is its only way to sign. Enable the master key or set a signer list first.",
    skipped: 'Skipped: the key was not removed.',
    cancelled: 'Not sent: the job was cancelled before the removal was signed.',
  },
}
