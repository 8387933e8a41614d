import type { Client } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type { NetworkStatus } from '../api.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import { NO_FIGURES } from './ledgerFigures.ts'
import { Session } from './session.ts'
import type { StatusPatch } from './session.ts'
import { DEFAULT_TIMING } from './timing.ts'
import type { ConnectionTiming, PeerLedger } from './timing.ts'

/** A status with nothing known: not connected to `network`. */
export function initialStatus(network: NetworkId): NetworkStatus {
  return { network, endpoint: null, state: 'offline', ...NO_FIGURES, error: null }
}

/**
 * Owns the engine's one ledger connection: which network, which endpoint, its status. Every status
 * change goes to `publish` as a fresh snapshot.
 */
export class ConnectionManager {
  private session: Session | null = null
  private snapshot: NetworkStatus

  /**
   * @param publish - receives every new status snapshot.
   * @param initialNetwork - the network reported before the first connect.
   * @param timing - client limits and backoff; the spec's by default.
   * @param clients - makes each link's client (paced by its endpoint's budget in the engine).
   * @param peerLedger - asks other endpoints their validated ledger (the session's lag watch).
   */
  constructor(
    private readonly publish: (status: NetworkStatus) => void,
    initialNetwork: NetworkId,
    private readonly timing: ConnectionTiming = DEFAULT_TIMING,
    private readonly clients: ClientFactory = plainClients,
    private readonly peerLedger?: PeerLedger,
  ) {
    this.snapshot = initialStatus(initialNetwork)
  }

  /** The current status snapshot. */
  get status(): NetworkStatus {
    return this.snapshot
  }

  /**
   * Connects to the network (see EngineApi.connect for the contract).
   *
   * @param network - the network to connect to.
   * @param fresh - start over even on the same network (its endpoints changed).
   */
  async connect(network: NetworkConfig, fresh = false): Promise<NetworkStatus> {
    const current = this.session
    const reusable =
      !fresh && current?.network.id === network.id && current.currentState !== 'offline'
    const session = reusable ? current : await this.replaceSession(network)
    // A session whose first round failed may have connected on its own since: that counts.
    if (session.currentState === 'connected') return this.snapshot
    await session.firstConnection
    return this.snapshot
  }

  /** Closes the connection and stops retrying. */
  async disconnect(): Promise<void> {
    const session = this.session
    this.session = null
    await session?.close()
    this.snapshot = initialStatus(this.snapshot.network)
    this.publish(this.snapshot)
  }

  /** Gives the live connection up as lost and reconnects (see Session.linkLost). */
  linkLost(reason: string): void {
    this.session?.linkLost(reason)
  }

  /** An endpoint refused as unfit (not synced, amendment blocked): see Session.unfit. */
  unfit(endpoint: string, reason: string): void {
    this.session?.unfit(endpoint, reason)
  }

  /** Retries at once if the connection is down and waiting out its backoff. */
  retryNow(): void {
    this.session?.retryNow()
  }

  /** Whether a session keeps (or tries to keep) a network connected; false after disconnect(). */
  get active(): boolean {
    return this.session !== null
  }

  /** The connected client, or null without a live connection. */
  clientIfAny(): Client | null {
    return this.session?.connected?.client ?? null
  }

  /**
   * The connected xrpl.js client, for ledger requests.
   *
   * @throws EngineError `NOT_CONNECTED` when there is no live connection.
   */
  requireClient(): Client {
    const link = this.session?.connected
    if (!link) throw new EngineError('NOT_CONNECTED', 'Not connected to the ledger')
    return link.client
  }

  /**
   * The connected client of `network`, for a read the user just asked for: while the session is
   * still making its first connection (the app has just opened), waits for that round to end rather
   * than refusing a wallet connected a moment too early.
   *
   * @throws EngineError `NOT_CONNECTED` when there is still no live connection; `CANCELLED` when
   *   the engine moved to another network meanwhile.
   */
  async readyClient(network: NetworkId): Promise<Client> {
    for (;;) {
      const session = this.session
      if (session && session.network.id !== network) {
        throw new EngineError('CANCELLED', 'The network changed while waiting for the connection')
      }
      if (session?.currentState !== 'connecting') return this.requireClient()
      await session.firstConnection.catch(() => undefined)
      // A session replaced meanwhile (the network connected afresh): wait for its first round too.
      if (this.session === session) return this.requireClient()
    }
  }

  private async replaceSession(network: NetworkConfig): Promise<Session> {
    const previous = this.session
    const session = new Session(
      network,
      this.timing,
      (patch) => {
        // A closed session's late events must not overwrite the status of its successor.
        if (this.session === session) this.update(patch)
      },
      this.clients,
      this.peerLedger,
    )
    this.session = session
    this.snapshot = { ...initialStatus(network.id), state: 'connecting' }
    this.publish(this.snapshot)
    await previous?.close()
    session.start()
    return session
  }

  private update(patch: StatusPatch): void {
    this.snapshot = { ...this.snapshot, ...patch }
    this.publish(this.snapshot)
  }
}
