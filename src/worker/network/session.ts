import { EngineError, errorMessage, isEngineError } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { ConnectionState, NetworkStatus } from '../api.ts'
import { Backoff, delay } from './backoff.ts'
import { EndpointLink } from './endpointLink.ts'
import type { LinkTiming } from './endpointLink.ts'
import { mergeFigures } from './ledgerFigures.ts'
import type { LedgerFigures } from './ledgerFigures.ts'

/** Limits of the connection manager. */
export interface ConnectionTiming extends LinkTiming {
  /** First delay between attempts; doubles after each failure. */
  backoffMinMs: number
  /** Largest delay between attempts. */
  backoffMaxMs: number
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
  /** Aborted to cut the current backoff wait short (see retryNow). */
  private wake = new AbortController()
  private readonly backoff: Backoff
  private link: EndpointLink | null = null
  private figures: LedgerFigures | null = null
  private attempt = 0
  /** Failed attempts since the connection was last up (or dropped): a full round means offline. */
  private roundFailures = 0
  private state: ConnectionState = 'connecting'

  /**
   * @param network - the network to keep connected.
   * @param timing - client limits and backoff.
   * @param report - receives every status change.
   */
  constructor(
    readonly network: NetworkConfig,
    private readonly timing: ConnectionTiming,
    private readonly report: (patch: StatusPatch) => void,
  ) {
    this.backoff = new Backoff(timing.backoffMinMs, timing.backoffMaxMs)
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
    void this.run()
  }

  /**
   * Tries again at once instead of waiting out the backoff (the browser came back online, or the
   * user asked). Does nothing while connected or while an attempt is under way.
   */
  retryNow(): void {
    if (this.link || this.stop.signal.aborted) return
    this.backoff.reset()
    this.wake.abort()
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

  /** Stops for good: cancels waits and attempts and closes the live link. */
  async close(): Promise<void> {
    this.stop.abort()
    this.settle(new EngineError('CANCELLED', `Connection to ${this.network.name} was cancelled`))
    const link = this.link
    this.link = null
    await link?.close()
  }

  private async run(): Promise<void> {
    while (!this.stop.signal.aborted) {
      const endpoint = this.nextEndpoint()
      this.setState(this.state, { endpoint })
      try {
        const opened = await EndpointLink.open(endpoint, this.linkHandlers(), this.timing)
        if (this.stop.signal.aborted) {
          await opened.link.close()
          return
        }
        this.onOpened(opened.link, opened.figures)
        return
      } catch (error) {
        if (this.stop.signal.aborted) return
        this.onAttemptFailed(error)
        this.wake = new AbortController()
        const signal = AbortSignal.any([this.stop.signal, this.wake.signal])
        await delay(this.backoff.next(), signal).catch(() => undefined)
      }
    }
  }

  private nextEndpoint(): string {
    const { endpoints } = this.network
    // A network config always has endpoints; `?? ''` only satisfies noUncheckedIndexedAccess.
    return endpoints[this.attempt % endpoints.length] ?? ''
  }

  private linkHandlers() {
    return {
      onLedger: (figures: LedgerFigures) => {
        this.figures = mergeFigures(this.figures ?? figures, figures)
        this.report({ ...this.figures })
      },
      onDrop: () => this.reconnect('Connection lost'),
    }
  }

  private reconnect(reason: string): void {
    this.link = null
    this.roundFailures = 0
    this.setState('reconnecting', { error: reason })
    void this.run()
  }

  private onOpened(link: EndpointLink, figures: LedgerFigures): void {
    this.link = link
    // After a failover to a server that lags behind, the ledger index must not go backwards.
    this.figures = this.figures ? mergeFigures(this.figures, figures) : figures
    this.roundFailures = 0
    this.backoff.reset()
    this.setState('connected', { endpoint: link.endpoint, error: null, ...this.figures })
    this.settle()
  }

  private onAttemptFailed(error: unknown): void {
    this.attempt += 1
    this.roundFailures += 1
    const message = errorMessage(error, 'Connection failed')
    const roundFailed = this.roundFailures >= this.network.endpoints.length
    if (roundFailed) this.roundFailures = 0
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
