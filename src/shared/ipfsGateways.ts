/**
 * The public IPFS gateways the real networks use by default, and what a user's own gateway may be.
 * Shared by the engine (which fetches through them) and the Servers dialog (which shows and edits
 * the list).
 */

/**
 * Public IPFS gateways for the real networks, each of a different operator (ipfs.io and dweb.link
 * are both the IPFS Foundation's: one of them is enough), so that one operator's outage or rate
 * limit never stops enrichment. The engine's pool reorders them by measured health.
 */
export const PUBLIC_IPFS_GATEWAYS: readonly string[] = [
  'https://ipfs.io',
  'https://w3s.link',
  'https://gateway.pinata.cloud',
  'https://4everland.io',
]

/** Most gateways a user may list. */
export const MAX_USER_GATEWAYS = 10

/**
 * A gateway address as the user typed it, made a base URL (no trailing slash, no path but the
 * gateway's own), or null: https anywhere, plain http only on this device (an IPFS daemon at
 * http://127.0.0.1:8080); no credentials, query or fragment.
 */
export function gatewayBase(text: string): string | null {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return null
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null
  if (url.username || url.password || url.search || url.hash) return null
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/ipfs$/, '')}`
}
