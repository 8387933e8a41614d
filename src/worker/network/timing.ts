/** The connection's timing: client limits, backoff, how often other servers are looked at. */
import {
  CONNECT_TIMEOUT_MS,
  RECONNECT_BACKOFF_MAX_MS,
  RECONNECT_BACKOFF_MIN_MS,
  REQUEST_TIMEOUT_MS,
} from '../../shared/constants.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { LinkTiming } from './endpointLink.ts'

/** Limits of the connection manager. */
export interface ConnectionTiming extends LinkTiming {
  /** First delay between attempts; doubles after each failure. */
  backoffMinMs: number
  /** Largest delay between attempts. */
  backoffMaxMs: number
  /**
   * While served by another endpoint than the network's first (the user's own server, when they
   * added one), how often to try the first again; it is taken back once fit.
   */
  preferredProbeMs: number
  /**
   * How often, on a network with more than one endpoint, another endpoint is asked for its validated
   * ledger: a server that stopped following the network (a Clio after an amendment it does not know)
   * still answers, so only another server's word shows it lags. One light request each time.
   */
  lagCheckMs: number
}

/**
 * Another endpoint's validated ledger index, asked of the first of `endpoints` that answers;
 * undefined when none did.
 */
export type PeerLedger = (
  network: NetworkConfig,
  endpoints: string[],
) => Promise<number | undefined>

/**
 * How long an endpoint rests after it dropped us over our load: rippled closes at a balance of
 * 25,000 and stops warning below 5,000; the balance loses 1/32 a second, so ln(5) / ln(32/31) ≈ 51 s.
 */
export const LOAD_DROP_REST_MS = 52_000
/** How long an endpoint that said it is not synced (or amendment blocked) rests before a retry. */
export const UNHEALTHY_REST_MS = 30_000

/** The spec's ledger client limits (docs/architecture.md §2). */
export const DEFAULT_TIMING: ConnectionTiming = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  connectTimeoutMs: CONNECT_TIMEOUT_MS,
  backoffMinMs: RECONNECT_BACKOFF_MIN_MS,
  backoffMaxMs: RECONNECT_BACKOFF_MAX_MS,
  preferredProbeMs: 60_000,
  lagCheckMs: 60_000,
}
