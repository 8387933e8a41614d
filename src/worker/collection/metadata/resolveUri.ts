/**
 * From an NFT's URI (or an image reference inside its metadata) to something the engine can use:
 * gateway URLs to try in order, an inline document, or a reason it cannot be used.
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'
import { arweaveUrl, ipfsUrl, parseArweave, parseGatewayUrl, parseIpfs } from './contentAddress.ts'
import { decodeJsonDataUri, isDataUri } from './dataUri.ts'
import { isClosedHost } from './gateways.ts'
import type { GatewaySet } from './gateways.ts'
import { isPrivateUrl, safeHttpUrl, safeImageUrl } from './sanitize.ts'

/** What to do for a metadata URI. */
export type Resolution =
  /** Fetch the first URL; on a transient failure try the next (gateway failover). */
  | { kind: 'fetch'; urls: string[] }
  /** The document is in the URI itself (`data:`). */
  | { kind: 'inline'; text: string }
  | { kind: 'failed'; problem: MetadataProblem }

// Minting tools pad URIs with NULs or whitespace; none of that is part of the address.
// eslint-disable-next-line no-control-regex
const PADDING = /^[\s\u0000]+|[\s\u0000]+$/g

/**
 * Resolves an NFT's metadata URI.
 *
 * @param uri - the URI as decoded from the NFToken (null or blank: 'no-uri').
 * @param gateways - where IPFS and Arweave content is fetched from.
 * @param maxBytes - size cap for inline documents.
 */
export function resolveMetadataUri(
  uri: string | null,
  gateways: GatewaySet,
  maxBytes: number,
): Resolution {
  const text = (uri ?? '').replace(PADDING, '')
  if (!text) return { kind: 'failed', problem: 'no-uri' }
  if (isDataUri(text)) {
    const decoded = decodeJsonDataUri(text, maxBytes)
    return 'text' in decoded
      ? { kind: 'inline', text: decoded.text }
      : { kind: 'failed', problem: decoded.problem }
  }
  const urls = onlyReachable(contentUrls(text, gateways) ?? httpUrls(text), gateways)
  return urls.length ? { kind: 'fetch', urls } : { kind: 'failed', problem: 'unsupported-uri' }
}

/**
 * The URLs an untrusted reference may make the app request: public hosts, and hosts on this device
 * or the local network only where a configured gateway is (the sandbox's, the user's own IPFS
 * daemon). Otherwise any NFT could make every viewer's browser send requests to their router or to
 * services on their machine.
 */
export function onlyReachable(urls: readonly string[] | null, gateways: GatewaySet): string[] {
  const bases = [...gateways.ipfs, ...gateways.arweave]
  return (urls ?? []).filter((url) => {
    if (!isPrivateUrl(url)) return true
    return bases.some((base) => url === base || url.startsWith(`${base}/`))
  })
}

/**
 * Every address of the content behind an IPFS or Arweave reference, in preference order: the
 * configured gateways, then the gateway the reference itself names (a dedicated gateway may be the
 * fastest source of its own pins) unless it closed for good. Null for other URIs.
 */
function contentUrls(text: string, gateways: GatewaySet): string[] | null {
  const onGateway = /^https?:/i.test(text) ? parseGatewayUrl(text) : null
  const ipfs = onGateway ? ('ipfs' in onGateway ? onGateway.ipfs : null) : parseIpfs(text)
  const ar = onGateway ? ('arweave' in onGateway ? onGateway.arweave : null) : parseArweave(text)
  // The gateway the reference names (scheme, host and port), as the URL parser reads it.
  const origin = onGateway ? new URL(text.replace(/#/g, '%23')).origin : null
  const subdomain = onGateway?.style === 'subdomain'
  let urls: string[]
  let own: string | null = null
  if (ipfs) {
    urls = gateways.ipfs.map((base) => ipfsUrl(base, ipfs))
    if (origin) own = subdomain ? `${origin}/${ipfs.path}` : ipfsUrl(origin, ipfs)
  } else if (ar) {
    urls = gateways.arweave.map((base) => arweaveUrl(base, ar))
    if (origin) own = arweaveUrl(origin, ar)
  } else {
    return null
  }
  if (own && onGateway && !isClosedHost(onGateway.host) && !urls.includes(own)) urls.push(own)
  return urls.map((url) => safeHttpUrl(url)).filter((url): url is string => url !== null)
}

/** A plain web address: one URL, no failover (the host is the only source). */
function httpUrls(text: string): string[] | null {
  if (!/^https?:\/\//i.test(text)) return null
  const url = safeHttpUrl(text)
  return url ? [url] : null
}

/**
 * Safe addresses of a media reference found in metadata, in preference order: IPFS and Arweave
 * references (any spelling, gateway addresses included) on every gateway, so that the card can try
 * the next when one fails; other http(s) URLs and inline raster images as they are; nothing for
 * anything else (javascript:, file:, SVG or HTML data URIs, …).
 */
export function resolveMediaUrls(value: string, gateways: GatewaySet): string[] {
  const text = value.replace(PADDING, '')
  if (/^data:/i.test(text)) {
    const inline = safeImageUrl(text)
    return inline ? [inline] : []
  }
  return onlyReachable(contentUrls(text, gateways) ?? httpUrls(text), gateways)
}

/** The first of {@link resolveMediaUrls}, or null. */
export function resolveMediaUrl(value: string, gateways: GatewaySet): string | null {
  return resolveMediaUrls(value, gateways)[0] ?? null
}
