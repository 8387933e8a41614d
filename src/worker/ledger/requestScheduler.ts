/**
 * One request scheduler per endpoint (docs/architecture.md §3.7): every request to a server waits its turn
 * within the server's load limit for our address, the most urgent first, and an answer that means
 * "not now" (slowDown, tooBusy, not synced, Clio's forwarding errors) is waited out and sent again
 * rather than surfacing as a failure.
 */
import { EngineError } from '../../shared/errors.ts'
import { LearningMeter } from './learningMeter.ts'
import { CLIO_LIMITS, RIPPLED_LIMITS, RippledMeter, WindowMeter } from './loadMeters.ts'
import type { ClioMeterLimits, LoadMeter, PushBack, RippledMeterLimits } from './loadMeters.ts'
import { carriesLoadWarning, refusalOf } from './serverAnswers.ts'
import type { RefusalKind } from './serverAnswers.ts'

/**
 * Who waits first: a running job's submits and settling reads, then what the user is looking at,
 * then the rest (acceptance tracking, second looks).
 */
export type Lane = 'job' | 'view' | 'background'
const LANES: readonly Lane[] = ['job', 'view', 'background']

/**
 * What limits an endpoint: a rippled (Resource Manager), a Clio (DOSGuard), the user's own node
 * (unlimited until it pushes back), or not known yet (both public limits apply).
 */
export type ServerKind = 'rippled' | 'clio' | 'own' | 'unknown'

/** What the scheduler reports to whoever watches the endpoint's health. */
export interface SchedulerEvents {
  /** The server refused a request for a reason that waiting may cure. */
  refused?(endpoint: string, kind: RefusalKind): void
}

/** Whether the server sets a job's pace now, and the pace it allows. */
export interface ServerPace {
  /** A request waited for the server's budget (or met its push-back) in the last few seconds. */
  limited: boolean
  /** Submits sent a second, measured over the last 30 s. */
  submitsPerSecond: number
}

/** Figures of one endpoint's traffic, for progress messages and benchmarks. */
export interface SchedulerStats {
  sent: number
  /** Replies that carried a load warning. */
  warnings: number
  /** Requests refused and sent again. */
  refusals: number
  /** Connections the server closed over our load (1008). */
  drops: number
  /** Total time requests waited for the budget, ms. */
  waitedMs: number
}

interface Waiter {
  command: string
  queuedAt: number
  admit(): void
}

/** How long one request may keep meeting refusals before it fails (with NETWORK: jobs wait on). */
export const MAX_REFUSED_MS = 120_000
/** Waits between attempts of a refused request: doubling from the first, capped. */
const RETRY_FIRST_MS = 1_000
const RETRY_MAX_MS = 15_000
/** A request that waited for the budget within this long means the server sets the pace now. */
const LIMITED_RECENTLY_MS = 5_000
/** Submits counted for the measured pace: those of the last this many ms. */
const PACE_WINDOW_MS = 30_000

/** The limits the meters assume of each kind of server: the servers' documented defaults. */
export interface AssumedLimits {
  rippled: RippledMeterLimits
  clio: ClioMeterLimits
}

export const DEFAULT_ASSUMED_LIMITS: AssumedLimits = { rippled: RIPPLED_LIMITS, clio: CLIO_LIMITS }

function metersFor(kind: ServerKind, limits: AssumedLimits): LoadMeter[] {
  switch (kind) {
    case 'rippled':
      return [new RippledMeter(limits.rippled)]
    case 'clio':
      return [new WindowMeter(limits.clio)]
    case 'own':
      return [new LearningMeter(limits.rippled, limits.clio)]
    case 'unknown':
      return [new RippledMeter(limits.rippled), new WindowMeter(limits.clio)]
  }
}

export class RequestScheduler {
  private meters: LoadMeter[]
  private readonly queues: Record<Lane, Waiter[]> = { job: [], view: [], background: [] }
  private timer: ReturnType<typeof setTimeout> | null = null
  private lastLimitedAt = -Infinity
  private readonly submits: number[] = []
  private readonly requests: number[] = []
  readonly stats: SchedulerStats = { sent: 0, warnings: 0, refusals: 0, drops: 0, waitedMs: 0 }

  /**
   * @param endpoint - the server's URL (for messages).
   * @param kind - what limits it, if known.
   * @param events - receives refusals (the connection's health watch).
   * @param now - the clock, ms.
   * @param limits - what the meters assume of each kind of server.
   */
  constructor(
    readonly endpoint: string,
    private serverKind: ServerKind,
    private readonly events: SchedulerEvents = {},
    private readonly now: () => number = () => performance.now(),
    private readonly limits: AssumedLimits = DEFAULT_ASSUMED_LIMITS,
  ) {
    this.meters = metersFor(serverKind, limits)
  }

  /** What limits the endpoint, as far as known. */
  get kind(): ServerKind {
    return this.serverKind
  }

  /**
   * The server told what it is: its limits from now on. A server that does not limit us (it said
   * so, or it is the user's own) stays unlimited until it pushes back.
   *
   * @param kind - 'rippled' or 'clio' (its server_info), 'own' (its ping said `unlimited`).
   */
  learned(kind: 'rippled' | 'clio' | 'own'): void {
    if (this.serverKind === kind) return
    if (this.serverKind === 'own') {
      // Still unlimited; should it push back, it counts as its kind does.
      if (kind !== 'own') for (const m of this.meters) m.serverIs?.(kind)
      return
    }
    if (kind !== 'own' && this.serverKind !== 'unknown') return
    this.serverKind = kind
    this.meters = metersFor(kind, this.limits)
  }

  /**
   * The server closed a connection over our load (1008): we were far past where the meters thought,
   * so they aim well below it from now on, as after a refusal (the connection rests meanwhile).
   */
  droppedOverLoad(): void {
    this.stats.drops += 1
    this.pushedBack('refusal')
  }

  /** Whether the server's budget, not the ledger, set the pace in the last few seconds. */
  limited(): boolean {
    return this.now() - this.lastLimitedAt < LIMITED_RECENTLY_MS
  }

  /** Whether the server sets the pace now, and the submits a second it allowed lately. */
  pace(): ServerPace {
    return { limited: this.limited(), submitsPerSecond: this.submitsPerSecond() }
  }

  /** Submits sent a second, measured over the last 30 s (0 before any). */
  submitsPerSecond(): number {
    return this.rate(this.submits)
  }

  /** Requests of any kind sent a second, measured over the last 30 s (0 before any). */
  requestsPerSecond(): number {
    return this.rate(this.requests)
  }

  private rate(times: number[]): number {
    const now = this.now()
    let drop = 0
    while (drop < times.length && (times[drop] ?? 0) < now - PACE_WINDOW_MS) drop += 1
    if (drop > 0) times.splice(0, drop)
    const first = times[0]
    if (first === undefined || times.length < 2) return 0
    return (times.length - 1) / Math.max(1, (now - first) / 1000)
  }

  /**
   * Sends a request within the budget and returns its reply; refusals that waiting may cure are
   * waited out and the request sent again.
   *
   * @param command - the request's command (what it costs).
   * @param lane - who is waiting for it.
   * @param send - sends it once.
   * @throws the request's own failure; EngineError `NETWORK` after {@link MAX_REFUSED_MS} of refusals.
   */
  async run<T>(command: string, lane: Lane, send: () => Promise<T>): Promise<T> {
    const started = this.now()
    for (let attempt = 0; ; attempt += 1) {
      await this.admit(command, lane)
      try {
        const reply = await send()
        this.observe(reply)
        return reply
      } catch (error) {
        const refusal = refusalOf(error)
        if (refusal === null) throw error
        this.stats.refusals += 1
        this.events.refused?.(this.endpoint, refusal)
        // Amendment blocked does not pass by waiting: the connection moves to another server, and
        // the caller waits for it as for any lost connection (a job goes on there).
        if (refusal === 'blocked') {
          throw new EngineError('NETWORK', `${command}: the server is amendment blocked`)
        }
        if (refusal === 'load') this.pushedBack('refusal')
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt)
        if (this.now() - started + wait > MAX_REFUSED_MS) {
          throw new EngineError(
            'NETWORK',
            `${command}: the server kept refusing for ${Math.round(MAX_REFUSED_MS / 1000)} s (${String((error as Error).message)})`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }

  private observe(reply: unknown): void {
    if (carriesLoadWarning(reply)) {
      this.stats.warnings += 1
      this.pushedBack('warning')
    } else {
      const now = this.now()
      for (const m of this.meters) m.clean(now)
    }
  }

  private pushedBack(how: PushBack): void {
    const now = this.now()
    this.lastLimitedAt = now
    for (const m of this.meters) m.pushedBack(now, how)
  }

  private admit(command: string, lane: Lane): Promise<void> {
    return new Promise((resolve) => {
      this.queues[lane].push({ command, queuedAt: this.now(), admit: resolve })
      this.pump()
    })
  }

  /** Lets out every waiting request the budget allows now, the most urgent lane first. */
  private pump(): void {
    if (this.timer !== null) return
    for (;;) {
      const lane = LANES.find((l) => this.queues[l].length > 0)
      if (!lane) return
      const waiter = this.queues[lane][0] as Waiter
      const now = this.now()
      const wait = Math.max(...this.meters.map((m) => m.waitMs(waiter, now)))
      if (wait > 0) {
        this.lastLimitedAt = now
        this.timer = setTimeout(() => {
          this.timer = null
          this.pump()
        }, wait)
        return
      }
      this.queues[lane].shift()
      for (const m of this.meters) m.charge(waiter, now)
      this.stats.sent += 1
      this.stats.waitedMs += now - waiter.queuedAt
      if (waiter.command === 'submit') this.submits.push(now)
      this.requests.push(now)
      waiter.admit()
    }
  }
}
