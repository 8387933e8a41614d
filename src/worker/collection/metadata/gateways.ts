/**
 * Which hosts the engine asks for IPFS and Arweave content. Content-addressed data is the same on
 * every gateway, so a list gives failover for free; the order is the preference.
 */
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'

/** Gateway base URLs (no trailing slash), in the order they are tried. */
export interface GatewaySet {
  /** IPFS gateways: `${base}/ipfs/${cid}/${path}`. */
  ipfs: string[]
  /** Arweave gateways: `${base}/${id}`. */
  arweave: string[]
}

/**
 * Public IPFS gateways for the real networks. Order: the reference gateway first, then two
 * independent operators, so one outage or rate limit never stops enrichment.
 */
export const PUBLIC_IPFS_GATEWAYS: readonly string[] = [
  'https://ipfs.io',
  'https://dweb.link',
  'https://gateway.pinata.cloud',
]

/** Public Arweave gateways for the real networks. */
export const PUBLIC_ARWEAVE_GATEWAYS: readonly string[] = ['https://arweave.net']

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
  const user = (userIpfs ?? []).filter((g) => typeof g === 'string' && /^https?:\/\//.test(g))
  if (user.length) set.ipfs = user.map(trimBase)
  return set
}
