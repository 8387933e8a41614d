/**
 * Whether the live link's server keeps up with the network: the newest validated ledger the network
 * showed us (which a server that opens a link is measured against too), and now and then another
 * server's word on it, since a server that falls behind still answers.
 */
import type { NetworkConfig } from '../../shared/networks.ts'
import type { EndpointLink } from './endpointLink.ts'
import type { EndpointTurns } from './endpointTurns.ts'
import { MAX_LAG_LEDGERS } from './serverHealth.ts'
import type { PeerLedger } from './timing.ts'

/** What the watch needs of its session. */
export interface LagWatchDeps {
  network: NetworkConfig
  /** How often another server is asked (ConnectionTiming.lagCheckMs). */
  lagCheckMs: number
  /** Asks other endpoints their validated ledger; without it lag is only seen when a link opens. */
  peerLedger?: PeerLedger
  /** Which endpoints rest now (they are not asked). */
  turns: EndpointTurns
  /** The live link, if connected. */
  live: () => EndpointLink | null
  /** Leaves a server that lags (see Session.unfit). */
  unfit: (endpoint: string, reason: string) => void
}

/** The lag watch of one session. */
export class LagWatch {
  /**
   * The newest validated ledger the network showed us, against which a server's lag is measured;
   * forgotten after a round in which no server was fit (one server's word could have set it).
   */
  private newestSeen: number | null = null
  /** The newest validated ledger the live link itself showed (the status's never goes back). */
  private linkIndex: number | null = null
  private lagTimer: ReturnType<typeof setInterval> | undefined
  private watchingLag = false

  constructor(private readonly deps: LagWatchDeps) {}

  /** The newest validated ledger the network showed us (null when none is trusted). */
  get newestKnown(): number | null {
    return this.newestSeen
  }

  /** Starts asking other servers, if the network has any and there is a way to ask. */
  start(): void {
    if (this.deps.peerLedger && this.deps.network.endpoints.length > 1) {
      this.lagTimer = setInterval(() => void this.watchLag(), this.deps.lagCheckMs)
    }
  }

  /** Stops asking (the session closed). */
  stop(): void {
    clearInterval(this.lagTimer)
  }

  /** A link opened, at this validated ledger. */
  linkOpened(index: number | null): void {
    this.linkIndex = index
    this.noteNewest(index)
  }

  /** The live link showed a validated ledger. */
  linkShowed(index: number | null): void {
    this.noteNewest(index)
    if (index !== null) this.linkIndex = Math.max(this.linkIndex ?? 0, index)
  }

  /** No server was fit in a whole round: the ledger they were measured against may have been a liar's. */
  forget(): void {
    this.newestSeen = null
  }

  private noteNewest(index: number | null): void {
    if (index !== null) this.newestSeen = Math.max(this.newestSeen ?? 0, index)
  }

  /**
   * Asks another endpoint (one not resting) for its validated ledger and leaves the live link's
   * server when it lags more than MAX_LAG_LEDGERS behind that. The other server's index becomes the
   * one servers are measured against; if it lied, no server passes a whole round and it is forgotten
   * (see {@link LagWatch.forget}).
   */
  private async watchLag(): Promise<void> {
    const link = this.deps.live()
    const { peerLedger, network } = this.deps
    if (!link || this.watchingLag || this.linkIndex === null || !peerLedger) return
    const peers = this.deps.turns.othersAwake(link.endpoint)
    if (peers.length === 0) return
    this.watchingLag = true
    try {
      const theirs = await peerLedger(network, peers)
      if (theirs === undefined || this.deps.live() !== link || this.linkIndex === null) return
      const behind = theirs - this.linkIndex
      if (behind <= MAX_LAG_LEDGERS) return
      this.noteNewest(theirs)
      this.deps.unfit(
        link.endpoint,
        `The server ${link.endpoint} lags ${behind} ledgers behind the network`,
      )
    } finally {
      this.watchingLag = false
    }
  }
}
