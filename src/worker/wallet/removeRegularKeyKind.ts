/**
 * The removeRegularKey job kind: this app's signing key removed from the account, by a SetRegularKey
 * without a key signed by that key itself.
 */
import { EngineError } from '../../shared/errors.ts'
import type { RemoveRegularKeyRequest } from '../contract/wallet.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import { readAccountKeys } from './accountKeys.ts'
import { keyRemovalProblem } from './keyRemovalProblem.ts'

export const removeRegularKeyKind: JobKindSpec<RemoveRegularKeyRequest> = {
  kind: 'removeRegularKey',
  intentTypes: ['removeRegularKey'],
  touchesNfts: false,
  // Whatever key the caller names is ignored: the key removed is the one connected.
  validate: () => ({ kind: 'removeRegularKey' }),
  prepare: (_request, { wallet }) => {
    // Only the regular key may sign its own removal.
    if (wallet.signing !== 'regular') {
      throw new EngineError(
        'VALIDATION',
        "Connect with the account's regular key to remove it: the key signs its own removal",
      )
    }
    return { kind: 'removeRegularKey', keyAddress: wallet.keyAddress }
  },
  intents: (request) => {
    if (!request.keyAddress) throw new EngineError('INTERNAL', 'No key to remove was named')
    return [{ intent: { type: 'removeRegularKey', keyAddress: request.keyAddress } }]
  },
  // Who may sign for the account decides whether the key can go (see keyRemovalProblem).
  itemChecks: async ({ client, account, networkName }) => {
    const keys = await readAccountKeys(client, account, networkName)
    return (intent, index) =>
      intent.type === 'removeRegularKey' ? keyRemovalProblem(intent.keyAddress, index, keys) : null
  },
}
