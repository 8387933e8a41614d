/**
 * The GEM Wallet browser extension, through its official client `@gemwallet/api` (the only module
 * that imports it). The library talks to the extension's content script with `window.postMessage`
 * (requests tagged `GEM_WALLET_MSG_REQUEST`, answers `GEM_WALLET_MSG_RESPONSE`); the extension signs
 * and submits with the user's own key, which never reaches this app.
 *
 * The library is loaded on first use: only the GEM Wallet flow needs it, and the first screen should
 * not wait for it.
 */
import type { SignTransactionRequest } from '@gemwallet/api'

import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../../worker/api.ts'
import { regularKeyOutcome } from '../regularKey/regularKeyResult.ts'
import type { RegularKeyOutcome } from '../regularKey/regularKeyResult.ts'

const gemApi = () => import('@gemwallet/api')

/** Whether the extension answers on this page (the library gives up after about a second). */
export async function gemInstalled(): Promise<boolean> {
  try {
    const response = await (await gemApi()).isInstalled()
    return response.result.isInstalled
  } catch {
    return false
  }
}

/**
 * The address of the account selected in GEM Wallet (the primary account), or null when the user
 * refused or the extension failed.
 */
export async function gemPrimaryAddress(): Promise<string | null> {
  try {
    const response = await (await gemApi()).getAddress()
    return response.result?.address ?? null
  } catch {
    return null
  }
}

/**
 * Asks GEM Wallet to sign and submit a SetRegularKey making `regularKeyAddress` the RegularKey of
 * the primary account.
 *
 * @returns the transaction hash, or the failure to show (see regularKeyOutcome for the spec's rules).
 */
export async function gemSetRegularKey(regularKeyAddress: string): Promise<RegularKeyOutcome> {
  try {
    const response = await (await gemApi()).setRegularKey({ regularKey: regularKeyAddress })
    return regularKeyOutcome({ result: response.result })
  } catch (error) {
    return regularKeyOutcome({ error })
  }
}

/**
 * The account selected in GEM Wallet and its public key (the key that signs for it), for signing
 * jobs transaction by transaction.
 *
 * @throws Error with a message fit to show, when the user declines or the extension fails.
 */
export async function gemAccount(): Promise<{ address: string; publicKey: string }> {
  const response = await (await gemApi()).getPublicKey()
  const result = response.result
  if (!result?.address || !result.publicKey)
    throw new Error('You declined to share your account in GEM Wallet')
  return { address: result.address, publicKey: result.publicKey }
}

/**
 * The approval port of GEM Wallet: each prepared transaction is one `signTransaction` (one approval
 * in the extension; GEM signs without submitting), one after the other; the first refusal stops the
 * window with what was signed before it.
 */
export function gemApprovals(): ApprovalPort {
  return {
    async approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      const api = await gemApi()
      const signed: string[] = []
      for (const transaction of request.transactions) {
        try {
          const response = await api.signTransaction({
            transaction: transaction as unknown as SignTransactionRequest['transaction'],
          })
          const blob = response.result?.signature
          if (!blob)
            return { signed, stopped: { reason: 'refused', message: 'you declined in GEM Wallet' } }
          signed.push(blob)
        } catch (error) {
          const said =
            error instanceof Error && error.message ? `: ${error.message.slice(0, 160)}` : ''
          return { signed, stopped: { reason: 'closed', message: `GEM Wallet failed${said}` } }
        }
      }
      return { signed }
    },
  }
}
