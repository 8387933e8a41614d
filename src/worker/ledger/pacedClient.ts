/**
 * The engine's xrpl.js clients, each request paced by its endpoint's scheduler. xrpl.js routes
 * everything through `Client.request` (autofill, submit, paging), so overriding it is enough for
 * every request of every link to an endpoint — the ledger connection, the Clio link and second
 * opinions — to share one budget, as the server sees them from one address.
 */
import { Client } from 'xrpl'
import type { ClientOptions, Request } from 'xrpl'

import { RequestScheduler } from './requestScheduler.ts'
import { DEFAULT_ASSUMED_LIMITS } from './requestScheduler.ts'
import type { AssumedLimits, Lane, SchedulerEvents, ServerKind } from './requestScheduler.ts'
import { LOAD_CLOSE_CODE } from './serverAnswers.ts'
import { xrplErrorName } from './xrplErrors.ts'

/** Makes the client of one endpoint. */
export type ClientFactory = (endpoint: string, options: ClientOptions) => Client

/** Plain clients, unpaced: for callers that bring no budgets (unit tests, scripts). */
export const plainClients: ClientFactory = (endpoint, options) => new Client(endpoint, options)

const LANE = Symbol('lane')

/**
 * The request, marked for a lane (the mark is a symbol: it never reaches the server). Unmarked
 * requests go in the 'view' lane, and submits in the 'job' lane.
 *
 * @param lane - who waits for the reply.
 * @param request - a request object.
 */
export function inLane<R extends object>(lane: Lane, request: R): R {
  return Object.assign(request, { [LANE]: lane })
}

function laneOf(request: Request): Lane {
  const marked = (request as { [LANE]?: Lane })[LANE]
  return marked ?? (request.command === 'submit' ? 'job' : 'view')
}

/**
 * What a reply says about the server's limits for us: server_info tells a Clio (it names its
 * version) from a rippled; rippled's ping says `unlimited` to a client it does not limit (its admin).
 */
function kindOf(command: string, reply: unknown): 'rippled' | 'clio' | 'own' | null {
  const result = (reply as { result?: Record<string, unknown> } | null)?.result
  if (typeof result !== 'object' || result === null) return null
  if (command === 'ping') return result.unlimited === true ? 'own' : null
  if (command !== 'server_info') return null
  const info = result.info as Record<string, unknown> | undefined
  if (typeof info !== 'object' || info === null) return null
  return typeof info.clio_version === 'string' ? 'clio' : 'rippled'
}

/** What of xrpl.js's Connection the heartbeat replacement touches (not in its public types). */
interface HeartbeatConnection {
  heartbeat(): Promise<void>
  reconnect(): Promise<void>
}

class PacedClient extends Client {
  private beating = false

  constructor(
    endpoint: string,
    options: ClientOptions,
    private readonly scheduler: RequestScheduler,
  ) {
    super(endpoint, options)
    // Registered first, so it runs before the link that owns the client closes it on the drop.
    this.on('disconnected', (code: number) => {
      if (code === LOAD_CLOSE_CODE) this.scheduler.droppedOverLoad()
    })
    // xrpl.js's heartbeat pings past the scheduler and reconnects on any error reply: a ping a busy
    // server refuses (slowDown) would drop the link and every request on it. Ours is paced, in the
    // background lane, and any answer — a refusal too — shows the server is there.
    const connection = this.connection as unknown as HeartbeatConnection
    connection.heartbeat = () => this.heartbeat(connection)
  }

  private async heartbeat(connection: HeartbeatConnection): Promise<void> {
    if (this.beating) return
    this.beating = true
    try {
      await this.request(inLane('background', { command: 'ping' }))
    } catch (e) {
      const answered = xrplErrorName(e) === 'RippledError'
      if (!answered && this.isConnected()) await connection.reconnect().catch(() => undefined)
    } finally {
      this.beating = false
    }
  }

  override async request<R extends Request, V extends 1 | 2 = 2, T = unknown>(req: R): Promise<T> {
    const reply = await this.scheduler.run(req.command, laneOf(req), () =>
      super.request<R, V, T>(req),
    )
    const kind = kindOf(req.command, reply)
    if (kind) this.scheduler.learned(kind)
    return reply
  }
}

/**
 * The schedulers of every endpoint the engine talks to, one per URL, and the clients that use them.
 */
export class LoadBudgets {
  private readonly schedulers = new Map<string, RequestScheduler>()
  private own = new Set<string>()

  /**
   * @param events - refusals, for the connection's health watch.
   * @param limits - what the meters assume of each kind of server (the documented defaults).
   */
  constructor(
    private readonly events: SchedulerEvents = {},
    private readonly limits: AssumedLimits = DEFAULT_ASSUMED_LIMITS,
  ) {}

  /** Makes paced clients. */
  readonly clients: ClientFactory = (endpoint, options) =>
    new PacedClient(endpoint, options, this.scheduler(endpoint))

  /**
   * The scheduler of an endpoint (made on first use).
   *
   * @param endpoint - its URL.
   */
  scheduler(endpoint: string): RequestScheduler {
    let scheduler = this.schedulers.get(endpoint)
    if (!scheduler) {
      const kind: ServerKind = this.own.has(endpoint) ? 'own' : 'unknown'
      scheduler = new RequestScheduler(endpoint, kind, this.events, undefined, this.limits)
      this.schedulers.set(endpoint, scheduler)
    }
    return scheduler
  }

  /**
   * The first of these endpoints whose server sets the pace now, if any (none is made for asking).
   *
   * @param endpoints - their URLs.
   */
  limitedAmong(endpoints: readonly string[]): RequestScheduler | undefined {
    return endpoints
      .map((e) => this.schedulers.get(e))
      .find((s): s is RequestScheduler => s?.limited() === true)
  }

  /**
   * The user's own endpoints: unlimited until they push back. An endpoint that joins or leaves the
   * list gets a fresh scheduler (its clients are made anew when the connection starts over).
   *
   * @param endpoints - their URLs, all of them.
   */
  setOwn(endpoints: readonly string[]): void {
    const next = new Set(endpoints)
    for (const e of new Set([...this.own, ...next])) {
      if (this.own.has(e) !== next.has(e)) this.schedulers.delete(e)
    }
    this.own = next
  }
}
