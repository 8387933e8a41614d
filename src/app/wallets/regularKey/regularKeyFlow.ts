/**
 * The Regular Key setup's submit (spec part 2 §2, §4, §8): GEM Wallet gives the primary account and
 * sets the generated key as its RegularKey; the engine then waits for a validated ledger to show it,
 * stores the key encrypted on this device and connects.
 */
import { errorMessage } from '../../../shared/errors.ts'
import type { KeyProtection } from '../../../worker/api.ts'
import { completeRegularKey } from '../walletConnect.ts'
import { gemInstalled, gemPrimaryAddress, gemSetRegularKey } from '../adapters/gemWallet.ts'
import { GET_ADDRESS_FAILED } from './regularKeyResult.ts'

/** Where the setup is, for the progress line. */
export type SetupStep = 'checking' | 'address' | 'approval' | 'ledger'

/** The progress line of each step. */
export const STEP_TEXT: Readonly<Record<SetupStep, string>> = {
  checking: 'Checking GEM Wallet...',
  address: 'Asking GEM Wallet for your account address...',
  approval: 'Approve the SetRegularKey transaction in GEM Wallet...',
  ledger: 'Waiting for a validated ledger to show the new regular key...',
}

/** What the success panel shows. */
export interface SetupSuccess {
  hash: string
  primaryAddress: string
  regularKeyAddress: string
}

/** The spec's fallback when the last step fails without a message. */
const SETUP_FAILED = 'Regular Key setup failed'

/**
 * Runs the setup for the key the engine generated.
 *
 * @param regularKeyAddress - the generated key's address (from engine.prepareRegularKey).
 * @param protection - how the key is kept on this device (a passphrase, or the browser alone).
 * @param onStep - told when a step starts.
 * @throws Error with the message to show.
 */
export async function runRegularKeySetup(
  regularKeyAddress: string,
  protection: KeyProtection,
  onStep: (step: SetupStep) => void,
): Promise<SetupSuccess> {
  onStep('checking')
  if (!(await gemInstalled())) throw new Error('GEM Wallet not installed')
  onStep('address')
  const primaryAddress = await gemPrimaryAddress()
  if (!primaryAddress) throw new Error(GET_ADDRESS_FAILED)
  onStep('approval')
  const outcome = await gemSetRegularKey(regularKeyAddress)
  if (!outcome.ok) throw new Error(outcome.error)
  onStep('ledger')
  try {
    await completeRegularKey(primaryAddress, protection)
  } catch (error) {
    throw new Error(errorMessage(error, SETUP_FAILED), { cause: error })
  }
  return { hash: outcome.hash, primaryAddress, regularKeyAddress }
}
