import type { Client, LedgerStream } from 'xrpl'

import { FEE_CUSHION, MAX_FEE_XRP } from '../../shared/constants.ts'
import {
  figuresFromLedgerStream,
  figuresFromServerInfo,
  figuresFromSubscribe,
  mergeFigures,
  NO_FIGURES,
} from './ledgerFigures.ts'
import type { LedgerFigures } from './ledgerFigures.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import { unhealthyBecause } from './serverHealth.ts'
import type { HealthExpectations } from './serverHealth.ts'
import { toEngineError } from '../ledger/toEngineError.ts'
import { EngineError } from '../../shared/errors.ts'

/** How long closing a link waits for the socket's close handshake. */
const CLOSE_WAIT_MS = 5_000

/** What a link reports after it opened. */
export interface LinkHandlers {
  /** A validated ledger closed (from the subscribed ledger stream). */
  onLedger(figures: LedgerFigures): void
  /**
   * The connection broke. The link has closed itself; open a new one to go on.
   *
   * @param code - the WebSocket close code (1008: the server dropped us over our load).
   */
  onDrop(code?: number): void
}

/** Client limits of one link. */
export interface LinkTiming {
  /** Request timeout (and xrpl.js heartbeat interval). */
  requestTimeoutMs: number
  /** Time allowed to open the WebSocket. */
  connectTimeoutMs: number
}

/**
 * One xrpl.js Client connected to one endpoint, with the ledger stream subscribed. A link never
 * reconnects: when it breaks it closes and reports, and the connection manager decides which endpoint
 * to try next (xrpl.js's own reconnect only knows one URL and gives up after one failed attempt).
 */
export class EndpointLink {
  private closed = false

  private constructor(
    /** The endpoint's URL. */
    readonly endpoint: string,
    /** The connected client; valid until the link closes. */
    readonly client: Client,
  ) {}

  /**
   * Connects, reads `server_info`, checks the server is fit (synced, not amendment blocked, not
   * of another network, not lagging) and subscribes to the ledger stream.
   *
   * @param endpoint - a ws:// or wss:// URL.
   * @param handlers - receive ledger closes and the drop, once open.
   * @param timing - client limits.
   * @param clients - makes the client (paced by the endpoint's budget in the engine).
   * @param expect - what the server is checked against; unchecked when absent.
   * @returns the link and the ledger figures at connection time.
   * @throws EngineError when the endpoint cannot be reached or answers badly.
   */
  static async open(
    endpoint: string,
    handlers: LinkHandlers,
    timing: LinkTiming,
    clients: ClientFactory = plainClients,
    expect?: HealthExpectations,
  ): Promise<{ link: EndpointLink; figures: LedgerFigures }> {
    const client = clients(endpoint, {
      timeout: timing.requestTimeoutMs,
      connectionTimeout: timing.connectTimeoutMs,
      feeCushion: FEE_CUSHION,
      maxFeeXRP: MAX_FEE_XRP,
    })
    const link = new EndpointLink(endpoint, client)
    try {
      const figures = await link.handshake(handlers, expect)
      return { link, figures }
    } catch (error) {
      await link.close()
      throw toEngineError(error, endpoint)
    }
  }

  private async handshake(
    handlers: LinkHandlers,
    expect: HealthExpectations | undefined,
  ): Promise<LedgerFigures> {
    await this.client.connect()
    // Listen before subscribing so no ledger close between the two is missed.
    this.client.on('ledgerClosed', (ledger: LedgerStream) => {
      if (!this.closed) handlers.onLedger(figuresFromLedgerStream(ledger))
    })
    // rippled's ping says whether it limits us at all (it does not limit its admin clients).
    await this.client.request({ command: 'ping' })
    const info = await this.client.request({ command: 'server_info' })
    const unfit = expect ? unhealthyBecause(info, expect) : null
    if (unfit) throw new EngineError('NETWORK', `the server is not used now: ${unfit}`)
    const subscribed = await this.client.request({ command: 'subscribe', streams: ['ledger'] })
    this.client.on('disconnected', (code: number) => {
      if (this.closed) return
      void this.close()
      handlers.onDrop(code)
    })
    return mergeFigures(
      mergeFigures(NO_FIGURES, figuresFromServerInfo(info)),
      figuresFromSubscribe(subscribed),
    )
  }

  /** Closes the connection for good; safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.client.removeAllListeners()
    // After an unexpected close xrpl.js schedules its own reconnect right after emitting
    // 'disconnected'; waiting one task lets that timer exist so disconnect() can cancel it.
    await new Promise((resolve) => setTimeout(resolve, 0))
    // A server that stops answering mid-handshake can leave the socket closing for as long as the
    // WebSocket's own close timeout (30 s in ws); the link is done with it well before that.
    let gaveUp: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      this.client.disconnect().catch(() => undefined),
      new Promise((resolve) => (gaveUp = setTimeout(resolve, CLOSE_WAIT_MS))),
    ])
    clearTimeout(gaveUp)
  }
}
