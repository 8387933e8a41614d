/**
 * The sandbox's WebSocket server: rippled's JSON envelope (id, status, type, result or error fields),
 * the ledger and transaction streams, the load limits of a public server (per client IP), and
 * switchable connection and health faults for tests.
 */
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { ConnectionHandle, ServerInfoSettings } from './context.ts'
import { RpcError, maskSecrets } from './errors.ts'
import { methods } from './methods/index.ts'
import { serveJsonRpc } from './jsonRpc.ts'
import type { HttpAnswer } from './jsonRpc.ts'
import { clientIp, isLocalOrigin } from './origin.ts'
import { StreamPublisher } from './streams.ts'
import { conditionRefusal, serverView, takeRefusal } from './healthFaults.ts'
import type { ServerView } from './healthFaults.ts'
import { initialFaults, takeDrop, takeSubmitHook } from './connectionFaults.ts'
import type { ConnectionFaults } from './connectionFaults.ts'
import { createLoadGate } from './loadGate.ts'
import type { LoadCounters, LoadGate } from './loadGate.ts'
import type { LimitsOption } from './loadLimits.ts'

/** What a server is besides its ledger and settings. */
export interface RpcServerOptions {
  /** The load limits it applies to its clients, per IP (default none: an admin port). */
  limits?: LimitsOption
}

export type { ConnectionFaults }

interface Connection extends ConnectionHandle {
  socket: WebSocket
  ip: string
  /** Closed for load: what the client sent after the request that closed it is not read. */
  closing?: boolean
}

/** rippled's close of a connection whose client went over the drop balance (ServerHandler). */
const POLICY_VIOLATION = 1008

export class RpcServer {
  readonly faults: ConnectionFaults = initialFaults()
  /** What the load limits did: warnings, refusals, drops, and the balance of an IP. */
  readonly load: LoadCounters
  /** Requests answered so far, by command: how much load a client puts on the server. */
  readonly commandCounts = new Map<string, number>()
  /**
   * Time spent answering requests, ms (handling and encoding the reply): the sandbox's own share of
   * a benchmark that runs it in the same thread as the engine.
   */
  busyMs = 0
  /** Requests received whose reply has not gone out yet (see `faults.delayMs`), now and at most. */
  unanswered = 0
  peakUnanswered = 0
  private wss?: WebSocketServer
  private closeHttp?: () => Promise<void>
  private readonly conns = new Set<Connection>()
  private nextConnId = 1
  private readonly gate: LoadGate
  private readonly streams: StreamPublisher<Connection>
  private readonly unsubscribe: () => void

  constructor(
    private readonly ledger: SandboxLedger,
    private readonly settings: ServerInfoSettings,
    private readonly accept: () => number,
    options: RpcServerOptions = {},
  ) {
    this.gate = createLoadGate(options.limits)
    this.load = this.gate.counters
    const send = (c: Connection, msg: Record<string, unknown>) => this.send(c, msg)
    this.streams = new StreamPublisher(ledger, () => this.conns, send, this.faults)
    const closes = ledger.onClose(() => this.streams.catchUp())
    const applied = ledger.onApplied((t) => this.streams.proposed(t))
    this.unsubscribe = () => {
      closes()
      applied()
    }
  }

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    const wss = new WebSocketServer({
      port,
      host,
      verifyClient: (info: { origin?: string; req: IncomingMessage }, done) => {
        if (!isLocalOrigin(info.origin)) return done(false, 401)
        // Clio refuses the upgrade of an IP over its connection (or request) limit. The count taken
        // here is given back when the socket closes.
        if (!this.gate.connect(clientIp(info.req.socket.remoteAddress)))
          return done(false, 429, 'Too many requests')
        done(true)
      },
    })
    this.wss = wss
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve)
      wss.once('error', reject)
    })
    wss.on('connection', (socket, req) => this.onConnection(socket, req))
    const actual = (wss.address() as AddressInfo).port
    this.settings.ports.push({ port: String(actual), protocol: ['ws'] })
    return actual
  }

  /** Also answers rippled's JSON-RPC over HTTP on `port` (0: a free one); resolves to the port. */
  async listenHttp(port: number, host = '127.0.0.1'): Promise<number> {
    const http = await serveJsonRpc((request, ip) => this.answerHttp(request, ip), port, host)
    this.closeHttp = http.close
    this.settings.ports.push({ port: String(http.port), protocol: ['http'] })
    return http.port
  }

  /** Drops every client connection now, as a network failure would. */
  dropConnections(): void {
    for (const c of this.conns) c.socket.terminate()
  }

  get connectionCount(): number {
    return this.conns.size
  }

  /** How many connections follow `account` (subscribed to it): lets tests wait for a re-follow. */
  followersOf(account: string): number {
    let count = 0
    for (const c of this.conns) if (c.accounts.has(account)) count++
    return count
  }

  async close(): Promise<void> {
    this.unsubscribe()
    this.dropConnections()
    const wss = this.wss
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()))
    await this.closeHttp?.()
  }

  private onConnection(socket: WebSocket, req: IncomingMessage): void {
    const conn: Connection = {
      id: this.nextConnId++,
      socket,
      ip: clientIp(req.socket.remoteAddress),
      streams: new Set(),
      accounts: new Set(),
      proposedAccounts: new Set(),
    }
    this.conns.add(conn)
    socket.on('close', () => {
      this.conns.delete(conn)
      this.gate.disconnect(conn.ip)
    })
    socket.on('error', () => socket.terminate())
    socket.on('message', (data: Buffer) => this.onMessage(conn, data.toString('utf8')))
  }

  private onMessage(conn: Connection, text: string): void {
    if (conn.closing) return
    let request: Record<string, unknown>
    try {
      request = JSON.parse(text) as Record<string, unknown>
      if (typeof request !== 'object' || request === null || Array.isArray(request))
        throw new Error('not an object')
    } catch {
      // rippled's ServerHandler answers a message that is not a JSON object with no id and no status.
      this.send(conn, { type: 'error', error: 'jsonInvalid', value: text })
      return
    }
    if (takeDrop(this.faults, request.command)) {
      conn.socket.terminate()
      return
    }
    // A lag just lifted shows at once, not at the next close.
    this.streams.catchUp()
    const admission = this.gate.admit(conn.ip, request)
    if (admission.kind === 'close') {
      conn.closing = true
      return this.later(() => conn.socket.close(POLICY_VIOLATION, 'threshold exceeded'))
    }
    if (admission.kind === 'refuse') return this.send(conn, admission.reply)
    const startedAt = performance.now()
    this.unanswered += 1
    this.peakUnanswered = Math.max(this.peakUnanswered, this.unanswered)
    const hook = takeSubmitHook(this.faults, request.command)
    if (hook && hook.then !== 'reply') hook.run()
    if (hook?.then === 'drop') return void (this.unanswered -= 1)
    const { reply, view } = this.handle(conn, request)
    if (hook?.then === 'reply') hook.run()
    if (hook?.then === 'apply') return void ((this.unanswered -= 1), conn.socket.terminate())
    if (request.command === 'submit' && this.faults.dropSubmitReplies > 0) {
      this.faults.dropSubmitReplies -= 1
      this.unanswered -= 1
      conn.socket.terminate()
      return
    }
    this.sendText(
      conn,
      this.gate.settle(conn.ip, request, reply, view),
      () => (this.unanswered -= 1),
    )
    this.busyMs += performance.now() - startedAt
  }

  /** One JSON-RPC request: each is a connection of its own, with no streams. */
  private answerHttp(request: Record<string, unknown>, ip: string): HttpAnswer {
    const admission = this.gate.admit(ip, request)
    // rippled answers an IP over its drop balance 503; Clio its slowDown error, with 503.
    if (admission.kind === 'close')
      return { status: 503, text: 'Server is overloaded', contentType: 'text/plain' }
    if (admission.kind === 'refuse') {
      const { id: _id, request: _request, ...bare } = admission.reply
      return { status: 503, text: JSON.stringify(bare), contentType: 'text/plain' }
    }
    const conn = {
      id: 0,
      streams: new Set<string>(),
      accounts: new Set<string>(),
      proposedAccounts: new Set<string>(),
    }
    const { reply, view } = this.handle(conn, request)
    return {
      envelope: JSON.parse(this.gate.settle(ip, request, reply, view)) as Record<string, unknown>,
    }
  }

  private handle(
    conn: ConnectionHandle,
    request: Record<string, unknown>,
  ): { reply: Record<string, unknown>; view: ServerView } {
    const { id, command } = request
    const api = request.api_version
    const echo = api === undefined ? {} : { api_version: api }
    // rippled answers in API version 1 when a request names none.
    const apiVersion = api === 2 ? 2 : 1
    const view = serverView(this.ledger, this.faults, this.settings.closeMs)
    try {
      if (api !== undefined && api !== 1 && api !== 2) {
        throw new RpcError('invalidParams', 'Requested API version is not supported.')
      }
      if (typeof command !== 'string')
        throw new RpcError('invalidParams', "Missing field 'command'.")
      this.commandCounts.set(command, (this.commandCounts.get(command) ?? 0) + 1)
      const refused = takeRefusal(this.faults, command)
      if (refused) throw refused
      const handler = methods.get(command)
      if (!handler) throw new RpcError('unknownCmd')
      const unmet = conditionRefusal(command, view, apiVersion)
      if (unmet) throw unmet
      if (command === 'tx' && this.faults.hideTxs && request.min_ledger !== undefined) {
        throw new RpcError('txnNotFound', undefined, { searched_all: true })
      }
      const answer = handler(request, {
        ledger: this.ledger,
        settings: this.settings,
        conn,
        accept: this.accept,
        apiVersion,
        view,
        metered: this.gate.metered,
        clioVersion: this.gate.clioVersion,
      })
      // The hiding server lists none of the account's transactions either.
      const result =
        command === 'account_tx' && this.faults.hideTxs ? { ...answer, transactions: [] } : answer
      return { reply: { id, result, status: 'success', type: 'response', ...echo }, view }
    } catch (e) {
      if (!(e instanceof RpcError)) console.error('sandbox: internal error on', command, e)
      const err = e instanceof RpcError ? e : new RpcError('internal')
      const reply = {
        id,
        ...err.envelope,
        request: maskSecrets(request),
        status: 'error',
        type: 'response',
        ...echo,
      }
      return { reply, view }
    }
  }

  private send(conn: Connection, msg: Record<string, unknown>, delivered?: () => void): void {
    this.sendText(conn, JSON.stringify(msg), delivered)
  }

  private sendText(conn: Connection, text: string, delivered?: () => void): void {
    this.later(() => {
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text)
      delivered?.()
    })
  }

  /** Runs `act` after the reply delay: timers of equal delay run in order, so messages keep theirs. */
  private later(act: () => void): void {
    if (this.faults.delayMs > 0) setTimeout(act, this.faults.delayMs)
    else act()
  }
}
