/**
 * Connecting a wallet, opening an account read-only, unlocking a stored key and disconnecting
 * (spec part 1 §4 Wallet): what the wallet dropdown and the Regular Key setup do. On success the
 * account shown changes through `setWallet`; on failure the message goes to the dropdown's red box.
 */
import { proxy } from 'comlink'

import { errorMessage } from '../../shared/errors.ts'
import { APPROVER_WALLETS } from '../../shared/wallets.ts'
import type { ApproverWalletId } from '../../shared/wallets.ts'
import type { CredentialInput, KeyProtection, NetworkId, WalletInfo } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import {
  lockedKeyOfNetwork,
  rememberAccount,
  rememberedView,
  restoreStored,
  sessionState,
  setWallet,
} from '../state/session.ts'
import type { AuthMethod } from '../state/session.ts'
import { showChooser } from '../state/sessionStart.ts'
import { selectNetwork } from '../state/network.ts'
import { setWalletMenuOpen } from '../state/ui.ts'

/**
 * Connects with a typed credential (the dropdown's Quick Connect). On success the dropdown closes and
 * the error clears; on failure the message goes to the red box.
 *
 * @returns true when connected (the form then clears its input).
 */
export async function connectWithCredential(input: CredentialInput): Promise<boolean> {
  if (!input.secret.trim()) {
    sessionState.error = 'Please enter your wallet key'
    return false
  }
  return await connectWith(() => engine.connectWallet(input), 'seed')
}

/**
 * Connects through an external wallet (Crossmark, GEM Wallet…): the user signs in there, and the
 * engine is given the account, the key that signs for it and the port through which it asks the
 * wallet to approve each job's transactions. No secret enters the app.
 */
export async function connectExternalWallet(id: ApproverWalletId): Promise<boolean> {
  return await connectWith(async () => {
    const { signInWith } = await import('./adapters/externalWallets.ts')
    let signedIn
    try {
      signedIn = await signInWith(id)
    } catch (error) {
      throw new Error(errorMessage(error, `${APPROVER_WALLETS[id].name} did not sign in`), {
        cause: error,
      })
    }
    const { address, publicKey, port } = signedIn
    const wallet = await engine.connectApprover(
      { wallet: id, account: address, publicKey },
      proxy(port),
    )
    // Connected from the method chooser: on to the main screen.
    sessionState.stage = 'main'
    return wallet
  }, 'seed')
}

/** The Sandbox's 'Use demo wallet'. */
export async function connectDemoWallet(): Promise<boolean> {
  return await connectWith(() => engine.connectDemoWallet(), 'seed')
}

/**
 * Opens an account by its address alone, read-only ('View an account'): nothing to sign with, so
 * every action that signs asks to connect first. Works offline (the saved list shows).
 *
 * @returns null when opened; else why not, for the form to show.
 */
export async function viewAccount(address: string): Promise<string | null> {
  try {
    const checked = await engine.checkAddress(address)
    // A wallet connected for another account is let go: the app shows one account at a time.
    if (sessionState.wallet && !sessionState.wallet.viewOnly) await engine.lock()
    const network = (await engine.getNetworkStatus()).network
    setWallet({ network, address: checked, viewOnly: true })
    setWalletMenuOpen(false)
    return null
  } catch (error) {
    return errorMessage(error, 'Failed to open the account')
  }
}

/**
 * 'Close account' of a read-only account: the app forgets it (a reload no longer opens it) and
 * shows no account.
 */
export async function closeViewedAccount(): Promise<void> {
  const wallet = sessionState.wallet
  setWalletMenuOpen(false)
  sessionState.error = null
  if (wallet) await rememberAccount(wallet.network, null)
  setWallet(null)
}

/**
 * The Regular Key setup's last step: GEM Wallet set the key on `primaryAddress`; the engine waits for
 * it on a validated ledger, stores the key on this device and connects with it.
 */
export async function completeRegularKey(
  primaryAddress: string,
  protection: KeyProtection,
): Promise<WalletInfo> {
  const wallet = await engine.confirmRegularKey(primaryAddress, protection)
  sessionState.authMethod = 'regularkey'
  sessionState.error = null
  setWallet(wallet)
  return wallet
}

async function connectWith(
  connect: () => Promise<WalletInfo>,
  method: AuthMethod,
): Promise<boolean> {
  sessionState.connecting = true
  sessionState.error = null
  try {
    const wallet = await connect()
    sessionState.authMethod = method
    setWallet(wallet)
    setWalletMenuOpen(false)
    return true
  } catch (error) {
    sessionState.error = errorMessage(error, 'Failed to connect wallet')
    return false
  } finally {
    sessionState.connecting = false
  }
}

/** Clears the dropdown's error box (a new opening starts clean). */
export function clearConnectError(): void {
  sessionState.error = null
}

/**
 * 'Disconnect Wallet': the worker forgets the secrets; the dropdown closes. A regular-key session
 * chooses: `keep` leaves the key stored on this device (the next visit connects with it, after the
 * passphrase if it has one), `forget` deletes it here (nothing reconnects by itself; the key stays
 * set on the account until removed there); `device` ('Forget this device') deletes every key
 * stored on this device.
 */
export async function disconnectWallet(
  stored: 'keep' | 'forget' | 'device' = 'keep',
): Promise<void> {
  const wallet = sessionState.wallet
  setWalletMenuOpen(false)
  sessionState.error = null
  // Disconnecting is leaving: the next visit does not reopen the account either (forgotten first,
  // so that a reload right after the click finds it forgotten).
  if (wallet) await rememberAccount(wallet.network, null)
  // The key is forgotten (or locked) before the app shows the wallet gone: a user who sees it
  // disconnected and closes the tab must not leave behind a key they asked us to forget.
  if (stored === 'forget') await engine.forgetStoredKey()
  else if (stored === 'device') await engine.forgetDevice()
  else await engine.lock()
  setWallet(null)
  sessionState.lockedKey = null
}

/** Unlocks the regular key kept under a passphrase. @returns null when connected, else why not. */
export async function unlockStoredKey(passphrase: string): Promise<string | null> {
  sessionState.connecting = true
  try {
    const wallet = await engine.unlockWallet(passphrase)
    sessionState.authMethod = 'regularkey'
    sessionState.lockedKey = null
    setWallet(wallet)
    setWalletMenuOpen(false)
    return null
  } catch (error) {
    // A key the ledger no longer accepts was deleted: nothing is left to unlock.
    await lockedKeyOfNetwork()
    return errorMessage(error, 'Failed to unlock the key')
  } finally {
    sessionState.connecting = false
  }
}

/**
 * This app's key was removed from the account (a removeRegularKey job): the engine ended the session
 * and deleted the stored key; the account stays shown read-only.
 */
export function keyRemovedFromAccount(): void {
  const wallet = sessionState.wallet
  if (wallet) setWallet({ network: wallet.network, address: wallet.address, viewOnly: true })
  sessionState.lockedKey = null
}

/** Switches to another network, and to the wallet of that network. */
export async function switchNetwork(networkId: NetworkId): Promise<void> {
  await selectNetwork(networkId)
  await refreshWallet()
}

/**
 * 'Switch Authentication Method': disconnects (wallet, NFT list and error cleared through the wallet
 * listeners), forgets the preferred method and shows the chooser.
 */
export async function switchAuthMethod(): Promise<void> {
  await disconnectWallet()
  await showChooser()
}

/** The network changed: the wallet of that network (a stored GEM session may exist there). */
async function refreshWallet(): Promise<void> {
  const current = (await engine.getWallet()) ?? (await restoreStored())
  const network = (await engine.getNetworkStatus()).network
  if (current) sessionState.lockedKey = null
  else await lockedKeyOfNetwork()
  setWallet(current ?? (await rememberedView(network)))
}
