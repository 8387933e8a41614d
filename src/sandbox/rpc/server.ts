/**
 * The sandbox's WebSocket server: rippled's JSON envelope (id, status, type, result or error fields),
 * the ledger and transaction streams, and switchable connection faults for tests.
 */
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import type { AddressInfo } from 'node:net'
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { ClosedLedger } from '../ledger/history.ts'
import type { AccountRoot } from '../ledger/entries.ts'
import { affectedAccounts } from '../ledger/history.ts'
import { keylet } from '../ledger/keylets.ts'
import type { StateMap } from '../ledger/view.ts'
import type { ConnectionHandle, ServerInfoSettings } from './context.ts'
import { RpcError } from './errors.ts'
import { methods } from './methods/index.ts'
import { forgedRivalMessage } from './forgeRival.ts'
import { transactionStreamMessage, txJsonV2 } from './txFormat.ts'
import type { OpenTx } from '../ledger/openLedger.ts'
import { terCode, terMessage } from '../ledger/ter.ts'
import { ledgerSummary } from './ledgerFields.ts'
import { serveJsonRpc } from './jsonRpc.ts'
import { isLocalOrigin } from './origin.ts'

/** Connection-level faults. Ledger-level ones (lost submits, queue-full storms) are on the ledger. */
export interface ConnectionFaults {
  /**
   * Delay every message to clients by this many ms: replies and stream messages alike, in the order
   * they were sent (a link far from its server; 100 ms is a phone on a mobile network).
   */
  delayMs: number
  /** After this many more requests (server-wide), close the connection that sent the last one, unanswered. */
  dropAfterMessages: number | null
  /** The next N submits are processed, then their connection closes before the reply (the classic ambiguity). */
  dropSubmitReplies: number
  /**
   * At the next N ledger closes, each connection following an account is also sent a forged rival:
   * a validated transaction with the account's next Sequence, signed by a key that is not the
   * account's (see forgeRival.ts).
   */
  forgeRivals: number
  /**
   * A server that hides validated transactions: every `tx` request with a ledger range is answered
   * txnNotFound with searched_all true, and no transaction goes out on the streams.
   */
  hideTxs: boolean
}

interface Connection extends ConnectionHandle {
  socket: WebSocket
}

export class RpcServer {
  readonly faults: ConnectionFaults = {
    delayMs: 0,
    dropAfterMessages: null,
    dropSubmitReplies: 0,
    forgeRivals: 0,
    hideTxs: false,
  }
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
  private readonly unsubscribe: () => void

  constructor(
    private readonly ledger: SandboxLedger,
    private readonly settings: ServerInfoSettings,
    private readonly accept: () => number,
  ) {
    const closes = ledger.onClose((closed) => this.publish(closed))
    const applied = ledger.onApplied((t) => this.publishProposed(t))
    this.unsubscribe = () => {
      closes()
      applied()
    }
  }

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    const wss = new WebSocketServer({
      port,
      host,
      verifyClient: ({ origin }: { origin?: string }) => isLocalOrigin(origin),
    })
    this.wss = wss
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve)
      wss.once('error', reject)
    })
    wss.on('connection', (socket) => this.onConnection(socket))
    const actual = (wss.address() as AddressInfo).port
    this.settings.ports.push({ port: String(actual), protocol: ['ws'] })
    return actual
  }

  /** Also answers rippled's JSON-RPC over HTTP on `port` (0: a free one); resolves to the port. */
  async listenHttp(port: number, host = '127.0.0.1'): Promise<number> {
    // Each HTTP request is a connection of its own, with no streams.
    const answer = (request: Record<string, unknown>) =>
      this.handle(
        { id: 0, streams: new Set(), accounts: new Set(), proposedAccounts: new Set() },
        request,
      )
    const http = await serveJsonRpc(answer, port, host)
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

  async close(): Promise<void> {
    this.unsubscribe()
    this.dropConnections()
    const wss = this.wss
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()))
    await this.closeHttp?.()
  }

  private onConnection(socket: WebSocket): void {
    const conn: Connection = {
      id: this.nextConnId++,
      socket,
      streams: new Set(),
      accounts: new Set(),
      proposedAccounts: new Set(),
    }
    this.conns.add(conn)
    socket.on('close', () => this.conns.delete(conn))
    socket.on('error', () => socket.terminate())
    socket.on('message', (data: Buffer) => this.onMessage(conn, data.toString('utf8')))
  }

  private onMessage(conn: Connection, text: string): void {
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
    if (this.shouldDrop()) {
      conn.socket.terminate()
      return
    }
    const startedAt = performance.now()
    this.unanswered += 1
    this.peakUnanswered = Math.max(this.peakUnanswered, this.unanswered)
    const reply = this.handle(conn, request)
    if (request.command === 'submit' && this.faults.dropSubmitReplies > 0) {
      this.faults.dropSubmitReplies -= 1
      this.unanswered -= 1
      conn.socket.terminate()
      return
    }
    this.send(conn, reply, () => (this.unanswered -= 1))
    this.busyMs += performance.now() - startedAt
  }

  private shouldDrop(): boolean {
    if (this.faults.dropAfterMessages === null) return false
    this.faults.dropAfterMessages -= 1
    if (this.faults.dropAfterMessages > 0) return false
    this.faults.dropAfterMessages = null
    return true
  }

  private handle(
    conn: ConnectionHandle,
    request: Record<string, unknown>,
  ): Record<string, unknown> {
    const { id, command } = request
    const api = request.api_version
    const echo = api === undefined ? {} : { api_version: api }
    try {
      if (api !== undefined && api !== 1 && api !== 2) {
        throw new RpcError('invalidParams', 'Requested API version is not supported.')
      }
      if (typeof command !== 'string')
        throw new RpcError('invalidParams', "Missing field 'command'.")
      this.commandCounts.set(command, (this.commandCounts.get(command) ?? 0) + 1)
      const handler = methods.get(command)
      if (!handler) throw new RpcError('unknownCmd')
      if (command === 'tx' && this.faults.hideTxs && request.min_ledger !== undefined) {
        throw new RpcError('txnNotFound', undefined, { searched_all: true })
      }
      const result = handler(request, {
        ledger: this.ledger,
        settings: this.settings,
        conn,
        accept: this.accept,
        // rippled answers in API version 1 when a request names none.
        apiVersion: api === 2 ? 2 : 1,
      })
      return { id, result, status: 'success', type: 'response', ...echo }
    } catch (e) {
      if (!(e instanceof RpcError)) console.error('sandbox: internal error on', command, e)
      const err = e instanceof RpcError ? e : new RpcError('internal')
      return {
        id,
        ...err.envelope,
        request: maskSecrets(request),
        status: 'error',
        type: 'response',
        ...echo,
      }
    }
  }

  private send(conn: Connection, msg: Record<string, unknown>, delivered?: () => void): void {
    const text = JSON.stringify(msg)
    const deliver = () => {
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text)
      delivered?.()
    }
    // Timers of equal delay run in the order they were set: messages keep their order.
    if (this.faults.delayMs > 0) setTimeout(deliver, this.faults.delayMs)
    else deliver()
  }

  /**
   * The forged rivals of the forgeRivals fault: one per followed account that has a transaction
   * waiting with its next Sequence (in the open ledger or the queue), while the fault lasts.
   */
  private sendForgeries(closed: ClosedLedger): void {
    if (this.faults.forgeRivals <= 0) return
    let sent = false
    for (const c of this.conns) {
      for (const account of c.accounts) {
        const forged = this.waitsForValidation(closed, account)
          ? forgedRivalMessage(closed, account)
          : null
        if (!forged) continue
        this.send(c, forged)
        sent = true
      }
    }
    if (sent) this.faults.forgeRivals -= 1
  }

  /** Whether a transaction of the account waits for validation (applied in the open ledger, queued). */
  private waitsForValidation(closed: ClosedLedger, account: string): boolean {
    const sequence = (state: StateMap | undefined) =>
      (state?.get(keylet.account(account)) as AccountRoot | undefined)?.Sequence
    const validated = sequence(closed.state)
    if (validated === undefined) return false
    return (
      sequence(this.ledger.currentState) !== validated || this.ledger.queuedFor(account).length > 0
    )
  }

  /**
   * rippled's proposed-transaction streams: a transaction applied to the open ledger goes at once to
   * `transactions_proposed` subscribers and to connections following one of its accounts with
   * `accounts_proposed` (before any ledger validates it).
   */
  private publishProposed(t: OpenTx): void {
    if (this.faults.hideTxs) return
    // Most connections follow nothing proposed: skip the work of finding the accounts.
    const following = [...this.conns].some(
      (c) => c.streams.has('transactions_proposed') || c.proposedAccounts.size > 0,
    )
    if (!following) return
    const accounts = affectedAccounts(t.tx, t.meta)
    let msg: Record<string, unknown> | undefined
    for (const c of this.conns) {
      const wants =
        c.streams.has('transactions_proposed') ||
        [...c.proposedAccounts].some((a) => accounts.has(a))
      if (!wants) continue
      msg ??= {
        type: 'transaction',
        tx_json: txJsonV2(t.tx),
        hash: t.hash,
        engine_result: t.result,
        engine_result_code: terCode(t.result),
        engine_result_message: terMessage(t.result),
        ledger_current_index: this.ledger.currentIndex,
        status: 'proposed',
        validated: false,
      }
      this.send(c, msg)
    }
  }

  /** The ledger stream, then each transaction to `transactions` subscribers and to subscribed accounts. */
  private publish(closed: ClosedLedger): void {
    const ledgerMsg = {
      type: 'ledgerClosed',
      ...ledgerSummary(this.ledger, closed.header),
      txn_count: closed.txs.length,
    }
    for (const c of this.conns) if (c.streams.has('ledger')) this.send(c, ledgerMsg)
    for (const rec of this.faults.hideTxs ? [] : closed.txs) {
      const accounts = affectedAccounts(rec.tx, rec.meta)
      let msg: Record<string, unknown> | undefined
      for (const c of this.conns) {
        // The proposed streams get validated transactions too, as rippled's real-time streams do.
        const wants =
          c.streams.has('transactions') ||
          c.streams.has('transactions_proposed') ||
          [...c.accounts, ...c.proposedAccounts].some((a) => accounts.has(a))
        if (!wants) continue
        msg ??= transactionStreamMessage(rec)
        this.send(c, msg)
      }
    }
    this.sendForgeries(closed)
  }
}

/** rippled echoes the whole request in an error, with any secret replaced by "<masked>". */
function maskSecrets(request: Record<string, unknown>): Record<string, unknown> {
  const out = { ...request }
  for (const k of ['passphrase', 'secret', 'seed', 'seed_hex']) if (k in out) out[k] = '<masked>'
  return out
}
