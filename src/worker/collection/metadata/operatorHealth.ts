/**
 * The health of one gateway operator, as the pool (gatewayPool.ts) learns it: its answer time, its
 * consecutive failures and rate limits, the rest they earn, and its slots for requests in flight.
 */
import type { AttemptVerdict, PoolLimits } from './poolLimits.ts'

/** 5xx answers in a row, item after item, that count as one failure of the gateway itself. */
const CONTENT_FAILURES_TO_STRIKE = 5

/** What {@link GatewayPool.report} tells about one operator. */
export interface OperatorReport {
  operator: string
  answered: number
  failed: number
  limited: number
  latencyMs: number | null
  /** Resting until this time (Unix ms), or null when usable now. */
  restingUntil: number | null
}

/** One operator's health (ipfs.io and dweb.link share one). */
export class OperatorHealth {
  inFlight = 0
  /** Smoothed time to an answer, ms; undefined until one arrives. */
  latencyMs: number | undefined
  /** Consecutive failures (errors, timeouts, hedged-over silences). */
  strikes = 0
  /** Consecutive 429s. */
  private limits = 0
  /** Consecutive content failures (5xx) without an answer in between. */
  private contentFailures = 0
  /** Not asked before this time (Unix ms). */
  restUntil = 0
  /** When it last answered (Unix ms; 0: never). */
  private lastAnswerAt = 0
  /** When it was last struck: failures of requests made before that are the same evidence. */
  private lastStrikeAt = 0
  /** Why it rests: rate limits, or failures. */
  restReason: 'limited' | 'failed' | null = null
  private answered = 0
  private failed = 0
  private limited = 0
  /** Requests waiting for a slot. */
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly operator: string,
    private readonly tuning: PoolLimits,
    private readonly now: () => number,
  ) {}

  /** Resting now. */
  resting(): boolean {
    return this.restUntil > this.now()
  }

  /** Not resting and a slot free. */
  usable(): boolean {
    return !this.resting() && this.inFlight < this.tuning.perOperator
  }

  /** What was measured, for the settings screen and the bench. */
  report(): OperatorReport {
    return {
      operator: this.operator,
      answered: this.answered,
      failed: this.failed,
      limited: this.limited,
      latencyMs: this.latencyMs === undefined ? null : Math.round(this.latencyMs),
      restingUntil: this.resting() ? this.restUntil : null,
    }
  }

  /** Learns from an attempt made at `started` that ended as `v`. */
  learn(v: AttemptVerdict, started: number): void {
    const now = this.now()
    const ms = now - started
    if (v.kind === 'final') {
      this.lastAnswerAt = now
      this.answered++
      this.strikes = 0
      this.limits = 0
      this.contentFailures = 0
      this.latencyMs = this.latencyMs === undefined ? ms : this.latencyMs * 0.8 + ms * 0.2
      return
    }
    if (v.kind === 'limited') {
      this.limited++
      this.limits++
      const backoff = this.tuning.limitedRestMs * 2 ** Math.min(this.limits - 1, 6)
      // A Retry-After of 0 (or a date past) still rests it a moment: it just said "too many".
      const rest = Math.min(Math.max(v.retryAfterMs ?? backoff, 1000), this.tuning.maxRestMs)
      this.restUntil = Math.max(this.restUntil, now + rest)
      this.restReason = 'limited'
      return
    }
    this.failed++
    if (v.blame === 'gateway') this.strike(started, true)
    else if (v.blame === 'silence') this.strike(started, false)
    else if (++this.contentFailures >= CONTENT_FAILURES_TO_STRIKE) {
      this.contentFailures = 0
      this.strike(started, true)
    }
  }

  /**
   * One more consecutive gateway failure, for a request made at `started`: from `strikesToRest` on,
   * a rest that doubles with each. Unless `always`, not when the gateway answered other requests
   * since: then it is up, and this content is what is slow (a cold CID, an item that never answers).
   */
  strike(started: number, always: boolean): void {
    if (!always && this.lastAnswerAt >= started) return
    // Requests made together that fail together are one piece of evidence, not fifteen: a blip
    // must not rest the only gateway for minutes.
    if (started < this.lastStrikeAt) return
    this.lastStrikeAt = this.now()
    this.strikes++
    const beyond = this.strikes - this.tuning.strikesToRest
    if (beyond < 0) return
    const rest = this.tuning.baseRestMs * 2 ** Math.min(beyond, 10)
    this.restUntil = Math.max(this.restUntil, this.now() + Math.min(rest, this.tuning.maxRestMs))
    this.restReason = 'failed'
  }

  /** Waits out its rest, up to `maxWaitMs`. */
  async waitRest(): Promise<void> {
    const wait = Math.min(this.restUntil - this.now(), this.tuning.maxWaitMs)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }

  /** Takes a slot when not resting and one is free. */
  tryAcquire(): boolean {
    if (!this.usable()) return false
    this.inFlight++
    return true
  }

  /** Takes a slot, waiting for one to be released when all are taken. */
  acquire(): Promise<void> {
    if (this.inFlight < this.tuning.perOperator) {
      this.inFlight++
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      this.waiting.push(() => {
        this.inFlight++
        resolve()
      })
    })
  }

  /** Gives a slot back to the next request waiting for one. */
  release(): void {
    this.inFlight--
    this.waiting.shift()?.()
  }
}
