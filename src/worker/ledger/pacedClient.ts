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

class PacedClient extends Client {
  constructor(
    endpoint: string,
    options: ClientOptions,
    private readonly scheduler: RequestScheduler,
  ) {
    super(endpoint, options)
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
  private readonly own = new Set<string>()

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
   * Marks the user's own endpoints: unlimited until they push back.
   *
   * @param endpoints - their URLs.
   */
  setOwn(endpoints: readonly string[]): void {
    for (const e of endpoints) {
      if (this.own.has(e)) continue
      this.own.add(e)
      this.schedulers.delete(e)
    }
  }
}
