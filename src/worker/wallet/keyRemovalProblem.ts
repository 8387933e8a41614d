/** Pre-flight's (and the last look before signing's) verdict on removing the regular key. Pure. */
import type { PlanProblem } from '../api.ts'
import type { AccountKeyFacts } from './accountKeys.ts'

/**
 * What stands in the way of removing the regular key: it is not (any more) the account's RegularKey,
 * or it is the account's only way to sign (master key disabled, no signer list: the ledger answers
 * tecNO_ALTERNATIVE_KEY). Blocking: the job is this one transaction.
 */
export function keyRemovalProblem(
  keyAddress: string,
  index: number,
  keys: AccountKeyFacts | null,
): PlanProblem | null {
  if (!keys) return null
  if (keys.regularKey !== keyAddress) {
    const now = keys.regularKey ? `its regular key is ${keys.regularKey}` : 'it has no regular key'
    const message = `This device's key ${keyAddress} is not the regular key of ${keys.account} (${now}): there is nothing of this app's to remove`
    return { code: 'NO_REGULAR_KEY', message, itemIndex: index, blocking: true }
  }
  if (keys.masterDisabled && !keys.hasSignerList) {
    const message = `The master key of ${keys.account} is disabled and it has no signer list: this regular key is its only way to sign, and the ledger refuses to remove it (tecNO_ALTERNATIVE_KEY). Enable the master key or set a signer list first`
    return { code: 'NO_ALTERNATIVE_KEY', message, itemIndex: index, blocking: true }
  }
  return null
}
