/**
 * Response headers of the metadata gateway: CORS for the app's origin (any, as public gateways do),
 * caching that matches how the content may change, and no content sniffing.
 */
import type { GatewayAnswer } from '../demo/catalog.ts'

/** CORS headers sent on every response: the app (another origin) fetches metadata with fetch(). */
export function corsHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Expose-Headers': 'Content-Length, Content-Type, Retry-After',
  }
}

/**
 * IPFS and Arweave content is addressed by its hash and never changes; https-style documents may;
 * errors and injected failures must not be cached, or a retry could never succeed.
 */
function cacheControl(status: number, path: string): string {
  if (status !== 200 || path === '/health') return 'no-store'
  if (path.startsWith('/ipfs/') || path.startsWith('/ar/')) {
    return 'public, max-age=31536000, immutable'
  }
  return 'public, max-age=300'
}

/** All headers of an answer with a body of `length` bytes, requested at `path`. */
export function answerHeaders(
  answer: GatewayAnswer,
  path: string,
  length: number,
): Record<string, string> {
  // A preflight answer has no body; RFC 9110 forbids Content-Length on a 204.
  if (answer.status === 204) return { ...corsHeaders(), 'Access-Control-Max-Age': '86400' }
  const headers: Record<string, string> = {
    ...corsHeaders(),
    'Content-Type': answer.contentType,
    'Content-Length': String(length),
    'Cache-Control': cacheControl(answer.status, path),
    'X-Content-Type-Options': 'nosniff',
  }
  if (answer.status === 503) headers['Retry-After'] = '1'
  if (answer.retryAfterS !== undefined) headers['Retry-After'] = String(answer.retryAfterS)
  if (answer.status === 405) headers.Allow = 'GET, HEAD, OPTIONS'
  return headers
}

/** A plain-text answer (errors, health). */
export function plainAnswer(status: number, message: string): GatewayAnswer {
  return { status, contentType: 'text/plain; charset=utf-8', body: `${message}\n` }
}

/** The decoded path of a request URL, without query or fragment; '' when it cannot be decoded. */
export function pathOf(url: string | undefined): string {
  const raw = (url ?? '/').split(/[?#]/, 1)[0] ?? '/'
  try {
    return decodeURIComponent(raw)
  } catch {
    return ''
  }
}
