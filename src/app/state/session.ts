/**
 * Who is connected and how (spec part 1 §4 Wallet, part 2 §4 App start, session restore, switching
 * method): the stage the page shows, the account shown, and that account's scope, which every tab's
 * actions take (`walletSignal`). The stages move in `sessionStart.ts`; connecting, viewing and
 * disconnecting are in `walletConnect.ts`.
 *
 * Secrets are typed into the wallet dropdown and go straight to the worker (`engine.connectWallet`),
 * never into this state.
 */
import { proxy, useSnapshot } from 'valtio'

import { savedSettings } from '../../db/queries/settings.ts'
import { logFailure, loggedOr } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { AppSettings, StoredSession, WalletInfo } from '../../worker/api.ts'
import { engine } from '../engine.ts'

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

/**
 * The account shown's scope: aborted, and a new one made, whenever the account shown changes. Each
 * action takes the signal when it starts and drops its answer once the signal is aborted, so an
 * answer for the account left behind never lands in the next one's state.
 */
let walletScope = new AbortController()

/** The signal of the account shown now (see {@link onWalletChange}). */
export function walletSignal(): AbortSignal {
  return walletScope.signal
}

/**
 * Shows `wallet` (null: none). A change of account aborts the old account's scope before the
 * listeners hear of it.
 */
export function setWallet(wallet: SessionWallet | null): void {
  const before = sessionState.wallet
  sessionState.wallet = wallet
  const same = before?.address === wallet?.address && before?.network === wallet?.network
  if (!same) {
    walletScope.abort()
    walletScope = new AbortController()
    for (const listener of walletListeners) listener(wallet)
  }
  if (wallet) void rememberAccount(wallet.network, wallet.address)
  // Reading needs no key: the engine follows an account shown read-only (its stream, its airdrops'
  // acceptance) as it does a connected wallet's, so nothing shown goes stale until a key is typed.
  const viewed = wallet?.viewOnly ? { network: wallet.network, address: wallet.address } : null
  void engine.viewAccount(viewed).catch(logFailure('following the account shown'))
}

/** The account last opened on each network, as saved; empty when none was. */
async function rememberedAccounts(): Promise<Partial<Record<NetworkId, string>>> {
  const saved: Partial<AppSettings> = await savedSettings().catch(
    loggedOr('reading the saved settings', {}),
  )
  return saved.viewAccounts ?? {}
}

/**
 * Saves (or, with null, forgets) the account shown on a network, so that a reload opens it
 * read-only. Only the public address is saved.
 */
export async function rememberAccount(network: NetworkId, address: string | null): Promise<void> {
  const accounts = await rememberedAccounts()
  if ((accounts[network] ?? null) === address) return
  const next = { ...accounts }
  if (address === null) delete next[network]
  else next[network] = address
  await engine.saveSettings({ viewAccounts: next }).catch(logFailure('remembering the account'))
}

/** The account remembered on `network`, read-only; null when none is. */
export async function rememberedView(network: NetworkId): Promise<ViewOnlyAccount | null> {
  const address = (await rememberedAccounts())[network]
  return address ? { network, address, viewOnly: true } : null
}

/** The current network's key kept under a passphrase (not restored without it), or null. */
export async function lockedKeyOfNetwork(): Promise<StoredSession | null> {
  const stored = await engine.storedSession().catch(loggedOr('reading the stored key', null))
  sessionState.lockedKey = stored?.protection === 'passphrase' ? stored : null
  return sessionState.lockedKey
}

/** The stored session, if any; one that cannot be restored (its key replaced, say) is none (logged). */
export async function restoreStored(): Promise<WalletInfo | null> {
  return await engine.restoreWallet().catch(loggedOr('restoring the stored session', null))
}

/** The session, for rendering. */
export function useSession(): Readonly<SessionState> {
  return useSnapshot(sessionState)
}
