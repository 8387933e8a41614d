/**
 * Who is connected and how (spec part 1 §4 Wallet, part 2 §4 App start, session restore, switching
 * method). The stage decides what the page shows: the first-visit splash, the connection method
 * chooser, the Regular Key setup (GEM Wallet), or the main shell with its four tabs.
 *
 * Preferences (splash seen, preferred method) are saved through the engine; secrets are typed into
 * the wallet dropdown and go straight to the worker (`engine.connectWallet`), never into this state.
 */
import { proxy, useSnapshot } from 'valtio'

import { savedSettings } from '../../db/queries/settings.ts'
import { errorMessage, logFailure } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type {
  AppSettings,
  CredentialInput,
  KeyProtection,
  StoredSession,
  WalletInfo,
} from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { restoreDarkMode, setWalletMenuOpen } from './ui.ts'

/** What the page shows. `starting`: settings and a stored session are being read. */
export type Stage = 'starting' | 'splash' | 'chooser' | 'regularKeySetup' | 'main'

/** The spec's authMethod: `seed` signs with a typed credential, `regularkey` with the GEM flow's key. */
export type AuthMethod = 'seed' | 'regularkey'

/**
 * An account opened by its address alone (remembered from the last session, or typed): its NFTs,
 * offers and jobs are shown, nothing can be signed for it until its wallet is connected.
 */
export interface ViewOnlyAccount {
  network: NetworkId
  address: string
  viewOnly: true
}

/** A connected wallet (it signs). */
export type SigningWallet = WalletInfo & { viewOnly?: false }

/** The account the app shows: a connected wallet, or one opened read-only. */
export type SessionWallet = SigningWallet | ViewOnlyAccount

interface SessionState {
  stage: Stage
  authMethod: AuthMethod
  /** The account shown; `viewOnly` when no wallet signs for it (see `signingWallet`). */
  wallet: SessionWallet | null
  /** A connect call is under way ('Connecting...'). */
  connecting: boolean
  /** The wallet dropdown's red error box; null when there is nothing to show. */
  error: string | null
  /**
   * A regular key stored on this device for the current network under a passphrase, not unlocked
   * yet: the wallet dropdown asks for the passphrase.
   */
  lockedKey: StoredSession | null
}

/** The session. Mutate it only through the actions below. */
export const sessionState = proxy<SessionState>({
  stage: 'starting',
  authMethod: 'seed',
  wallet: null,
  connecting: false,
  error: null,
  lockedKey: null,
})

/** Listeners told when the wallet changes (connected, switched, disconnected): the NFT list, say. */
const walletListeners = new Set<(wallet: SessionWallet | null) => void>()

/**
 * Calls `listener` whenever the account shown changes (connected, opened read-only, switched,
 * disconnected). Connecting the wallet of the account already shown read-only is no change.
 *
 * @returns a function that removes the listener.
 */
export function onWalletChange(listener: (wallet: SessionWallet | null) => void): () => void {
  walletListeners.add(listener)
  return () => walletListeners.delete(listener)
}

/** The wallet that signs for the account shown; null when none is connected (or it is read-only). */
export function signingWallet(wallet: Readonly<SessionWallet> | null): SigningWallet | null {
  return wallet && !wallet.viewOnly ? wallet : null
}

function setWallet(wallet: SessionWallet | null): void {
  const before = sessionState.wallet
  sessionState.wallet = wallet
  const same = before?.address === wallet?.address && before?.network === wallet?.network
  if (!same) for (const listener of walletListeners) listener(wallet)
  if (wallet) void rememberAccount(wallet.network, wallet.address)
}

/** The account last opened on each network, as saved; empty when none was. */
async function rememberedAccounts(): Promise<Partial<Record<NetworkId, string>>> {
  const saved: Partial<AppSettings> = await savedSettings().catch(() => ({}))
  return saved.viewAccounts ?? {}
}

/**
 * Saves (or, with null, forgets) the account shown on a network, so that a reload opens it
 * read-only. Only the public address is saved.
 */
async function rememberAccount(network: NetworkId, address: string | null): Promise<void> {
  const accounts = await rememberedAccounts()
  if ((accounts[network] ?? null) === address) return
  const next = { ...accounts }
  if (address === null) delete next[network]
  else next[network] = address
  await engine.saveSettings({ viewAccounts: next }).catch(logFailure('remembering the account'))
}

/** The account remembered on `network`, read-only; null when none is. */
async function rememberedView(network: NetworkId): Promise<ViewOnlyAccount | null> {
  const address = (await rememberedAccounts())[network]
  return address ? { network, address, viewOnly: true } : null
}

/**
 * Reads the saved preferences and any GEM session stored on this device, then picks the stage:
 * a restored regular-key session goes straight to the main shell; otherwise the preferred method's
 * flow once the splash was seen; the splash on a first visit; else the chooser.
 */
export async function startSession(): Promise<void> {
  const saved: Partial<AppSettings> = await savedSettings().catch(() => ({}))
  restoreDarkMode(saved.darkMode)
  const restored = await restoreStored()
  if (restored) {
    sessionState.authMethod = 'regularkey'
    setWallet(restored)
    sessionState.stage = 'main'
    return
  }
  const locked = await lockedKeyOfNetwork()
  if (locked) {
    // A key kept under a passphrase: the main shell, with the wallet menu asking for it.
    sessionState.authMethod = 'regularkey'
    setWallet({ network: locked.network, address: locked.primaryAddress, viewOnly: true })
    sessionState.stage = 'main'
    setWalletMenuOpen(true)
    return
  }
  const preferred = saved.preferredAuthMethod ?? null
  const network = await engine
    .getNetworkStatus()
    .then((status) => status.network)
    .catch(() => null)
  const remembered = network ? await rememberedView(network) : null
  if (remembered) {
    // The last account, read-only: its list, offers and jobs show at once (offline too).
    sessionState.authMethod = preferred ?? 'seed'
    setWallet(remembered)
    sessionState.stage = 'main'
  } else if (!saved.hasSeenSplash) sessionState.stage = 'splash'
  else if (preferred) showMethod(preferred)
  else sessionState.stage = 'chooser'
}

/**
 * Saves a choice before the screen changes: a reload right after the change must find it (it used
 * to be saved after, and a quick reload came back to the old screen). A failed save still lets the
 * user go on; the choice is then asked again next time.
 */
async function saveThenShow(patch: Partial<AppSettings>): Promise<void> {
  await engine.saveSettings(patch).catch((error: unknown) => {
    console.error('settings not saved:', errorMessage(error))
  })
}

/** The splash's Get Started: remembered, then the method chooser. */
export async function getStarted(): Promise<void> {
  await saveThenShow({ hasSeenSplash: true })
  sessionState.stage = 'chooser'
}

/** The chooser's Back: forgets the preferred method and shows the splash again. */
export async function backToSplash(): Promise<void> {
  await saveThenShow({ preferredAuthMethod: null })
  sessionState.stage = 'splash'
}

/**
 * Picks an authentication method (the chooser's cards, the dropdown's method buttons): remembered as
 * preferred, then its flow — the Regular Key setup for `regularkey` while not connected, the main
 * shell for `seed`.
 */
export async function chooseMethod(method: AuthMethod): Promise<void> {
  await saveThenShow({ preferredAuthMethod: method, hasSeenSplash: true })
  showMethod(method)
}

function showMethod(method: AuthMethod): void {
  sessionState.authMethod = method
  sessionState.stage = method === 'regularkey' && !sessionState.wallet ? 'regularKeySetup' : 'main'
}

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

/** After the setup's success panel: the main shell. */
export function enterMainShell(): void {
  sessionState.stage = 'main'
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

/**
 * 'Switch Authentication Method': forgets the preferred method, disconnects (wallet, NFT list and
 * error cleared through the wallet listeners) and shows the chooser.
 */
export async function switchAuthMethod(): Promise<void> {
  await disconnectWallet()
  await saveThenShow({ preferredAuthMethod: null })
  sessionState.stage = 'chooser'
}

/** The network changed: the wallet of that network (a stored GEM session may exist there). */
export async function refreshWallet(): Promise<void> {
  const current = (await engine.getWallet()) ?? (await restoreStored())
  const network = (await engine.getNetworkStatus()).network
  if (current) sessionState.lockedKey = null
  else await lockedKeyOfNetwork()
  setWallet(current ?? (await rememberedView(network)))
}

/** The current network's key kept under a passphrase (not restored without it), or null. */
async function lockedKeyOfNetwork(): Promise<StoredSession | null> {
  const stored = await engine.storedSession().catch((e: unknown) => {
    logFailure('reading the stored key')(e)
    return null
  })
  sessionState.lockedKey = stored?.protection === 'passphrase' ? stored : null
  return sessionState.lockedKey
}

/** The stored session, if any; one that cannot be restored (its key replaced, say) is none (logged). */
async function restoreStored(): Promise<WalletInfo | null> {
  return await engine.restoreWallet().catch((e: unknown) => {
    logFailure('restoring the stored session')(e)
    return null
  })
}

/** The session, for rendering. */
export function useSession(): Readonly<SessionState> {
  return useSnapshot(sessionState)
}
