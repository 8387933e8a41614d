/**
 * The ledger connection as the engine's callers see it: which network and server, its state, the
 * ledger figures, and the user's own servers.
 */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { OwnEndpoint, OwnEndpointKind } from '../../db/types/settings.ts'
import type { NetworkId } from '../../shared/networks.ts'

/**
 * The life of the ledger connection.
 * - `connecting`: trying the network's endpoints for the first time.
 * - `connected`: a WebSocket is open and the ledger stream is subscribed.
 * - `reconnecting`: the connection broke; trying the endpoints again.
 * - `offline`: every endpoint failed (or nothing was asked yet); retries continue with backoff.
 */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline'

/** What the engine knows about its ledger connection: a snapshot, replaced on every change. */
export interface NetworkStatus {
  /** The network in use (or being connected to). */
  network: NetworkId
  /** The WebSocket endpoint in use or being tried; null before the first attempt. */
  endpoint: string | null
  /** Connection state. */
  state: ConnectionState
  /** The latest validated ledger seen; null until known. Kept (stale) while reconnecting. */
  ledgerIndex: number | null
  /** Base account reserve in XRP (1 on mainnet since 2024-12); null until known. */
  reserveBaseXrp: number | null
  /** Owner reserve per ledger object in XRP (0.2 on mainnet); null until known. */
  reserveIncXrp: number | null
  /** Reference transaction cost in XRP, before load scaling; null until known. */
  baseFeeXrp: number | null
  /** Why the last attempt failed, fit to show; null once connected. */
  error: string | null
}

/**
 * Receives status snapshots. Through Comlink it must be wrapped in `Comlink.proxy(...)`; a listener
 * whose call fails (its page is gone) is dropped.
 */
export type StatusListener = (status: NetworkStatus) => void

/** Connecting to a network and following the connection. */
export const connectionContract = {
  /**
   * Connects to a network, trying its endpoints in order (failover), and keeps the connection:
   * a dropped connection is retried with backoff (100 ms doubling to 60 s) across the endpoints.
   * Switching networks closes the previous connection. Asking for the network already in use
   * returns its current status at once (possibly `reconnecting`); asking again while `offline`
   * starts over with the first endpoint and no backoff.
   *
   * @param networkId - the network to use.
   * @returns the status once connected.
   * @throws EngineError `VALIDATION` for an unknown network; `NETWORK` when every endpoint failed
   *   once (retries continue in the background and are reported to status listeners); `CANCELLED`
   *   when another `connect` or `disconnect` superseded this one.
   */
  connect: method<(networkId: NetworkId) => Promise<NetworkStatus>>(),

  /** Closes the ledger connection and stops retrying; the status becomes `offline`. */
  disconnect: method<() => Promise<void>>(),

  /**
   * Ends the engine, as a closed tab does: running jobs stop writing and submitting (they resume from
   * the store in the next engine), secrets are dropped, every connection and timer closes, so a Node
   * process exits once nothing else keeps it. The engine is not usable afterwards.
   */
  dispose: method<() => Promise<void>>(),

  /**
   * Retries the connection at once instead of waiting out the backoff (the worker also does this
   * when the browser comes back online). Does nothing while connected.
   */
  retryNow: method<() => Promise<void>>(),

  /**
   * The page saw the browser go offline (a dedicated worker does not get the event in every
   * browser): the live connection, which may stay open for minutes with nothing getting through, is
   * given up as lost (`reconnecting`, 'This device is offline') and reconnection begins; running jobs
   * wait for it. Call `retryNow` when the browser is online again.
   */
  deviceOffline: method<() => Promise<void>>(),

  /** The current connection status. */
  getNetworkStatus: method<() => Promise<NetworkStatus>>(),

  /**
   * Subscribes to status changes. The listener is called once right away with the current status,
   * then on every change (connection state, each validated ledger, reserve changes).
   *
   * @param listener - a `Comlink.proxy` callback (a plain function in Node).
   * @returns a subscription id for {@link EngineApi.offStatus}.
   */
  onStatus: method<(listener: StatusListener) => Promise<number>>(),

  /**
   * Ends a status subscription and releases its callback proxy.
   *
   * @param subscription - the id `onStatus` returned; unknown ids are ignored.
   */
  offStatus: method<(subscription: number) => Promise<void>>(),

  /**
   * Adds the user's own server to a network, after checking it: reachable, reporting the network's
   * `network_id` (Mainnet: a ledger index only Mainnet has reached), holding the same validated
   * ledger as the server the engine is connected to on that network, and for `clio` answering
   * `nfts_by_issuer`. Own servers are used before the public ones (the connection moves to it at
   * once when it serves the current network) and are treated as unlimited until they push back.
   *
   * @throws EngineError `VALIDATION` for a bad address or a server of another network; `NETWORK`
   *   when it cannot be reached.
   */
  addOwnEndpoint:
    method<(network: NetworkId, url: string, kind: OwnEndpointKind) => Promise<OwnEndpoint>>(),

  /** Removes an own server; the connection leaves it if it was in use. */
  removeOwnEndpoint: method<(network: NetworkId, url: string) => Promise<void>>(),

  /**
   * Uses the network's own servers alone (`alone`), or with the public servers behind them as
   * second opinions (the default). Alone, nothing a second server would confirm is confirmed: plans
   * say so (`JobPlan.unconfirmed`) and a sale needs the user's consent (`acceptOneServer`).
   *
   * @throws EngineError `VALIDATION` when `alone` is asked of a network without an own server.
   */
  setOwnEndpointsAlone: method<(network: NetworkId, alone: boolean) => Promise<void>>(),
}

/** {@link connectionContract} as the methods it declares. */
export interface ConnectionApi extends Api<typeof connectionContract> {}
