/**
 * The ledger engine as a library: what the app's worker runs, built for a script, a server or a test
 * in Node (or any other JavaScript host with IndexedDB).
 *
 * ```ts
 * import 'fake-indexeddb/auto' // Node has no IndexedDB of its own
 * import { createEngine } from './src/worker/createEngine.ts'
 *
 * const engine = await createEngine({ network: 'testnet' })
 * await engine.connectWallet({ kind: 'familySeed', secret: process.env.SEED! })
 * await engine.loadNfts()
 * console.log((await engine.listNfts()).nfts.map((nft) => nft.nftId))
 * await engine.dispose()
 * ```
 *
 * Everything the engine offers is `EngineApi` (src/worker/api.ts), one interface per capability.
 */
import { LedgerDb } from '../db/schema.ts'
import { EngineError } from '../shared/errors.ts'
import { useLogger } from '../shared/log.ts'
import type { Logger } from '../shared/log.ts'
import { NETWORK_IDS, buildNetworks, freezeNetworks } from '../shared/networks.ts'
import type { NetworkConfig, NetworkId } from '../shared/networks.ts'
import type { EngineApi } from './api.ts'
import { Engine } from './engine.ts'
import type { AccountLocks } from './jobs/run/accountLocks.ts'

export type { EngineApi } from './api.ts'
export type { Logger } from '../shared/log.ts'
export type { AccountLocks } from './jobs/run/accountLocks.ts'

/** A network given by its servers: the rules and name of `id`, your endpoints. */
export interface NetworkServers {
  /** Whose rules apply (name, network_id check, explorer): 'mainnet', 'testnet', 'devnet' or 'sandbox'. */
  id: NetworkId
  /** WebSocket endpoints in failover order (ws:// or wss://). */
  endpoints: string[]
  /** Clio endpoints, for floor prices (`nfts_by_issuer`); the ledger endpoints by default. */
  clioEndpoints?: string[]
}

/** How to build an engine; only the network is required. */
export interface CreateEngineOptions {
  /**
   * The network: an id for its public servers ('mainnet', 'testnet', 'devnet'; 'sandbox' is
   * ws://127.0.0.1:6006), or your own servers.
   */
  network: NetworkId | NetworkServers
  /**
   * Where jobs, NFT lists and the metadata cache are kept: an IndexedDB database name (default
   * 'xrpl-nft-manager-headless') or an open LedgerDb. Jobs survive as long as that database does:
   * with `fake-indexeddb` in Node, as long as the process.
   */
  store?: string | LedgerDb
  /**
   * What keeps one runner per account: Web Locks where the host has them, else locks within this
   * process (engines on one store share them).
   */
  locks?: AccountLocks
  /** Where background failures are reported (the console by default); one per process. */
  logger?: Logger
  /**
   * Whether connecting a wallet resumes its unfinished and paused jobs by itself (default true, as in
   * the app). See EngineOptions.resumeOnConnect.
   */
  resumeOnConnect?: boolean
  /** Connect before returning (default true): the promise rejects when no endpoint answers. */
  connect?: boolean
  /**
   * The most one transaction of a job planned by this engine may pay, drops (at most the spec's
   * 2 XRP): a job waits while the ledger asks more.
   */
  maxFeeDrops?: bigint
  /** Whether ended airdrops' offers are followed in the background (default true). */
  trackAcceptance?: boolean
}

const DEFAULT_STORE = 'xrpl-nft-manager-headless'

function networkTable(network: CreateEngineOptions['network']): {
  id: NetworkId
  networks: Readonly<Record<NetworkId, NetworkConfig>>
} {
  // The build's settings are absent outside Vite: the public servers and the local sandbox.
  const base = buildNetworks({})
  if (typeof network === 'string') {
    if (!NETWORK_IDS.includes(network)) {
      throw new EngineError('VALIDATION', `Unknown network "${String(network)}"`)
    }
    return { id: network, networks: base }
  }
  const { id, endpoints, clioEndpoints } = network
  if (!NETWORK_IDS.includes(id)) throw new EngineError('VALIDATION', `Unknown network "${id}"`)
  const urls = (list: unknown, what: string): string[] => {
    const valid = Array.isArray(list) && list.length > 0 && list.every(isWebSocketUrl)
    if (!valid) throw new EngineError('VALIDATION', `${what} must be ws:// or wss:// addresses`)
    return [...(list as string[])]
  }
  const ledger = urls(endpoints, 'endpoints')
  const clio = clioEndpoints === undefined ? ledger : urls(clioEndpoints, 'clioEndpoints')
  return {
    id,
    networks: freezeNetworks({
      ...base,
      [id]: { ...base[id], endpoints: ledger, clioEndpoints: clio },
    }),
  }
}

function isWebSocketUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    return ['ws:', 'wss:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

function storeOf(store: CreateEngineOptions['store']): LedgerDb {
  if (store instanceof LedgerDb) return store
  if (typeof indexedDB === 'undefined') {
    throw new EngineError(
      'VALIDATION',
      'No IndexedDB here: in Node, import "fake-indexeddb/auto" before createEngine (jobs then last as long as the process), or pass an open store',
    )
  }
  return new LedgerDb(store ?? DEFAULT_STORE)
}

/**
 * Builds an engine and (by default) connects it to the network.
 *
 * @throws EngineError `VALIDATION` for an unknown network, a bad endpoint or no IndexedDB;
 *   `NETWORK` or `TIMEOUT` when no endpoint answers (with `connect`).
 */
export async function createEngine(options: CreateEngineOptions): Promise<EngineApi> {
  const { id, networks } = networkTable(options.network)
  const db = storeOf(options.store)
  if (options.logger) useLogger(options.logger)
  const engine = new Engine({
    networks,
    offered: [id],
    db,
    ...(options.locks ? { locks: options.locks } : {}),
    ...(options.maxFeeDrops !== undefined ? { maxFeeDrops: options.maxFeeDrops } : {}),
    ...(options.trackAcceptance === false ? { trackAcceptance: false } : {}),
    resumeOnConnect: options.resumeOnConnect ?? true,
  })
  if (options.connect ?? true) {
    try {
      await engine.connect(id)
    } catch (error) {
      await engine.dispose()
      throw error
    }
  }
  return engine
}
