/**
 * From an NFT's URI (or an image reference inside its metadata) to something the engine can use:
 * gateway URLs to try in order, an inline document, or a reason it cannot be used.
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'
import { arweaveUrl, ipfsUrl, parseArweave, parseIpfs } from './contentAddress.ts'
import { decodeJsonDataUri, isDataUri } from './dataUri.ts'
import type { GatewaySet } from './gateways.ts'
import { safeHttpUrl, safeImageUrl } from './sanitize.ts'

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
  const urls = contentUrls(text, gateways) ?? httpUrls(text)
  return urls?.length ? { kind: 'fetch', urls } : { kind: 'failed', problem: 'unsupported-uri' }
}

/** Gateway URLs for an IPFS or Arweave reference, every gateway in order; null for other URIs. */
function contentUrls(text: string, gateways: GatewaySet): string[] | null {
  const ipfs = parseIpfs(text)
  if (ipfs) return gateways.ipfs.map((base) => ipfsUrl(base, ipfs))
  const ar = parseArweave(text)
  if (ar) return gateways.arweave.map((base) => arweaveUrl(base, ar))
  return null
}

/** A plain web address: one URL, no failover (the host is the only source). */
function httpUrls(text: string): string[] | null {
  if (!/^https?:\/\//i.test(text)) return null
  const url = safeHttpUrl(text)
  return url ? [url] : null
}

/**
 * A safe image URL from an image reference found in metadata: IPFS and Arweave references through
 * the first gateway (an `<img>` has no failover), http(s) URLs and inline raster images as they are;
 * anything else (javascript:, file:, SVG or HTML data URIs, …) gives null.
 */
export function resolveMediaUrl(value: string, gateways: GatewaySet): string | null {
  const text = value.replace(PADDING, '')
  const ipfs = /^(https?|data):/i.test(text) ? null : parseIpfs(text)
  const ipfsBase = gateways.ipfs[0]
  if (ipfs && ipfsBase) return safeHttpUrl(ipfsUrl(ipfsBase, ipfs))
  const ar = parseArweave(text)
  const arBase = gateways.arweave[0]
  if (ar && arBase) return safeHttpUrl(arweaveUrl(arBase, ar))
  return safeImageUrl(text)
}
