import { EngineError, errorMessage, isEngineError } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { ConnectionState, NetworkStatus } from '../api.ts'
import { Backoff, delay } from './backoff.ts'
import { EndpointLink } from './endpointLink.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import { LOAD_CLOSE_CODE } from '../ledger/serverAnswers.ts'
import { mergeFigures } from './ledgerFigures.ts'
import type { LedgerFigures } from './ledgerFigures.ts'
import { MAX_LAG_LEDGERS } from './serverHealth.ts'
import { EndpointTurns } from './endpointTurns.ts'
import { LOAD_DROP_REST_MS, UNHEALTHY_REST_MS } from './timing.ts'
import type { ConnectionTiming, PeerLedger } from './timing.ts'

/**
 * A link that lived less than this before it dropped was not a recovery: the next attempt waits out
 * the backoff (a server that accepts and drops at once is not hammered).
 */
const STABLE_LINK_MS = 10_000

/** Requests sent on a link that is being replaced finish there; it closes this much later. */
const RETIRE_GRACE_MS = 15_000

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
  /** Aborted to cut the current backoff wait short (see retryNow). */
  private wake = new AbortController()
  private readonly backoff: Backoff
  private link: EndpointLink | null = null
  private figures: LedgerFigures | null = null
  /** Failed attempts since the connection was last up (or dropped): a full round means offline. */
  private roundFailures = 0
  private state: ConnectionState = 'connecting'
  /** Which endpoint is next, and which rest (they dropped us, or are unfit). */
  private readonly turns: EndpointTurns
  private probing = false
  private lastProbe = -Infinity
  /**
   * The newest validated ledger the network showed us, against which a server's lag is measured;
   * forgotten after a round in which no server was fit (one server's word could have set it).
   */
  private newestSeen: number | null = null
  /** When the live link opened (performance.now()). */
  private openedAt = -Infinity
  /** Links in a row that dropped soon after they opened. */
  private quickDrops = 0
  /** Links being replaced, finishing their requests (see moveTo). */
  private readonly retiring = new Set<EndpointLink>()
  /** The newest validated ledger the live link itself showed (the status's never goes back). */
  private linkIndex: number | null = null
  private lagTimer: ReturnType<typeof setInterval> | undefined
  private watchingLag = false

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
    private readonly peerLedger?: PeerLedger,
  ) {
    this.backoff = new Backoff(timing.backoffMinMs, timing.backoffMaxMs)
    this.turns = new EndpointTurns(network.endpoints)
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
    if (this.peerLedger && this.network.endpoints.length > 1) {
      this.lagTimer = setInterval(() => void this.watchLag(), this.timing.lagCheckMs)
    }
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
    clearInterval(this.lagTimer)
    this.settle(new EngineError('CANCELLED', `Connection to ${this.network.name} was cancelled`))
    const link = this.link
    this.link = null
    const retiring = [...this.retiring]
    this.retiring.clear()
    await Promise.all([link?.close(), ...retiring.map((l) => l.close())])
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
        this.wake = new AbortController()
        const signal = AbortSignal.any([this.stop.signal, this.wake.signal])
        await delay(this.backoff.next(), signal).catch(() => undefined)
      }
    }
  }

  /**
   * @param lastResort - no other server is left to try in this round: an old validated ledger is
   *   accepted (a network with one server, or a sandbox that closes ledgers only when told).
   */
  private open(endpoint: string, holder: LinkHolder, lastResort: boolean) {
    const expect = { network: this.network, newestKnown: this.newestSeen, allowStale: lastResort }
    return EndpointLink.open(endpoint, this.linkHandlers(holder), this.timing, this.clients, expect)
  }

  private noteNewest(index: number | null): void {
    if (index !== null) this.newestSeen = Math.max(this.newestSeen ?? 0, index)
  }

  /**
   * Served by another endpoint than the network's first (the user's own server comes first), tries
   * the first again now and then, and moves back to it once it is fit; the link it leaves finishes
   * the requests already sent on it.
   */
  private takeBackPreferred(): void {
    const preferred = this.network.endpoints[0]
    const current = this.link
    if (!preferred || !current || current.endpoint === preferred || this.probing) return
    const now = performance.now()
    if (now - this.lastProbe < this.timing.preferredProbeMs) return
    if (this.turns.restLeft(preferred) > 0) return
    this.lastProbe = now
    this.probing = true
    void this.moveTo(preferred, current).finally(() => (this.probing = false))
  }

  private async moveTo(endpoint: string, leaving: EndpointLink): Promise<void> {
    const holder: LinkHolder = {}
    const opened = await this.open(endpoint, holder, false).catch(() => null)
    if (!opened) return
    if (this.stop.signal.aborted || this.link !== leaving) {
      await opened.link.close()
      return
    }
    holder.link = opened.link
    this.onOpened(opened.link, opened.figures)
    this.retiring.add(leaving)
    setTimeout(() => {
      this.retiring.delete(leaving)
      void leaving.close()
    }, RETIRE_GRACE_MS)
  }

  /**
   * Asks another endpoint (one not resting) for its validated ledger and leaves the live link's
   * server when it lags more than MAX_LAG_LEDGERS behind that. The other server's index becomes the
   * one servers are measured against; if it lied, no server passes a whole round and it is forgotten
   * (onAttemptFailed).
   */
  private async watchLag(): Promise<void> {
    const link = this.link
    if (!link || this.watchingLag || this.linkIndex === null || !this.peerLedger) return
    const peers = this.turns.othersAwake(link.endpoint)
    if (peers.length === 0) return
    this.watchingLag = true
    try {
      const theirs = await this.peerLedger(this.network, peers)
      if (theirs === undefined || this.link !== link || this.linkIndex === null) return
      const behind = theirs - this.linkIndex
      if (behind <= MAX_LAG_LEDGERS) return
      this.noteNewest(theirs)
      this.unfit(
        link.endpoint,
        `The server ${link.endpoint} lags ${behind} ledgers behind the network`,
      )
    } finally {
      this.watchingLag = false
    }
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
    // A link being retired (see moveTo) reports nothing more.
    const retired = () => holder.link !== undefined && holder.link !== this.link
    return {
      onLedger: (figures: LedgerFigures) => {
        if (retired()) return
        this.figures = mergeFigures(this.figures ?? figures, figures)
        this.noteNewest(figures.ledgerIndex)
        if (figures.ledgerIndex !== null) {
          this.linkIndex = Math.max(this.linkIndex ?? 0, figures.ledgerIndex)
        }
        this.report({ ...this.figures })
        this.takeBackPreferred()
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
    const lived = performance.now() - this.openedAt
    this.quickDrops = lived >= STABLE_LINK_MS ? 0 : this.quickDrops + 1
    if (this.quickDrops === 0) this.backoff.reset()
    if (this.quickDrops <= 1) {
      void this.run()
      return
    }
    // Links that keep dropping soon after they open: wait out the backoff first (retryNow cuts it
    // short).
    this.wake = new AbortController()
    const signal = AbortSignal.any([this.stop.signal, this.wake.signal])
    void delay(this.backoff.next(), signal)
      .catch(() => undefined)
      .then(() => {
        if (!this.stop.signal.aborted) void this.run()
      })
  }

  private onOpened(link: EndpointLink, figures: LedgerFigures): void {
    this.link = link
    this.linkIndex = figures.ledgerIndex
    // After a failover to a server that lags behind, the ledger index must not go backwards.
    this.figures = this.figures ? mergeFigures(this.figures, figures) : figures
    this.noteNewest(figures.ledgerIndex)
    this.roundFailures = 0
    this.openedAt = performance.now()
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
      this.newestSeen = null
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
