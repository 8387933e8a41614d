/**
 * The connection capability (ConnectionApi): which network the engine is on and through which server,
 * the user's own servers, and who hears of the status. It owns what the other capabilities read the
 * ledger through: the connection, each server's budget, and the second opinions of other servers.
 */
import type { LedgerDb } from '../../db/schema.ts'
import { EngineError, isEngineError } from '../../shared/errors.ts'
import { DEFAULT_NETWORK_ID, isNetworkId } from '../../shared/networks.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type { NetworkStatus, OwnEndpoint, OwnEndpointKind, StatusListener } from '../api.ts'
import { readValidatedLedger } from '../ledger/ledgerRequests.ts'
import { LoadBudgets } from '../ledger/pacedClient.ts'
import type { AssumedLimits, ServerPace } from '../ledger/requestScheduler.ts'
import { throttledProgress } from '../progress.ts'
import type { PacedProgress } from '../progress.ts'
import { ConnectionManager } from './connectionManager.ts'
import { OwnEndpointList } from './ownEndpointList.ts'
import { SecondOpinion } from './secondOpinion.ts'
import { Subscribers } from '../subscribers.ts'
import type { ConnectionTiming } from './timing.ts'

/** What the connection needs of the engine. */
export interface ConnectionServiceDeps {
  db: LedgerDb
  /** The network table (frozen). */
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /** The networks this engine connects to. */
  offered: readonly NetworkId[]
  /** Client limits and reconnect backoff. */
  timing: ConnectionTiming
  /** What the request schedulers assume of public servers' limits. */
  assumedLimits: AssumedLimits
  /** Told before the engine leaves a network for another (what is bound to it pauses or closes). */
  leaving: (network: NetworkId) => Promise<void>
  /** Told when the connection came up, first or again, before the status listeners hear of it. */
  cameUp: () => void
}

/** The engine's connection to a network, and the servers it reads through. */
export class ConnectionService {
  /** The one ledger connection. */
  readonly manager: ConnectionManager
  /** One budget per endpoint for every link to it. */
  readonly budgets: LoadBudgets
  /** The networks' other endpoints, for proofs one server must not give alone. */
  readonly secondOpinion: SecondOpinion
  private readonly own: OwnEndpointList
  private readonly listeners = new Subscribers<NetworkStatus>()
  private lastState: NetworkStatus['state'] = 'offline'

  constructor(private readonly deps: ConnectionServiceDeps) {
    // One budget per endpoint for every link to it; a server that says it is unfit is left.
    this.budgets = new LoadBudgets(
      {
        refused: (endpoint, kind) => {
          if (kind === 'unsynced' || kind === 'blocked') {
            this.manager.unfit(endpoint, `The server ${endpoint} is not fit to serve now (${kind})`)
          }
        },
      },
      deps.assumedLimits,
    )
    const clients = this.budgets.clients
    this.manager = new ConnectionManager(
      (status) => this.publish(status),
      DEFAULT_NETWORK_ID,
      deps.timing,
      clients,
      // Another server's validated ledger, through that server's budget and kept connection.
      (_network, endpoints) =>
        this.secondOpinion.askAmong(endpoints, async (c) => (await readValidatedLedger(c)).index),
    )
    // Back online (a worker sees the browser's online event): reconnect now, not after the backoff.
    globalThis.addEventListener?.('online', () => void this.retryNow())
    globalThis.addEventListener?.('offline', () => void this.deviceOffline())
    this.own = new OwnEndpointList({
      db: deps.db,
      networks: deps.networks,
      budgets: this.budgets,
      reference: (networkId) =>
        this.manager.status.network === networkId ? this.manager.clientIfAny() : null,
      changed: (networkId) => this.useOwn(networkId),
    })
    this.secondOpinion = new SecondOpinion(
      (id) => this.networkConfig(id),
      () => this.manager.status.endpoint,
      deps.timing,
      clients,
    )
  }

  /** The network the engine is on (or was last). */
  network(): NetworkId {
    return this.manager.status.network
  }

  /** See EngineApi.connect. */
  async connect(networkId: NetworkId): Promise<NetworkStatus> {
    // The id comes from the UI thread: check it rather than trust the type.
    if (!isNetworkId(networkId)) {
      throw new EngineError('VALIDATION', `Unknown network: ${String(networkId)}`, { networkId })
    }
    if (!this.deps.offered.includes(networkId)) {
      const name = this.deps.networks[networkId].name
      throw new EngineError('VALIDATION', `This build does not offer the ${name} network`)
    }
    // Jobs of the network being left pause (their runners are bound to it) until it is back.
    const left = this.manager.status.network
    if (left !== networkId) await this.deps.leaving(left)
    return await this.manager.connect(await this.own.networkWithOwn(networkId))
  }

  /** See EngineApi.addOwnEndpoint. */
  addOwnEndpoint(networkId: NetworkId, url: string, kind: OwnEndpointKind): Promise<OwnEndpoint> {
    return this.own.add(networkId, url, kind)
  }

  /** See EngineApi.removeOwnEndpoint. */
  removeOwnEndpoint(networkId: NetworkId, url: string): Promise<void> {
    return this.own.remove(networkId, url)
  }

  /** See EngineApi.setOwnEndpointsAlone. */
  setOwnEndpointsAlone(networkId: NetworkId, alone: boolean): Promise<void> {
    return this.own.setAlone(networkId, alone)
  }

  /** The network with the user's own servers first (as far as they are loaded). */
  networkConfig(networkId: NetworkId): NetworkConfig {
    return this.own.networkConfig(networkId)
  }

  /**
   * Progress of a long read, throttled, each report noting when the server's limit for us sets the
   * pace (the connected server's, or one of the network's Clio servers').
   */
  readonly pacedProgress: PacedProgress = (onProgress) => {
    const inner = throttledProgress(onProgress)
    const note = <T extends { serverPace?: string }>(p: T): T => {
      const { network, endpoint } = this.manager.status
      const endpoints = [endpoint, ...this.networkConfig(network).clioEndpoints]
      const limited = this.budgets.limitedAmong(endpoints.filter((e): e is string => e !== null))
      if (!limited) return p
      const rate = Math.round(limited.requestsPerSecond())
      const text = `The server limits how fast we may read: about ${rate} requests a second`
      return { ...p, serverPace: text }
    }
    return { report: (p) => inner.report(note(p)), finish: (p) => inner.finish(p) }
  }

  /** The connected server's validated ledger lags its open ledger (a job's reads show it). */
  serverLags(ledgers: number): void {
    const endpoint = this.manager.status.endpoint
    const reason = `The server ${String(endpoint)} lags ${ledgers} ledgers behind its own open ledger`
    if (endpoint) this.manager.unfit(endpoint, reason)
  }

  /** Whether the connected endpoint's budget for us sets the pace now. */
  serverPace(): ServerPace | null {
    const endpoint = this.manager.status.endpoint
    return endpoint ? this.budgets.scheduler(endpoint).pace() : null
  }

  /** Closes the connection (see EngineApi.disconnect). */
  async disconnect(): Promise<void> {
    await this.manager.disconnect()
  }

  /** See EngineApi.retryNow. */
  retryNow(): Promise<void> {
    this.manager.retryNow()
    return Promise.resolve()
  }

  /** See EngineApi.deviceOffline. */
  deviceOffline(): Promise<void> {
    // The socket may stay open with nothing getting through: a job would wait on it without a word.
    // Giving it up shows the loss at once, and jobs wait for the reconnection.
    this.manager.linkLost('This device is offline')
    return Promise.resolve()
  }

  /** See EngineApi.getNetworkStatus. */
  getNetworkStatus(): Promise<NetworkStatus> {
    return Promise.resolve(this.manager.status)
  }

  /** See EngineApi.onStatus. */
  onStatus(listener: StatusListener): Promise<number> {
    return Promise.resolve(this.listeners.add(listener, this.manager.status))
  }

  /** See EngineApi.offStatus. */
  offStatus(subscription: number): Promise<void> {
    this.listeners.remove(subscription)
    return Promise.resolve()
  }

  /** Stops hearing other engines' changes of the own servers (the engine is going away). */
  stopHearing(): void {
    this.own.close()
  }

  /** Closes the second opinions' connections (after {@link ConnectionService.disconnect}). */
  async close(): Promise<void> {
    await this.secondOpinion.close()
  }

  /**
   * After a change of own servers: the current network's connection (or its attempts, offline)
   * starts over with them first; a removed one is no longer tried.
   */
  private async useOwn(networkId: NetworkId): Promise<void> {
    if (this.manager.status.network !== networkId || !this.manager.active) return
    await this.manager.connect(this.networkConfig(networkId), true).catch((e: unknown) => {
      // Offline now: the session keeps trying, with the new list.
      if (!isEngineError(e) || (e.code !== 'NETWORK' && e.code !== 'TIMEOUT')) throw e
    })
  }

  private publish(status: NetworkStatus): void {
    const cameUp = status.state === 'connected' && this.lastState !== 'connected'
    this.lastState = status.state
    if (cameUp) this.deps.cameUp()
    this.listeners.publish(status)
  }
}
