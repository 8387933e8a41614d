/**
 * The sandbox metadata gateway: an HTTP server on 127.0.0.1 serving the demo catalogue under
 * IPFS-style, Arweave-style and https-style paths, with switchable latency and injected failures so
 * the app's metadata pipeline (timeouts, retries, bounds) can be exercised offline and reproducibly.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { fillGateway, resolveGatewayPath } from '../demo/catalog.ts'
import type { GatewayAnswer } from '../demo/catalog.ts'
import { mulberry32 } from '../demo/catalogRandom.ts'
import type { Random } from '../demo/catalogRandom.ts'
import {
  RateWindow,
  issuerDomainAnswer,
  issuerDomainMedia,
  subdomainPath,
  tooManyRequests,
} from './behaviour.ts'
import type { RateLimit } from './behaviour.ts'
import { answerHeaders, pathOf, plainAnswer } from './responses.ts'

/** DESIGN §5: the gateway's default port, beside the ledger's 6006. */
export const DEFAULT_GATEWAY_PORT = 6007

/** Options of {@link startGateway}. */
export interface GatewayOptions {
  /** Port to listen on; 0 picks a free one. Default {@link DEFAULT_GATEWAY_PORT}. */
  port?: number
  /** Default '127.0.0.1': the sandbox never listens beyond loopback. */
  host?: string
  /** Delay added to every response, in ms. Default 0. */
  latencyMs?: number
  /** Share of GET/HEAD requests answered 503, in 0..1. Default 0. */
  failureRate?: number
  /** Seed of the PRNG that picks failing requests, so a run's failures are reproducible. */
  seed?: number
  /** Answer 429 with `Retry-After` above this rate, as public gateways throttle. Default none. */
  rateLimit?: RateLimit
  /** Accept requests and never answer (a gateway that hangs). Default false. */
  hang?: boolean
}

/** A running gateway. */
export interface Gateway {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:6007`. */
  url: string
  port: number
  setLatency(ms: number): void
  setFailureRate(rate: number): void
  /** Rate-limit from now on (null: no limit). */
  setRateLimit(limit: RateLimit | null): void
  /** Hang (accept, never answer) from now on, or answer again. */
  setHang(hang: boolean): void
  /** Requests answered 429 so far. */
  limited(): number
  /** Requests received so far, answered or not (a hanging gateway answers none). */
  received(): number
  /** Responses sent so far (any status, OPTIONS included). */
  requests(): number
  /** Responses currently held back by latency or a slow item (lets tests wait without sleeping). */
  pending(): number
  /** Closes the server, dropping pending (delayed) responses and open connections. */
  stop(): Promise<void>
}

interface GatewayState {
  url: string
  latencyMs: number
  failureRate: number
  random: Random
  served: number
  received: number
  limited: number
  rate: RateWindow | null
  rateLimit: RateLimit | null
  hang: boolean
  timers: Set<NodeJS.Timeout>
}

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`gateway latency must be ≥ 0, got ${ms}`)
  return ms
}

function checkRate(rate: number): number {
  if (!(rate >= 0 && rate <= 1))
    throw new RangeError(`gateway failure rate must be in 0..1, got ${rate}`)
  return rate
}

function send(
  state: GatewayState,
  req: IncomingMessage,
  res: ServerResponse,
  answer: GatewayAnswer,
): void {
  const body =
    typeof answer.body === 'string' ? Buffer.from(fillGateway(answer.body, state.url)) : answer.body
  res.writeHead(answer.status, answerHeaders(answer, pathOf(req.url), body.byteLength))
  state.served++
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Answers after `delayMs`, unless the client goes away or the gateway stops first. */
function sendLater(
  state: GatewayState,
  req: IncomingMessage,
  res: ServerResponse,
  answer: GatewayAnswer,
  delayMs: number,
): void {
  if (delayMs <= 0) {
    send(state, req, res, answer)
    return
  }
  const timer = setTimeout(() => {
    state.timers.delete(timer)
    send(state, req, res, answer)
  }, delayMs)
  state.timers.add(timer)
  res.on('close', () => {
    clearTimeout(timer)
    state.timers.delete(timer)
  })
}

function answerFor(state: GatewayState, req: IncomingMessage): GatewayAnswer {
  if (req.method === 'OPTIONS') return { status: 204, contentType: '', body: '' }
  if (req.method !== 'GET' && req.method !== 'HEAD') return plainAnswer(405, 'Method Not Allowed')
  // Draw for every request, even at rate 0, so changing the rate mid-run keeps the sequence aligned.
  if (state.random() < state.failureRate) {
    return plainAnswer(503, 'Service Unavailable (injected failure)')
  }
  const path = subdomainPath(req.headers.host, pathOf(req.url))
  if (path === '/health') return plainAnswer(200, 'ok')
  if (state.rate && state.rateLimit && state.rate.over(Date.now())) {
    state.limited++
    return tooManyRequests(state.rateLimit)
  }
  return (
    resolveGatewayPath(path) ??
    issuerDomainAnswer(path) ??
    issuerDomainMedia(path) ??
    plainAnswer(404, 'Not Found')
  )
}

function handle(state: GatewayState, req: IncomingMessage, res: ServerResponse): void {
  state.received++
  // A hanging gateway keeps the request open until the client gives up or the gateway stops.
  if (state.hang && req.method !== 'OPTIONS' && pathOf(req.url) !== '/health') return
  const answer = answerFor(state, req)
  sendLater(state, req, res, answer, state.latencyMs + (answer.delayMs ?? 0))
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

function stopper(server: Server, sockets: Set<Socket>, state: GatewayState) {
  let stopping: Promise<void> | undefined
  return (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      for (const timer of state.timers) clearTimeout(timer)
      state.timers.clear()
      server.close(() => resolve())
      // Slow answers keep sockets busy for 30 s; destroy them rather than wait.
      for (const socket of sockets) socket.destroy()
    })
    return stopping
  }
}

/** Starts the metadata gateway; resolves once it is listening. */
export async function startGateway(opts: GatewayOptions = {}): Promise<Gateway> {
  const host = opts.host ?? '127.0.0.1'
  const state: GatewayState = {
    url: '',
    latencyMs: checkLatency(opts.latencyMs ?? 0),
    failureRate: checkRate(opts.failureRate ?? 0),
    random: mulberry32(opts.seed ?? 0x6007),
    served: 0,
    received: 0,
    limited: 0,
    rate: opts.rateLimit ? new RateWindow(opts.rateLimit) : null,
    rateLimit: opts.rateLimit ?? null,
    hang: opts.hang ?? false,
    timers: new Set(),
  }
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => handle(state, req, res))
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const port = await listen(server, opts.port ?? DEFAULT_GATEWAY_PORT, host)
  state.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  return {
    url: state.url,
    port,
    setLatency: (ms) => void (state.latencyMs = checkLatency(ms)),
    setFailureRate: (rate) => void (state.failureRate = checkRate(rate)),
    setRateLimit: (limit) => {
      state.rateLimit = limit
      state.rate = limit ? new RateWindow(limit) : null
    },
    setHang: (hang) => void (state.hang = hang),
    limited: () => state.limited,
    received: () => state.received,
    requests: () => state.served,
    pending: () => state.timers.size,
    stop: stopper(server, sockets, state),
  }
}
