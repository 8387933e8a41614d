/**
 * Which hosts the engine asks for IPFS and Arweave content. Content-addressed data is the same on
 * every gateway, so a list gives failover for free; the order is the preference.
 */
import { PUBLIC_IPFS_GATEWAYS, gatewayBase } from '../../../shared/ipfsGateways.ts'
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'

/** Gateway base URLs (no trailing slash), in the order they are tried. */
export interface GatewaySet {
  /** IPFS gateways: `${base}/ipfs/${cid}/${path}`. */
  ipfs: string[]
  /** Arweave gateways: `${base}/${id}`. */
  arweave: string[]
}

export { PUBLIC_IPFS_GATEWAYS } from '../../../shared/ipfsGateways.ts'

/** Public Arweave gateways for the real networks (arweave.net's operator, then ar.io's network). */
export const PUBLIC_ARWEAVE_GATEWAYS: readonly string[] = [
  'https://arweave.net',
  'https://ar-io.net',
]

/**
 * Gateways that closed for good: an address on them still names content (content addressing), so
 * it is fetched from the live gateways, never from them. Sources: Cloudflare's announcement of the
 * gateway's end on 2024-08-14; Infura's public gateway shut in 2022; nftstorage.link down since 2025;
 * Fleek's ipfs.fleek.co retired in 2023.
 */
export const CLOSED_GATEWAY_HOSTS: readonly string[] = [
  'cloudflare-ipfs.com',
  'ipfs.infura.io',
  'nftstorage.link',
  'ipfs.fleek.co',
]

/**
 * Hosts run by one operator, counted once: a rate limit or an outage at one of them is at all of
 * them. Keys are host suffixes; a subdomain gateway (`CID.ipfs.dweb.link`) belongs to its parent.
 */
const OPERATORS: Readonly<Record<string, string>> = {
  'ipfs.io': 'IPFS Foundation',
  'dweb.link': 'IPFS Foundation',
  'w3s.link': 'Storacha',
  'nftstorage.link': 'Storacha',
  'gateway.pinata.cloud': 'Pinata',
  'mypinata.cloud': 'Pinata',
  '4everland.io': '4EVERLAND',
  'arweave.net': 'Arweave',
  'ar-io.net': 'ar.io',
}

/** The operator of a host (a port may follow): a known one, or the host itself with its port. */
export function operatorOf(host: string): string {
  // `CID.ipfs.gateway.example` is gateway.example's: one operator, not one per CID.
  const gateway = host.toLowerCase().replace(/^[a-z0-9]+\.(ipfs|ipns)\./, '')
  const name = gateway.replace(/:\d+$/, '')
  for (const [suffix, operator] of Object.entries(OPERATORS)) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return operator
  }
  return gateway
}

/** Whether `host` (or the gateway it is a subdomain of) closed for good. */
export function isClosedHost(host: string): boolean {
  const name = host.toLowerCase()
  return CLOSED_GATEWAY_HOSTS.some((closed) => name === closed || name.endsWith(`.${closed}`))
}

/** Whether a web address names a gateway that closed for good (a URI that is no address: no). */
export function isOnClosedGateway(uri: string): boolean {
  try {
    return isClosedHost(new URL(uri).host)
  } catch {
    return false
  }
}

/** A base URL without trailing slashes. */
function trimBase(url: string): string {
  return url.replace(/\/+$/, '')
}

/**
 * The built-in gateways of a network: the sandbox's own gateway (which serves IPFS paths and
 * Arweave ids under `/ar/`) on the Sandbox network, the public lists elsewhere.
 */
export function defaultGateways(network: NetworkConfig): GatewaySet {
  if (network.metadataGateway) {
    const base = trimBase(network.metadataGateway)
    return { ipfs: [base], arweave: [`${base}/ar`] }
  }
  return { ipfs: [...PUBLIC_IPFS_GATEWAYS], arweave: [...PUBLIC_ARWEAVE_GATEWAYS] }
}

/** What can override the defaults, strongest last. */
export interface GatewayOverrides {
  /** Engine option (tests, embedders): replaces either list for every network. */
  option?: Partial<GatewaySet>
  /** The user's `ipfsGateways` setting; replaces the IPFS list when non-empty. */
  userIpfs?: readonly string[]
}

/**
 * The gateways to use on `networkId`: the network's defaults, then the engine option, then the
 * user's IPFS setting (the user's choice wins: they may run their own node).
 */
export function gatewaysFor(
  networkId: NetworkId,
  networks: Readonly<Record<NetworkId, NetworkConfig>>,
  overrides: GatewayOverrides = {},
): GatewaySet {
  const set = defaultGateways(networks[networkId])
  const { option, userIpfs } = overrides
  if (option?.ipfs?.length) set.ipfs = option.ipfs.map(trimBase)
  if (option?.arweave?.length) set.arweave = option.arweave.map(trimBase)
  const user = (userIpfs ?? [])
    .map((g) => (typeof g === 'string' ? gatewayBase(g) : null))
    .filter((g): g is string => g !== null)
  if (user.length) set.ipfs = user
  return set
}
