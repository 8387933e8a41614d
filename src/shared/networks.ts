/**
 * The ledger networks the app can use. Endpoints are fixed at build time: the sandbox URLs may be
 * overridden through `VITE_SANDBOX_WS` / `VITE_SANDBOX_GATEWAY`, never through the page URL, so a
 * crafted link cannot redirect where a user's signed transactions go.
 */

/** Identifier of a network. */
export type NetworkId = 'mainnet' | 'testnet' | 'devnet' | 'sandbox'

/** Every network, in the order the network picker lists them. */
export const NETWORK_IDS: readonly NetworkId[] = ['mainnet', 'testnet', 'devnet', 'sandbox']

/** Where a network is reached. */
export interface NetworkConfig {
  /** Identifier. */
  readonly id: NetworkId
  /** Name shown to users, e.g. 'Mainnet'. */
  readonly name: string
  /** WebSocket endpoints in failover order. */
  readonly endpoints: readonly string[]
  /** Clio endpoints, which answer `nfts_by_issuer` (floor prices); may be empty. */
  readonly clioEndpoints: readonly string[]
  /** HTTP gateway for NFT metadata that belongs to this network (the sandbox's demo data). */
  readonly metadataGateway?: string
  /** A ledger explorer whose `/accounts/{address}` page shows an account (links only). */
  readonly explorer?: string
  /**
   * The `network_id` its servers report in server_info (0 or absent on Mainnet); undefined: not
   * checked. A server the user adds must report it, so a Testnet node never passes as Mainnet.
   */
  readonly networkId?: number
  /** The lowest validated ledger index a server of this network can report now (Mainnet's history). */
  readonly minLedgerIndex?: number
}

/** The build-time settings this module reads (a subset of `import.meta.env`). */
export interface NetworkEnv {
  readonly DEV?: boolean
  /** Vite's build mode: `e2e` for the build the end-to-end tests drive. */
  readonly MODE?: string
  /** `true` offers the Sandbox network in a production build too (it never is otherwise). */
  readonly VITE_ENABLE_SANDBOX?: string
  readonly VITE_DEFAULT_NETWORK?: string
  readonly VITE_SANDBOX_WS?: string
  readonly VITE_SANDBOX_GATEWAY?: string
}

const SANDBOX_WS = 'ws://127.0.0.1:6006'
const SANDBOX_GATEWAY = 'http://127.0.0.1:6007'

/** Whether a value names a network. */
export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && (NETWORK_IDS as readonly string[]).includes(value)
}

/** The override if it is a URL with one of the schemes, else the fallback. */
function urlOr(value: string | undefined, schemes: readonly string[], fallback: string): string {
  if (!value) return fallback
  try {
    return schemes.includes(new URL(value).protocol) ? value.replace(/\/+$/, '') : fallback
  } catch {
    return fallback
  }
}

/**
 * The networks for a given build environment.
 *
 * @param env - the build-time settings; pass `{}` for the defaults.
 */
export function buildNetworks(env: NetworkEnv): Readonly<Record<NetworkId, NetworkConfig>> {
  const sandboxWs = urlOr(env.VITE_SANDBOX_WS, ['ws:', 'wss:'], SANDBOX_WS)
  // Frozen, lists too: nothing that runs later (or reaches the worker) can redirect an endpoint.
  return freezeNetworks({
    mainnet: {
      id: 'mainnet',
      name: 'Mainnet',
      endpoints: ['wss://xrplcluster.com', 'wss://s1.ripple.com', 'wss://s2.ripple.com'],
      clioEndpoints: ['wss://s1.ripple.com', 'wss://s2.ripple.com'],
      explorer: 'https://livenet.xrpl.org',
      networkId: 0,
      // Mainnet passed ledger 90,000,000 in 2024: a fresh private ledger cannot pass for it.
      minLedgerIndex: 90_000_000,
    },
    testnet: {
      id: 'testnet',
      name: 'Testnet',
      endpoints: ['wss://s.altnet.rippletest.net:51233'],
      clioEndpoints: ['wss://clio.altnet.rippletest.net:51233'],
      explorer: 'https://testnet.xrpl.org',
      networkId: 1,
    },
    devnet: {
      id: 'devnet',
      name: 'Devnet',
      endpoints: ['wss://s.devnet.rippletest.net:51233'],
      clioEndpoints: ['wss://clio.devnet.rippletest.net:51233'],
      explorer: 'https://devnet.xrpl.org',
      networkId: 2,
    },
    sandbox: {
      id: 'sandbox',
      name: 'Sandbox',
      endpoints: [sandboxWs],
      // The sandbox answers nfts_by_issuer itself.
      clioEndpoints: [sandboxWs],
      metadataGateway: urlOr(env.VITE_SANDBOX_GATEWAY, ['http:', 'https:'], SANDBOX_GATEWAY),
    },
  })
}

/** A frozen copy of a network table (each network and its endpoint lists frozen too). */
export function freezeNetworks(
  networks: Readonly<Record<NetworkId, NetworkConfig>>,
): Readonly<Record<NetworkId, NetworkConfig>> {
  const copy = {} as Record<NetworkId, NetworkConfig>
  for (const id of NETWORK_IDS) {
    const n = networks[id]
    copy[id] = Object.freeze({
      ...n,
      endpoints: Object.freeze([...n.endpoints]),
      clioEndpoints: Object.freeze([...n.clioEndpoints]),
    })
  }
  return Object.freeze(copy)
}

/**
 * The networks a build offers, in picker order. The Sandbox (a ledger on the user's own machine) only
 * in development and in the e2e build, unless `VITE_ENABLE_SANDBOX=true` turns it on: a deployed app
 * must not offer a network nobody runs.
 *
 * @param env - the build-time settings.
 */
export function offeredNetworkIds(env: NetworkEnv): readonly NetworkId[] {
  const sandbox = env.DEV === true || env.MODE === 'e2e' || env.VITE_ENABLE_SANDBOX === 'true'
  return Object.freeze(NETWORK_IDS.filter((id) => id !== 'sandbox' || sandbox))
}

/**
 * The network preselected at start: `VITE_DEFAULT_NETWORK` when valid, else the sandbox during
 * development (`npm start`) and Mainnet in a production build.
 *
 * @param env - the build-time settings.
 */
export function defaultNetworkId(env: NetworkEnv): NetworkId {
  const wanted = env.VITE_DEFAULT_NETWORK?.trim().toLowerCase()
  if (isNetworkId(wanted) && offeredNetworkIds(env).includes(wanted)) return wanted
  return env.DEV === true ? 'sandbox' : 'mainnet'
}

// Vite replaces import.meta.env in the app, the worker and Vitest; plain Node (tsx scripts) has none.
const env: NetworkEnv = import.meta.env ?? {}

/** Where a network's explorer shows an account; null for a network without one (the Sandbox). */
export function accountExplorerUrl(network: NetworkConfig, address: string): string | null {
  return network.explorer ? `${network.explorer}/accounts/${encodeURIComponent(address)}` : null
}

/** The networks of this build. */
export const NETWORKS = buildNetworks(env)

/** The networks this build offers (the Sandbox only in development and e2e builds, or if asked). */
export const OFFERED_NETWORK_IDS = offeredNetworkIds(env)

/** The network this build preselects. */
export const DEFAULT_NETWORK_ID = defaultNetworkId(env)
