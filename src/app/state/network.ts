/**
 * Which ledger network the UI uses and what the engine reports about the connection. The engine
 * owns the connection; this state mirrors its status pushes for rendering.
 */
import { proxy, useSnapshot } from 'valtio'

import { savedSettings } from '../../db/queries/settings.ts'
import { errorMessage, isEngineError, logFailure, loggedOr } from '../../shared/errors.ts'
import { DEFAULT_NETWORK_ID, OFFERED_NETWORK_IDS, isNetworkId } from '../../shared/networks.ts'
import type { NetworkId, NetworkStatus } from '../../worker/api.ts'
import { engine, subscribeStatus } from '../engine.ts'

interface NetworkState {
  /** The network the user picked (the engine's status says which one is actually in use). */
  selected: NetworkId
  /** The engine's latest status. */
  status: NetworkStatus
  /**
   * The browser's own word (navigator.onLine, and its online/offline events): a hint that makes the
   * engine look at its connection at once, never the truth about the ledger (see ledgerState).
   */
  deviceOnline: boolean
}

/** The network state. Mutate it only through the actions below. */
export const networkState = proxy<NetworkState>({
  selected: DEFAULT_NETWORK_ID,
  status: {
    network: DEFAULT_NETWORK_ID,
    endpoint: null,
    state: 'connecting',
    ledgerIndex: null,
    reserveBaseXrp: null,
    reserveIncXrp: null,
    baseFeeXrp: null,
    error: null,
  },
  deviceOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
})

let started = false

const reconnectedListeners = new Set<() => void>()

/**
 * Calls `listener` each time the ledger connection is made (the first time, and each time it
 * returns after a loss): views that kept their saved reading while it was out of reach read the
 * ledger again.
 *
 * @returns a function that removes the listener.
 */
export function onLedgerReconnected(listener: () => void): () => void {
  reconnectedListeners.add(listener)
  return () => reconnectedListeners.delete(listener)
}

/**
 * Starts mirroring the engine's status and starts connecting to the network used last time (the
 * build's default on a first visit); runs once. Resolves once the engine has the network (not once
 * it is connected).
 */
export async function startNetwork(): Promise<void> {
  if (started) return
  started = true
  await subscribeStatus((status) => {
    const returned = status.state === 'connected' && networkState.status.state !== 'connected'
    networkState.status = status
    if (returned) for (const listener of reconnectedListeners) listener()
  })
  const saved = await savedSettings().catch(
    loggedOr('reading the saved network', { network: undefined }),
  )
  if (isNetworkId(saved.network) && OFFERED_NETWORK_IDS.includes(saved.network))
    networkState.selected = saved.network
  // Not awaited: the engine takes the network at once, and the page need not wait for the
  // connection (offline, it may take a round of timeouts).
  void connectSelected()
  // The worker does not hear these in every browser: the page tells it.
  window.addEventListener('offline', () => {
    networkState.deviceOnline = false
    void engine.deviceOffline().catch(logFailure('telling the engine the device is offline'))
  })
  window.addEventListener('online', () => {
    networkState.deviceOnline = true
    void engine.retryNow().catch(logFailure('reconnecting once online'))
  })
}

/**
 * Switches to another network (the wallet follows: see switchNetwork in src/app/wallets).
 *
 * @param networkId - the network to use.
 */
export async function selectNetwork(networkId: NetworkId): Promise<void> {
  networkState.selected = networkId
  await Promise.all([connectSelected(), engine.saveSettings({ network: networkId })])
}

async function connectSelected(): Promise<void> {
  try {
    await engine.connect(networkState.selected)
  } catch (error) {
    // Connection failures already show in the status (and retries go on); a newer choice
    // cancelling this one is expected. Anything else is a bug.
    const expected =
      isEngineError(error) && ['NETWORK', 'TIMEOUT', 'CANCELLED'].includes(error.code)
    if (!expected) console.error('connect failed:', errorMessage(error))
  }
}

/** The engine's connection status, for rendering. */
export function useNetworkStatus(): Readonly<NetworkStatus> {
  return useSnapshot(networkState).status
}

/** Whether the browser says the device is online. */
export function useDeviceOnline(): boolean {
  return useSnapshot(networkState).deviceOnline
}

/**
 * Whether this tab's engine has a live ledger connection: the truth about reaching the ledger
 * (the browser's online flag is only a hint, see ledgerState).
 */
export function useLedgerConnected(): boolean {
  return useSnapshot(networkState).status.state === 'connected'
}

/** Whether the ledger connection is up now (outside React). */
export function ledgerConnected(): boolean {
  return networkState.status.state === 'connected'
}

/** The network the user picked. */
export function useSelectedNetwork(): NetworkId {
  return useSnapshot(networkState).selected
}
