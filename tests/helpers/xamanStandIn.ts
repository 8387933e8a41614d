/**
 * A stand-in for Xaman's cloud and the user's phone, for tests: on 127.0.0.1, the sign-in host
 * (`/auth` answering the popup with `postMessage` as Xaman's does, `/token` checking the PKCE
 * verifier), the REST API the app uses (`/api/v1/jwt/payload` create, read, cancel; a bearer token
 * on every call; about 30 creations a minute, then 429) and each payload's WebSocket (`/sign/<uuid>`:
 * welcome, expiry countdown, opened, then the resolution). The phone signs with the account's real
 * key and treats the transaction as the Xaman app does: the account it signs for replaces `Account`
 * unless the payload pins signers; Fee and Sequence are kept; a LastLedgerSequence under 20 ledgers
 * ahead is pushed to 20 ahead. What it does with each payload is the test's script.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import type { Transaction, Wallet } from 'xrpl'

/** What the phone does with a payload: approve it, reject it, let it expire, or never look. */
export type PhoneAnswer = 'approve' | 'reject' | 'expire' | 'ignore'

export interface XamanStandInOptions {
  /** The account signed in on the phone (its master key signs). */
  account: Wallet
  apiKey: string
  port?: number
  /** What the phone does with each transaction payload, in order; past its end, approve. */
  answers?: readonly PhoneAnswer[]
  /**
   * Creation requests (1-based, counting refused ones) answered 429 with `Retry-After: 1` whatever
   * the pace: a refusal to go faster, provoked where the test wants it.
   */
  throttleAt?: readonly number[]
  /** Payload creations allowed per `rateWindowMs` (Xaman: about 30 a minute). */
  ratePerWindow?: number
  rateWindowMs?: number
  /** Transaction types the app's key may not ask for (Xaman restricts SetRegularKey). */
  restricted?: readonly string[]
  /** The phone's view of the ledger: its last closed ledger, for Xaman's LastLedgerSequence rule. */
  lastClosed?: () => Promise<number>
  /**
   * Xaman reads a LastLedgerSequence below this as relative to the last closed ledger (32570). Real
   * networks are millions of ledgers past it; a sandbox that started minutes ago is not, so tests
   * that sign on one set it to 0 (the rule's other half, at least 20 ahead, still applies).
   */
  relativeBelow?: number
}

interface Payload {
  uuid: string
  txjson: Record<string, unknown>
  signers: string[] | null
  submit: boolean
  state: 'pending' | 'signed' | 'rejected' | 'expired'
  hex: string | null
  txid: string | null
  signerPubkey: string | null
  sockets: Set<WebSocket>
}

export interface XamanStandIn {
  url: string
  /** A token as the sign-in gives it (for tests that do not drive the sign-in popup). */
  issueToken(): string
  /** Every transaction payload created, in order. */
  payloads: Payload[]
  /** Creations answered 429. */
  throttled: number
  stop(): Promise<void>
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url')
}

export async function startXamanStandIn(options: XamanStandInOptions): Promise<XamanStandIn> {
  const { account, apiKey } = options
  const payloads = new Map<string, Payload>()
  const ordered: Payload[] = []
  const codes = new Map<string, { challenge: string; redirect: string; signIn: string }>()
  const tokens = new Set<string>()
  const creations: number[] = []
  const windowMs = options.rateWindowMs ?? 60_000
  const perWindow = options.ratePerWindow ?? 30
  const stand = { throttled: 0 }
  let attempts = 0

  const json = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers, ...cors })
    res.end(JSON.stringify(body))
  }
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-allow-methods': 'GET, POST, DELETE',
  }
  const apiError = (res: ServerResponse, status: number, code: number) =>
    json(res, status, { error: { reference: randomUUID(), code } })

  const broadcast = (p: Payload, message: object) => {
    for (const socket of p.sockets) socket.send(JSON.stringify(message))
  }

  /** The phone: what it does with the payload, once it arrived. */
  const phone = async (p: Payload, answer: PhoneAnswer) => {
    if (answer === 'ignore') return
    if (answer === 'expire') {
      p.state = 'expired'
      broadcast(p, { expired: true })
      return
    }
    broadcast(p, { opened: true })
    if (answer === 'reject') {
      p.state = 'rejected'
      broadcast(p, resolved(p, false))
      return
    }
    const tx: Record<string, unknown> = { ...p.txjson }
    if (!p.signers) tx.Account = account.address
    if (p.signers && !p.signers.includes(account.address)) {
      p.state = 'rejected'
      broadcast(p, resolved(p, false))
      return
    }
    const closed = (await options.lastClosed?.()) ?? 0
    const lls = typeof tx.LastLedgerSequence === 'number' ? tx.LastLedgerSequence : undefined
    if (lls === undefined) tx.LastLedgerSequence = closed + 20
    else if (lls < (options.relativeBelow ?? 32570)) tx.LastLedgerSequence = closed + lls
    else if (lls < closed + 20) tx.LastLedgerSequence = closed + 20
    const signed = account.sign(tx as unknown as Transaction)
    p.hex = signed.tx_blob
    p.txid = signed.hash
    p.signerPubkey = account.publicKey
    p.state = 'signed'
    broadcast(p, resolved(p, true))
  }

  const resolved = (p: Payload, signed: boolean) => ({
    payload_uuidv4: p.uuid,
    reference_call_uuidv4: randomUUID(),
    signed,
    user_token: true,
    return_url: { app: null, web: null },
    opened_by_deeplink: false,
    custom_meta: {},
    txid: signed ? p.txid : null,
  })

  const view = (p: Payload) => ({
    meta: {
      exists: true,
      uuid: p.uuid,
      submit: p.submit,
      resolved: p.state === 'signed' || p.state === 'rejected',
      signed: p.state === 'signed',
      cancelled: false,
      expired: p.state === 'expired',
      signers: p.signers,
    },
    payload: { tx_type: p.txjson.TransactionType, request_json: p.txjson },
    response: {
      hex: p.hex,
      txid: p.txid,
      account: p.state === 'signed' ? account.address : null,
      signer_pubkey: p.signerPubkey,
      dispatched_result: null,
    },
  })

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  const jwtFor = (signIn: string) => {
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      client_id: apiKey,
      scope: 'XummPkce',
      aud: apiKey,
      sub: account.address,
      app_uuidv4: apiKey,
      payload_uuidv4: signIn,
      usertoken_uuidv4: randomUUID(),
      network_type: 'TESTNET',
      iat: now,
      exp: now + 86_400,
      iss: 'xaman stand-in',
    }
    const jwt = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.${base64url('stand-in')}`
    tokens.add(jwt)
    return jwt
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors)
        res.end()
        return
      }
      if (url.pathname === '/auth') {
        const q = url.searchParams
        if (q.get('client_id') !== apiKey || q.get('code_challenge_method') !== 'S256') {
          return json(res, 400, { error: 'invalid_request' })
        }
        // The sign-in is a payload of its own, approved on the phone: it gives the signer's key.
        const signIn: Payload = {
          uuid: randomUUID(),
          txjson: { TransactionType: 'SignIn' },
          signers: null,
          submit: false,
          state: 'signed',
          hex: null,
          txid: null,
          signerPubkey: account.publicKey,
          sockets: new Set(),
        }
        payloads.set(signIn.uuid, signIn)
        const code = randomUUID()
        const redirect = q.get('redirect_uri') ?? ''
        codes.set(code, { challenge: q.get('code_challenge') ?? '', redirect, signIn: signIn.uuid })
        const back = `${redirect}${redirect.includes('?') ? '&' : '?'}authorization_code=${code}&code=${code}&state=${q.get('state') ?? ''}`
        const message = JSON.stringify({
          source: 'xumm_sign_request_resolved',
          options: {
            redirect_uri: redirect,
            full_redirect_uri: back,
            authorization_code: code,
            code,
            state: q.get('state'),
          },
        })
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(`<!doctype html><title>Xaman</title><p>Signed in.</p><script>
          window.opener.postMessage(${JSON.stringify(message)}, ${JSON.stringify(new URL(redirect).origin)});
          setTimeout(() => window.close(), 50)</script>`)
        return
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req))
        const entry = codes.get(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        const challenge = createHash('sha256').update(verifier).digest('base64url')
        if (!entry || entry.challenge !== challenge || form.get('client_id') !== apiKey) {
          return json(res, 400, {
            error: 'access_denied',
            error_description: 'Code verifier does not match code challenge.',
          })
        }
        codes.delete(form.get('code') ?? '')
        return json(res, 200, {
          access_token: jwtFor(entry.signIn),
          token_type: 'bearer',
          expires_in: 86_400,
          refresh_token: '',
          scope: 'XummPkce',
        })
      }
      if (url.pathname.startsWith('/api/v1/jwt/')) {
        const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '')
        if (!tokens.has(bearer)) return apiError(res, 403, 812)
        const path = url.pathname.slice('/api/v1/jwt/'.length)
        if (path === 'payload' && req.method === 'POST') {
          attempts += 1
          if (options.throttleAt?.includes(attempts)) {
            stand.throttled += 1
            return json(
              res,
              429,
              { error: { reference: randomUUID(), code: 429 } },
              { 'retry-after': '1' },
            )
          }
          const now = Date.now()
          while (creations.length && creations[0]! <= now - windowMs) creations.shift()
          if (creations.length >= perWindow) {
            stand.throttled += 1
            const retry = Math.ceil((creations[0]! + windowMs - now) / 1000)
            return json(
              res,
              429,
              { error: { reference: randomUUID(), code: 429 } },
              { 'retry-after': String(retry) },
            )
          }
          creations.push(now)
          const body = JSON.parse(await readBody(req)) as {
            txjson?: Record<string, unknown>
            options?: { submit?: boolean; signers?: string[] }
          }
          const type = body.txjson?.TransactionType
          if (typeof type !== 'string') return apiError(res, 400, 602)
          if (options.restricted?.includes(type)) return apiError(res, 403, 1003)
          const p: Payload = {
            uuid: randomUUID(),
            txjson: body.txjson!,
            signers: body.options?.signers ?? null,
            submit: body.options?.submit ?? true,
            state: 'pending',
            hex: null,
            txid: null,
            signerPubkey: null,
            sockets: new Set(),
          }
          payloads.set(p.uuid, p)
          ordered.push(p)
          const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
          json(res, 200, {
            uuid: p.uuid,
            next: { always: `${base}/sign/${p.uuid}` },
            refs: {
              qr_png: `${base}/sign/${p.uuid}_q.png`,
              websocket_status: `${base.replace('http', 'ws')}/sign/${p.uuid}`,
            },
            pushed: true,
          })
          // The push reaches the phone a moment later.
          const answer = options.answers?.[ordered.length - 1] ?? 'approve'
          setTimeout(() => void phone(p, answer), 20)
          return
        }
        const match = /^payload\/([0-9a-f-]+)$/.exec(path)
        const p = match ? payloads.get(match[1]!) : undefined
        if (req.method === 'GET' && p) return json(res, 200, view(p))
        return apiError(res, 404, 404)
      }
      res.writeHead(404, cors)
      res.end()
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  const sockets = new WebSocketServer({ noServer: true })
  server.on('upgrade', (req, socket, head) => {
    const uuid = /^\/sign\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1]
    const p = uuid ? payloads.get(uuid) : undefined
    sockets.handleUpgrade(req, socket, head, (ws) => {
      if (!p) {
        ws.send(JSON.stringify({ message: 'Payload not found' }))
        ws.close()
        return
      }
      p.sockets.add(ws)
      ws.on('close', () => p.sockets.delete(ws))
      ws.on('message', (data) => {
        if ((data as Buffer).toString('utf8').includes('"ping"'))
          ws.send(JSON.stringify({ message: 'Right back at you!' }))
      })
      ws.send(JSON.stringify({ message: `Welcome ${p.uuid}` }))
      // Resolved before the socket opened: it is told at once (the app reads the payload then).
      if (p.state === 'signed' || p.state === 'rejected')
        ws.send(JSON.stringify(resolved(p, p.state === 'signed')))
      else if (p.state === 'expired') ws.send(JSON.stringify({ expired: true }))
      else ws.send(JSON.stringify({ expires_in_seconds: 600 }))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    issueToken: () => jwtFor(randomUUID()),
    payloads: ordered,
    get throttled() {
      return stand.throttled
    },
    stop: async () => {
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
