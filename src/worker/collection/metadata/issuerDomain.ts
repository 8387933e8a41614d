/**
 * Metadata of NFTs minted without a URI, where XLS-20 puts it: under the issuer account's `Domain`.
 * The standard lets an issuer name an address in a DNS TXT record and otherwise recommends
 * `https://{domain}/.well-known/xrpl-nft/{NFTokenID}`. A browser cannot read TXT records without
 * sending every issuer looked at to a third-party DNS-over-HTTPS service, so only the recommended
 * address is used.
 */
import { decodeNftUri } from '../../ledger/nftUri.ts'

/** Longest domain accepted (DNS's own limit). */
const MAX_DOMAIN_LENGTH = 253

/**
 * The host (and port) an account's `Domain` names, or null. `Domain` is hex-encoded ASCII, usually
 * a bare domain (`example.com`), sometimes written as an address (`https://example.com/`): the
 * scheme and any path are dropped. Loopback hosts keep a port (the sandbox's issuers).
 */
export function domainFromHex(hex: string | undefined | null): string | null {
  // Domain's ledger limit is 256 bytes, the same as a URI's: one strict hex-to-UTF-8 decoder.
  const text = decodeNftUri(hex)?.trim()
  const host = (text ?? '')
    .replace(/^https?:\/\//i, '')
    .split(/[/?#]/, 1)[0]
    ?.toLowerCase()
  if (!host || host.length > MAX_DOMAIN_LENGTH) return null
  const [name = '', port] = host.split(':')
  const labels =
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/
  const loopback = name === 'localhost' || name === '127.0.0.1'
  // A domain, not an address: its last label has a letter (192.168.1.1 is no domain).
  if ((!labels.test(name) || !/[a-z]/.test(name.split('.').at(-1) ?? '')) && !loopback) return null
  if (port !== undefined && !(loopback && /^\d{1,5}$/.test(port))) return null
  return host
}

/**
 * XLS-20's recommended metadata address of `nftId` under `domain`: https, except for a loopback host
 * (the sandbox), which serves plain http.
 */
export function domainMetadataUrl(domain: string, nftId: string): string {
  const loopback = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(domain)
  return `${loopback ? 'http' : 'https'}://${domain}/.well-known/xrpl-nft/${nftId.toUpperCase()}`
}
