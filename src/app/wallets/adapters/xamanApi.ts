/**
 * Xaman's REST API as the app uses it (docs in xaman.ts): where it is, a signed-in session, a call
 * with the session's token, and the links a payload gives for the phone.
 */

/** Where Xaman is, and the app's key there. */
export interface XamanConfig {
  apiKey: string
  /** `https://xumm.app` (its REST API and payload WebSockets). */
  apiBase: string
  /** `https://oauth2.xumm.app` (sign-in). */
  oauthBase: string
}

/** A signed-in session: the token the API takes, and its account. */
export interface XamanSession {
  config: XamanConfig
  jwt: string
  account: string
}

/** What the approval loop needs from its surroundings (the browser's, or a test's). */
export interface XamanDeps {
  fetch: typeof fetch
  WebSocket: new (url: string) => WebSocketLike
  /** Told which payload waits for the user (to show its link and QR code), then null. */
  onPending?: (pending: XamanPending | null) => void
  /** Payloads created per minute at most (Xaman allows about 30). */
  perMinute?: number
  /** Waits (tests shorten the waits for Xaman's limits). */
  sleep?: (ms: number) => Promise<void>
}

/** The part of a WebSocket this module uses (the browser's, or the `ws` package's in Node). */
export interface WebSocketLike {
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: (() => void) | null
  onerror: (() => void) | null
  close(): void
}

/** A payload waiting for the user: where to open it if no push arrived. */
export interface XamanPending {
  uuid: string
  /** The sign page (a QR code on a computer, the app on a phone). */
  link: string
  /** The QR code's image. */
  qr: string
  /** Xaman pushed it to the signed-in user's phone. */
  pushed: boolean
}

/** A call of Xaman's API with the session's token; its JSON body (or null). */
export async function api(
  session: XamanSession,
  deps: XamanDeps,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; retryAfter: number | null }> {
  const response = await deps.fetch(new URL(`/api/v1/jwt/${path}`, session.config.apiBase), {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.jwt}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const retry = Number(response.headers.get('Retry-After'))
  return {
    status: response.status,
    body: await response.json().catch(() => null),
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
  }
}

/**
 * A link the API gave for a request, if it is one of Xaman's own pages of that request (a lying
 * server must not put another site or another request before the user); else ''.
 */
export function xamanUrl(value: unknown, uuid: string, config: XamanConfig): string {
  if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/.test(uuid)) return ''
  try {
    const url = new URL(value)
    const hosts = new Set([new URL(config.apiBase).host, 'xumm.app', 'xaman.app'])
    const secure = url.protocol === 'https:' || url.host === new URL(config.apiBase).host
    return secure && hosts.has(url.host) && url.pathname.includes(uuid) ? url.toString() : ''
  } catch {
    return ''
  }
}
