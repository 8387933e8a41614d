/**
 * Xaman (formerly Xumm), from the browser alone: sign-in with Xaman (OAuth2 with PKCE, the build's
 * API key as the client id, no secret), then each transaction to approve is a payload pushed to the
 * signed-in user's phone, created with `submit: false` so that Xaman signs without submitting (the
 * engine checks, stores and submits the blob). Followed over the payload's WebSocket, then read back.
 *
 * Written against Xaman's documented wire protocol rather than its SDKs: the SDKs hard-code Xaman's
 * hosts for sign-in, and the app must be testable against a local stand-in of them
 * (`VITE_XAMAN_API_BASE`, `VITE_XAMAN_OAUTH_BASE`; Xaman's own hosts by default).
 *
 * Xaman creates about 30 payloads a minute per app: creations are paced under that, and a refusal to
 * go faster (429) is waited out.
 */
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../worker/api.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { ExternalSignIn } from './externalWallets.ts'

/** Where Xaman is, and the app's key there. */
export interface XamanConfig {
  apiKey: string
  /** `https://xumm.app` (its REST API and payload WebSockets). */
  apiBase: string
  /** `https://oauth2.xumm.app` (sign-in). */
  oauthBase: string
}

/** The build's Xaman settings, or null when it was built without an API key (no Xaman sign-in). */
export function xamanConfig(): XamanConfig | null {
  const env = import.meta.env
  const apiKey = env.VITE_XAMAN_API_KEY?.trim()
  if (!apiKey) return null
  return {
    apiKey,
    apiBase: env.VITE_XAMAN_API_BASE?.trim() || 'https://xumm.app',
    oauthBase: env.VITE_XAMAN_OAUTH_BASE?.trim() || 'https://oauth2.xumm.app',
  }
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

/** Payloads Xaman creates per minute and app, about (its documented limit is 30). */
const PER_MINUTE = 28
/** How long Xaman keeps a request open, minutes. */
const EXPIRE_MINUTES = 10
/** The longest wait a 429 may ask for, seconds (a longer Retry-After is not believed). */
const MAX_RETRY_AFTER_S = 120
/** Refusals to go faster in a row before the window stops (the job pauses, Resume tries again). */
const MAX_THROTTLED = 10
/** The longest wait for a request's outcome (it expires after EXPIRE_MINUTES unopened). */
const RESOLUTION_MS = (EXPIRE_MINUTES + 2) * 60_000

function base64url(bytes: Uint8Array): string {
  let text = ''
  for (const b of bytes) text += String.fromCharCode(b)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The claims of a JWT (not verified here: the API verifies it on every call). */
function claimsOf(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? ''
  try {
    const json: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')))
    return isRecord(json) ? json : {}
  } catch {
    return {}
  }
}

/**
 * Signs in with Xaman in a popup (the user scans its QR code or approves on the phone). The popup
 * reports back with `postMessage` from the sign-in host; the code is exchanged for the token with
 * the PKCE verifier; the sign-in's own payload gives the public key that signed it.
 *
 * @throws Error with a message fit to show.
 */
export async function xamanSignIn(config: XamanConfig, deps: XamanDeps): Promise<ExternalSignIn> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(48)))
  const state = base64url(crypto.getRandomValues(new Uint8Array(24)))
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  )
  const redirect = `${location.origin}${location.pathname}`
  const url = new URL('/auth', config.oauthBase)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.apiKey,
    state,
    scope: 'XummPkce',
    redirect_uri: redirect,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString()
  const popup = window.open(url.toString(), 'XamanSignIn', 'width=600,height=790')
  if (!popup)
    throw new Error('The browser blocked the Xaman sign-in window: allow pop-ups for this site')
  const code = await popupCode(popup, new URL(config.oauthBase).origin, state)
  const token = await deps.fetch(new URL('/token', config.oauthBase), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: config.apiKey,
      redirect_uri: redirect,
      code_verifier: verifier,
    }),
  })
  const body: unknown = await token.json().catch(() => null)
  const jwt = isRecord(body) && typeof body.access_token === 'string' ? body.access_token : null
  if (!jwt) throw new Error('Xaman did not complete the sign-in')
  const claims = claimsOf(jwt)
  const account = typeof claims.sub === 'string' ? claims.sub : ''
  const signIn = typeof claims.payload_uuidv4 === 'string' ? claims.payload_uuidv4 : ''
  const session: XamanSession = { config, jwt, account }
  const payload = signIn ? (await api(session, deps, 'GET', `payload/${signIn}`)).body : null
  const response = isRecord(payload) && isRecord(payload.response) ? payload.response : {}
  const publicKey = typeof response.signer_pubkey === 'string' ? response.signer_pubkey : ''
  if (!account || !publicKey) throw new Error('Xaman gave no account and key for the sign-in')
  return { address: account, publicKey, port: xamanApprovals(session, deps) }
}

/** Waits for the sign-in popup's answer: the authorization code, or why there is none. */
function popupCode(popup: Window, origin: string, state: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage)
      clearInterval(watch)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || typeof event.data !== 'string') return
      let message: unknown
      try {
        message = JSON.parse(event.data)
      } catch {
        return
      }
      if (!isRecord(message) || !isRecord(message.options)) return
      if (message.source === 'xumm_sign_request_rejected') {
        done()
        reject(new Error('You declined the sign-in in Xaman'))
        return
      }
      if (message.source !== 'xumm_sign_request_resolved') return
      const to = message.options.full_redirect_uri
      const back = new URL(typeof to === 'string' ? to : '', location.href)
      const code = back.searchParams.get('code') ?? back.searchParams.get('authorization_code')
      done()
      if (!code || back.searchParams.get('state') !== state) {
        reject(new Error('Xaman answered the sign-in with something else than was asked'))
      } else resolve(code)
    }
    const watch = setInterval(() => {
      if (!popup.closed) return
      // The answer is posted just before the window closes: give it a moment.
      setTimeout(() => {
        done()
        reject(new Error('The Xaman sign-in window was closed'))
      }, 750)
    }, 500)
    window.addEventListener('message', onMessage)
  })
}

/** A call of Xaman's API with the session's token; its JSON body (or null). */
async function api(
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
function xamanUrl(value: unknown, uuid: string, config: XamanConfig): string {
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

/** Why a payload ended without a blob. */
type Unsigned = { reason: 'refused' | 'closed'; message: string }

/**
 * The approval port of Xaman: each prepared transaction is one payload (one approval on the phone),
 * created with `submit: false` and the account pinned as its only signer, one after the other. A
 * rejection, an expired request or an API refusal stops the window with what was signed before.
 */
export function xamanApprovals(session: XamanSession, deps: XamanDeps): ApprovalPort {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const perMinute = deps.perMinute ?? PER_MINUTE
  const created: number[] = []

  /** Waits until one more payload keeps within Xaman's creations a minute. */
  const paced = async () => {
    for (;;) {
      const now = Date.now()
      while (created.length && created[0]! <= now - 60_000) created.shift()
      if (created.length < perMinute) break
      await sleep(created[0]! + 60_000 - now)
    }
    created.push(Date.now())
  }

  /** Refusals to go faster in a row: past MAX_THROTTLED the window stops (the job pauses). */
  let throttled = 0
  /** Creates the payload; a refusal to go faster is waited out. */
  const create = async (tx: Record<string, unknown>, purpose: string) => {
    for (;;) {
      await paced()
      const reply = await api(session, deps, 'POST', 'payload', {
        txjson: tx,
        options: { submit: false, expire: EXPIRE_MINUTES, signers: [session.account] },
        custom_meta: { instruction: `XRPL NFT Manager: ${purpose}` },
      })
      if (reply.status === 429 && throttled < MAX_THROTTLED) {
        throttled += 1
        await sleep(Math.min(reply.retryAfter ?? 60, MAX_RETRY_AFTER_S) * 1000)
        continue
      }
      throttled = 0
      return reply
    }
  }

  const signOne = async (
    tx: Record<string, unknown>,
    purpose: string,
  ): Promise<{ blob: string } | Unsigned> => {
    const reply = await create(tx, purpose)
    const body = isRecord(reply.body) ? reply.body : {}
    const uuid = typeof body.uuid === 'string' ? body.uuid : null
    if (!uuid)
      return { reason: 'closed', message: apiRefusal(body, reply.status, tx.TransactionType) }
    const next = isRecord(body.next) ? body.next : {}
    const refs = isRecord(body.refs) ? body.refs : {}
    deps.onPending?.({
      uuid,
      link: xamanUrl(next.always, uuid, session.config),
      qr: xamanUrl(refs.qr_png, uuid, session.config),
      pushed: body.pushed === true,
    })
    try {
      await resolution(session, deps, uuid)
      const read = await api(session, deps, 'GET', `payload/${uuid}`)
      const payload = isRecord(read.body) ? read.body : {}
      const meta = isRecord(payload.meta) ? payload.meta : {}
      const response = isRecord(payload.response) ? payload.response : {}
      if (meta.signed === true && typeof response.hex === 'string') return { blob: response.hex }
      if (meta.expired === true && meta.resolved !== true)
        return { reason: 'closed', message: 'the request expired in Xaman before it was opened' }
      if (meta.resolved !== true)
        return { reason: 'closed', message: 'Xaman gave no answer in time' }
      return { reason: 'refused', message: 'you rejected it in Xaman' }
    } finally {
      deps.onPending?.(null)
    }
  }

  return {
    async approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      const signed: string[] = []
      for (const tx of request.transactions) {
        let result: { blob: string } | Unsigned
        try {
          result = await signOne(tx, request.purpose)
        } catch (error) {
          const said =
            error instanceof Error && error.message ? `: ${error.message.slice(0, 160)}` : ''
          result = { reason: 'closed', message: `Xaman could not be reached${said}` }
        }
        if (!('blob' in result)) return { signed, stopped: result }
        signed.push(result.blob)
      }
      return { signed }
    },
  }
}

/**
 * What Xaman's refusal to create a payload says: an expired sign-in, or a transaction type the app's
 * key may not ask for (Xaman restricts SetRegularKey to apps it allowed).
 */
function apiRefusal(body: Record<string, unknown>, status: number, type: unknown): string {
  const error = isRecord(body.error) ? body.error : {}
  const code =
    typeof error.code === 'number' || typeof error.code === 'string'
      ? String(error.code)
      : String(status)
  const what = typeof type === 'string' ? type : 'transaction'
  return `Xaman refused the ${what} request (error ${code}): sign in with Xaman again, or connect with your secret numbers if Xaman does not let this app ask for ${what}`
}

/**
 * Waits on the payload's WebSocket until it is resolved (signed or rejected) or expired; the
 * message only says so, the payload is read afterwards. A socket that fails is replaced by a look at
 * the payload every few seconds.
 */
function resolution(session: XamanSession, deps: XamanDeps, uuid: string): Promise<void> {
  const url = `${session.config.apiBase.replace(/^http/, 'ws')}/sign/${uuid}`
  return new Promise<void>((resolve, reject) => {
    let finished = false
    let poll: ReturnType<typeof setInterval> | undefined
    let socket: WebSocketLike | null = null
    let looked = false
    // A socket that stays silent and open, and no answer: past the request's expiry, it is over.
    const limit = setTimeout(() => finish(), RESOLUTION_MS)
    const lookOnce = () => {
      api(session, deps, 'GET', `payload/${uuid}`).then((read) => {
        const meta = isRecord(read.body) && isRecord(read.body.meta) ? read.body.meta : {}
        if (meta.resolved === true || meta.expired === true) finish()
      }, reject)
    }
    const finish = () => {
      if (finished) return
      finished = true
      clearInterval(poll)
      clearTimeout(limit)
      socket?.close()
      resolve()
    }
    const fallBack = () => {
      if (finished || poll) return
      poll = setInterval(lookOnce, 3_000)
    }
    try {
      socket = new deps.WebSocket(url)
    } catch {
      fallBack()
      return
    }
    socket.onmessage = (event) => {
      let message: unknown
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (isRecord(message) && ('signed' in message || message.expired === true)) finish()
      // Once connected, a look at the payload: a resolution before the socket opened is not sent.
      else if (!looked) {
        looked = true
        lookOnce()
      }
    }
    socket.onerror = fallBack
    socket.onclose = fallBack
  })
}
