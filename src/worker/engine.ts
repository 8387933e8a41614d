/**
 * The ledger engine: a plain class that implements the EngineApi. The worker entry exposes one
 * instance through Comlink; tests in Node use it directly.
 */
import { releaseProxy } from 'comlink'

import { EngineError } from '../shared/errors.ts'
import { DEFAULT_NETWORK_ID, isNetworkId, NETWORKS } from '../shared/networks.ts'
import type { NetworkConfig } from '../shared/networks.ts'
import type { EngineApi, NetworkId, NetworkStatus, StatusListener } from './api.ts'
import { ConnectionManager, DEFAULT_TIMING } from './network/connectionManager.ts'
import type { ConnectionTiming } from './network/session.ts'

/** How to build an Engine; everything has a production default. */
export interface EngineOptions {
  /** The networks to offer; tests point the sandbox at an in-process ledger. */
  networks?: Readonly<Record<NetworkId, NetworkConfig>>
  /** Client limits and reconnect backoff. */
  timing?: Partial<ConnectionTiming>
}

/** A Comlink proxy carries a release function; a plain function (in Node) does not. */
type MaybeProxy = StatusListener & { [releaseProxy]?: () => void }

/** The ledger engine. */
export class Engine implements EngineApi {
  private readonly networks: Readonly<Record<NetworkId, NetworkConfig>>
  private readonly connection: ConnectionManager
  private readonly listeners = new Map<number, MaybeProxy>()
  private nextSubscription = 1

  /** @param options - networks and timing; the build's defaults otherwise. */
  constructor(options: EngineOptions = {}) {
    this.networks = options.networks ?? NETWORKS
    this.connection = new ConnectionManager((status) => this.publish(status), DEFAULT_NETWORK_ID, {
      ...DEFAULT_TIMING,
      ...options.timing,
    })
  }

  async connect(networkId: NetworkId): Promise<NetworkStatus> {
    // The id comes from the UI thread: check it rather than trust the type.
    if (!isNetworkId(networkId)) {
      throw new EngineError('VALIDATION', `Unknown network: ${String(networkId)}`, { networkId })
    }
    return await this.connection.connect(this.networks[networkId])
  }

  async disconnect(): Promise<void> {
    await this.connection.disconnect()
  }

  getNetworkStatus(): Promise<NetworkStatus> {
    return Promise.resolve(this.connection.status)
  }

  onStatus(listener: StatusListener): Promise<number> {
    const subscription = this.nextSubscription++
    this.listeners.set(subscription, listener)
    this.notify(subscription, listener, this.connection.status)
    return Promise.resolve(subscription)
  }

  offStatus(subscription: number): Promise<void> {
    const listener = this.listeners.get(subscription)
    this.listeners.delete(subscription)
    listener?.[releaseProxy]?.()
    return Promise.resolve()
  }

  private publish(status: NetworkStatus): void {
    for (const [subscription, listener] of this.listeners)
      this.notify(subscription, listener, status)
  }

  private notify(subscription: number, listener: MaybeProxy, status: NetworkStatus): void {
    const drop = () => void this.offStatus(subscription)
    try {
      // Through Comlink the call returns a promise that rejects once the page is gone: drop it then.
      const result: unknown = listener(status)
      if (result instanceof Promise) result.catch(drop)
    } catch {
      drop()
    }
  }
}
