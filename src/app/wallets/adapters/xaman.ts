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
import { isRecord } from '../../../shared/isRecord.ts'
import type { ExternalSignIn } from './signIn.ts'
import { api } from './xamanApi.ts'
import type { XamanConfig, XamanDeps, XamanSession } from './xamanApi.ts'
import { xamanApprovals } from './xamanApprovals.ts'

export type { XamanConfig, XamanDeps, XamanPending, XamanSession } from './xamanApi.ts'

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
