/**
 * The external wallets this device can connect (the key stays in the wallet; the app sends it
 * prepared transactions to approve): whether each is there, and its sign-in, which gives the account,
 * the public key that signs for it and the port the engine asks for approvals. Each wallet's library
 * loads on first use.
 */
import { APPROVER_WALLETS } from '../../../shared/wallets.ts'
import type { ApproverWalletId } from '../../../shared/wallets.ts'
import type { ExternalSignIn } from './signIn.ts'
import type { XamanDeps } from './xaman.ts'

/** Whether a wallet can be used here, and if not, why (with where to get it). */
export type Availability = { ok: true } | { ok: false; why: string; link?: string }

interface ExternalWallet {
  available(): Promise<Availability>
  signIn(): Promise<ExternalSignIn>
}

function notInstalled(id: ApproverWalletId): Availability {
  const { name, link } = APPROVER_WALLETS[id]
  return { ok: false, why: `${name} is not installed in this browser`, link }
}

const WALLETS: Partial<Record<ApproverWalletId, ExternalWallet>> = {
  crossmark: {
    available: async () => {
      const { crossmarkInstalled } = await import('./crossmark.ts')
      return (await crossmarkInstalled()) ? { ok: true } : notInstalled('crossmark')
    },
    signIn: async () => {
      const { crossmarkApprovals, crossmarkSignIn } = await import('./crossmark.ts')
      const account = await crossmarkSignIn()
      return { ...account, port: crossmarkApprovals() }
    },
  },
  ledger: {
    available: async () => {
      const { ledgerSupported } = await import('./ledger.ts')
      return ledgerSupported()
        ? { ok: true }
        : { ok: false, why: 'A Ledger needs Chrome, Edge or Opera on a computer (WebHID)' }
    },
    signIn: async () => (await import('./ledger.ts')).ledgerSignIn(),
  },
  xaman: {
    available: async () => {
      const { xamanConfig } = await import('./xaman.ts')
      return xamanConfig()
        ? { ok: true }
        : { ok: false, why: 'This build has no Xaman API key: connect with your secret numbers' }
    },
    signIn: async () => {
      const [{ xamanConfig, xamanSignIn }, { setXamanPending }] = await Promise.all([
        import('./xaman.ts'),
        import('../xamanPromptState.ts'),
      ])
      const config = xamanConfig()
      if (!config) throw new Error('This build has no Xaman API key')
      return await xamanSignIn(config, {
        fetch: (...args) => fetch(...args),
        // The browser's WebSocket, seen through the few members the Xaman code uses.
        WebSocket: WebSocket as unknown as XamanDeps['WebSocket'],
        onPending: setXamanPending,
      })
    },
  },
  gem: {
    available: async () => {
      const { gemInstalled } = await import('./gemWallet.ts')
      return (await gemInstalled()) ? { ok: true } : notInstalled('gem')
    },
    signIn: async () => {
      const { gemAccount, gemApprovals } = await import('./gemWallet.ts')
      return { ...(await gemAccount()), port: gemApprovals() }
    },
  },
}

/** The wallets offered here, in the order shown. */
export const EXTERNAL_WALLETS: readonly ApproverWalletId[] = (
  ['xaman', 'crossmark', 'ledger', 'gem'] as const
).filter((id) => WALLETS[id] !== undefined)

/** Whether the wallet can be used on this device now. */
export async function walletAvailable(id: ApproverWalletId): Promise<Availability> {
  const wallet = WALLETS[id]
  if (!wallet) return { ok: false, why: `${APPROVER_WALLETS[id].name} is not supported here` }
  try {
    return await wallet.available()
  } catch {
    return notInstalled(id)
  }
}

/** Signs in with the wallet (the user picks the account there). */
export async function signInWith(id: ApproverWalletId): Promise<ExternalSignIn> {
  const wallet = WALLETS[id]
  if (!wallet) throw new Error(`${APPROVER_WALLETS[id].name} is not supported here`)
  return await wallet.signIn()
}
