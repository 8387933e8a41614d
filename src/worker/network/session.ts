import { EngineError, errorMessage, isEngineError } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { ConnectionState, NetworkStatus } from '../api.ts'
import { delay } from './backoff.ts'
import { EndpointLink } from './endpointLink.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import { LOAD_CLOSE_CODE } from '../ledger/serverAnswers.ts'
import { mergeFigures } from './ledgerFigures.ts'
import type { LedgerFigures } from './ledgerFigures.ts'
import { EndpointTurns } from './endpointTurns.ts'
import { LagWatch } from './lagWatch.ts'
import { PreferredReturn } from './preferredReturn.ts'
import { RetryPace } from './retryPace.ts'
import { LOAD_DROP_REST_MS, UNHEALTHY_REST_MS } from './timing.ts'
import type { ConnectionTiming, PeerLedger } from './timing.ts'

/** The link a set of handlers belongs to (set once it opened): a retired link's events are ignored. */
interface LinkHolder {
  link?: EndpointLink
}

/** A status change: the fields that changed. */
export type StatusPatch = Partial<Omit<NetworkStatus, 'network'>>

/**
 * Keeps one network connected: tries its endpoints in turn with backoff until one answers, and
 * starts over when the connection drops. Lives until closed; a network switch makes a new session.
 */
export class Session {
  /** Settles with the first connection, or fails after the first full round of failed endpoints. */
  readonly firstConnection: Promise<void>
  private settleFirst: { resolve(): void; reject(error: EngineError): void } | null = null
  private readonly stop = new AbortController()
  /** When the next attempt is made. */
  private readonly pace: RetryPace
  private link: EndpointLink | null = null
  private figures: LedgerFigures | null = null
  /** Failed attempts since the connection was last up (or dropped): a full round means offline. */
  private roundFailures = 0
  private state: ConnectionState = 'connecting'
  /** Which endpoint is next, and which rest (they dropped us, or are unfit). */
  private readonly turns: EndpointTurns
  /** Whether the live link's server keeps up with the network. */
  private readonly lag: LagWatch
  /** The way back to the network's first endpoint. */
  private readonly preferred: PreferredReturn

  /**
   * @param network - the network to keep connected.
   * @param timing - client limits and backoff.
   * @param report - receives every status change.
   * @param clients - makes each link's client (paced by its endpoint's budget in the engine).
   * @param peerLedger - asks other endpoints their validated ledger; without it lag is only seen
   *   when a link opens.
   */
  constructor(
    readonly network: NetworkConfig,
    private readonly timing: ConnectionTiming,
    private readonly report: (patch: StatusPatch) => void,
    private readonly clients: ClientFactory = plainClients,
    peerLedger?: PeerLedger,
  ) {
    this.pace = new RetryPace(timing, this.stop.signal)
    this.turns = new EndpointTurns(network.endpoints)
    const live = () => this.link
    this.lag = new LagWatch({
      network,
      lagCheckMs: timing.lagCheckMs,
      ...(peerLedger ? { peerLedger } : {}),
      turns: this.turns,
      live,
      unfit: (endpoint, reason) => this.unfit(endpoint, reason),
    })
    this.preferred = new PreferredReturn({
      preferred: network.endpoints[0],
      probeMs: timing.preferredProbeMs,
      turns: this.turns,
      live,
      replace: (endpoint, leaving) => this.replace(endpoint, leaving),
    })
    this.firstConnection = new Promise<void>((resolve, reject) => {
      this.settleFirst = { resolve, reject }
    })
    // Callers await firstConnection; this keeps a session nobody awaits from an unhandled rejection.
    this.firstConnection.catch(() => undefined)
  }

  /** The client of the live link, if connected. */
  get connected(): EndpointLink | null {
    return this.link
  }

  /** The current state. */
  get currentState(): ConnectionState {
    return this.state
  }

  /** Starts the attempts (returns at once; see {@link Session.firstConnection}). */
  start(): void {
    this.lag.start()
    void this.run()
  }

  /**
   * Tries again at once instead of waiting out the backoff (the browser came back online, or the
   * user asked). Does nothing while connected or while an attempt is under way.
   */
  retryNow(): void {
    if (this.link || this.stop.signal.aborted) return
    this.pace.retryNow()
  }

  /**
   * Gives the live link up as lost (the device went offline: a socket may stay open for minutes
   * with nothing getting through) and starts reconnecting, as after a drop. Does nothing without a
   * live link.
   *
   * @param reason - the status's error, fit to show.
   */
  linkLost(reason: string): void {
    const link = this.link
    if (!link || this.stop.signal.aborted) return
    void link.close()
    this.reconnect(reason)
  }

  /**
   * The endpoint refused for a reason waiting there will not cure soon (not synced, amendment
   * blocked): it rests, and if it serves the live link the session moves to another endpoint.
   * With no other endpoint the link stays: its scheduler waits the refusals out.
   *
   * @param endpoint - the endpoint's URL.
   * @param reason - fit to show.
   */
  unfit(endpoint: string, reason: string): void {
    if (this.stop.signal.aborted) return
    // Nowhere else to go: the status says why readings wait.
    if (this.network.endpoints.length < 2) {
      if (this.link?.endpoint === endpoint) this.report({ error: reason })
      return
    }
    this.turns.rest(endpoint, UNHEALTHY_REST_MS)
    if (this.link?.endpoint === endpoint) this.linkLost(reason)
  }

  /** Stops for good: cancels waits and attempts and closes the live link. */
  async close(): Promise<void> {
    this.stop.abort()
    this.lag.stop()
    this.settle(new EngineError('CANCELLED', `Connection to ${this.network.name} was cancelled`))
    const link = this.link
    this.link = null
    await Promise.all([link?.close(), this.preferred.close()])
  }

  private async run(): Promise<void> {
    while (!this.stop.signal.aborted) {
      const endpoint = this.turns.next()
      this.setState(this.state, { endpoint })
      try {
        await this.waitOutRest(endpoint)
        const holder: LinkHolder = {}
        const lastResort = this.roundFailures >= this.network.endpoints.length - 1
        const opened = await this.open(endpoint, holder, lastResort)
        if (this.stop.signal.aborted) {
          await opened.link.close()
          return
        }
        holder.link = opened.link
        this.onOpened(opened.link, opened.figures)
        return
      } catch (error) {
        if (this.stop.signal.aborted) return
        this.onAttemptFailed(error)
        await this.pace.wait()
      }
    }
  }

  /**
   * @param lastResort - no other server is left to try in this round: an old validated ledger is
   *   accepted (a network with one server, or a sandbox that closes ledgers only when told).
   */
  private open(endpoint: string, holder: LinkHolder, lastResort: boolean) {
    const { newestKnown } = this.lag
    const expect = { network: this.network, newestKnown, allowStale: lastResort }
    return EndpointLink.open(endpoint, this.linkHandlers(holder), this.timing, this.clients, expect)
  }

  /** Opens a link to `endpoint` in place of `leaving` (see PreferredReturnDeps.replace). */
  private async replace(endpoint: string, leaving: EndpointLink): Promise<void> {
    const holder: LinkHolder = {}
    const opened = await this.open(endpoint, holder, false).catch(() => null)
    if (!opened) return
    if (this.stop.signal.aborted || this.link !== leaving) {
      await opened.link.close()
      return
    }
    holder.link = opened.link
    this.onOpened(opened.link, opened.figures)
    this.preferred.retire(leaving)
  }

  /** Waits until the endpoint's rest is over (a drop over load must not resume the same burst). */
  private async waitOutRest(endpoint: string): Promise<void> {
    const wait = this.turns.restLeft(endpoint)
    if (wait <= 0) return
    this.report({
      error: `The server asked us to slow down; reconnecting in ${Math.ceil(wait / 1000)} s`,
    })
    await delay(wait, this.stop.signal)
  }

  private linkHandlers(holder: LinkHolder) {
    // A link being retired (see replace) reports nothing more.
    const retired = () => holder.link !== undefined && holder.link !== this.link
    return {
      onLedger: (figures: LedgerFigures) => {
        if (retired()) return
        this.figures = mergeFigures(this.figures ?? figures, figures)
        this.lag.linkShowed(figures.ledgerIndex)
        this.report({ ...this.figures })
        this.preferred.consider()
      },
      onDrop: (code?: number) => {
        if (retired()) return
        if (code === LOAD_CLOSE_CODE) {
          // Dropped over our load: that server rests while its balance decays; others serve.
          const endpoint = this.link?.endpoint
          if (endpoint) this.turns.rest(endpoint, LOAD_DROP_REST_MS)
          this.turns.pass()
          this.reconnect('The server dropped the connection: too many requests')
          return
        }
        this.reconnect('Connection lost')
      },
    }
  }

  private reconnect(reason: string): void {
    this.link = null
    this.roundFailures = 0
    this.setState('reconnecting', { error: reason })
    if (!this.pace.dropped()) {
      void this.run()
      return
    }
    // Links that keep dropping soon after they open: wait out the backoff first (retryNow cuts it
    // short).
    void this.pace.wait().then(() => {
      if (!this.stop.signal.aborted) void this.run()
    })
  }

  private onOpened(link: EndpointLink, figures: LedgerFigures): void {
    this.link = link
    this.lag.linkOpened(figures.ledgerIndex)
    // After a failover to a server that lags behind, the ledger index must not go backwards.
    this.figures = this.figures ? mergeFigures(this.figures, figures) : figures
    this.roundFailures = 0
    this.pace.opened()
    this.setState('connected', { endpoint: link.endpoint, error: null, ...this.figures })
    this.settle()
  }

  private onAttemptFailed(error: unknown): void {
    this.turns.pass()
    this.roundFailures += 1
    const message = errorMessage(error, 'Connection failed')
    const roundFailed = this.roundFailures >= this.network.endpoints.length
    if (roundFailed) {
      this.roundFailures = 0
      // No server was fit: the ledger they were measured against may have been a liar's.
      this.lag.forget()
    }
    if (!roundFailed) {
      this.report({ error: message })
      return
    }
    this.setState('offline', { error: message })
    const code = isEngineError(error) && error.code === 'TIMEOUT' ? 'TIMEOUT' : 'NETWORK'
    this.settle(new EngineError(code, `Cannot reach the ${this.network.name} network: ${message}`))
  }

  private setState(state: ConnectionState, patch: StatusPatch = {}): void {
    this.state = state
    this.report({ ...patch, state })
  }

  private settle(error?: EngineError): void {
    const settle = this.settleFirst
    this.settleFirst = null
    if (error) settle?.reject(error)
    else settle?.resolve()
  }
}
