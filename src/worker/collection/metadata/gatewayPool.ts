/**
 * The gateways as one pool with health. Public gateways publish no limits and throttle heavy users,
 * so a collection load of thousands of documents and pictures must spread itself: each request is
 * made on the healthiest gateway that has a free slot, a few requests in flight per gateway at most;
 * a gateway that answers 429 rests for its `Retry-After` (or a growing backoff) while the others
 * serve; one that fails or hangs is demoted and rested; a request that gets no answer in good time is
 * also asked of the next gateway (a hedge), and the first answer wins. Operators are counted once:
 * ipfs.io and dweb.link share one health.
 *
 * Works on any list of equivalent URLs (the same content on several hosts, see resolveUri.ts), so
 * plain web addresses get the same per-host pacing with a list of one.
 */
import { operatorOf } from './gateways.ts'

/** How one attempt ended, as the pool needs to know it. */
export type AttemptVerdict =
  /** An answer: the search ends (content addressing makes a 404 the same answer everywhere). */
  | { kind: 'final' }
  /** Rate limited: rest the operator `retryAfterMs` (or a backoff) and ask another. */
  | { kind: 'limited'; retryAfterMs?: number }
  /**
   * A failure another gateway may not have, and whom it blames: `gateway`, the gateway's own refusal
   * (a 403, a bot-check page), counted against it; `silence`, no connection or no answer in time,
   * counted unless it answered others meanwhile (then this content is what is slow); `content`, a
   * 5xx for this content there, counted only when it repeats for item after item.
   */
  | { kind: 'failed'; blame: 'gateway' | 'silence' | 'content' }

/** Tuning of the pool. */
export interface PoolLimits {
  /** Requests in flight per operator. */
  perOperator: number
  /** A request unanswered after this long (ms) is also asked of the next gateway, while no answer
   * time is known... */
  hedgeAfterMs: number
  /** ...then after this many times the usual answer time... */
  hedgeLatencyFactor: number
  /** ...but never sooner than this. */
  hedgeMinMs: number
  /**
   * Consecutive gateway failures before a rest: one slow or broken item (the sandbox has them on
   * purpose, public gateways have cold CIDs) must not rest a gateway that answers everything else.
   */
  strikesToRest: number
  /** Rest at `strikesToRest` failures, doubled per further failure up to `maxRestMs`. */
  baseRestMs: number
  maxRestMs: number
  /** Rest after a 429 without a usable Retry-After, doubled per consecutive 429. */
  limitedRestMs: number
  /** Longest wait for a resting gateway when every gateway rests. */
  maxWaitMs: number
}

/**
 * Production tuning: 13 in flight per operator (of the 15 metadata fetches: one gateway alone never
 * carries all of them), hedge after 4 × the usual answer time (1 s at least, 2.5 s while unknown),
 * rests from 2 s to 5 min.
 */
export const DEFAULT_POOL_LIMITS: PoolLimits = {
  perOperator: 13,
  hedgeAfterMs: 2500,
  hedgeLatencyFactor: 4,
  hedgeMinMs: 1000,
  strikesToRest: 3,
  baseRestMs: 2000,
  maxRestMs: 5 * 60_000,
  limitedRestMs: 5000,
  maxWaitMs: 30_000,
}

/** The health of one operator. */
interface Health {
  operator: string
  inFlight: number
  /** Smoothed time to an answer, ms; undefined until one arrives. */
  latencyMs: number | undefined
  /** Consecutive failures (errors, timeouts, hedged-over silences). */
  strikes: number
  /** Consecutive 429s. */
  limits: number
  /** Consecutive content failures (5xx) without an answer in between. */
  contentFailures: number
  /** Not asked before this time (Unix ms). */
  restUntil: number
  /** When it last answered (Unix ms; 0: never). */
  lastAnswerAt: number
  /** When it was last struck: failures of requests made before that are the same evidence. */
  lastStrikeAt: number
  /** Why it rests: rate limits, or failures. */
  restReason: 'limited' | 'failed' | null
  answered: number
  failed: number
  limited: number
}

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

/** The host (with its port) of a URL, lower-case; '' when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ''
  }
}

/** See the file comment. One pool per engine: health is learned across loads. */
export class GatewayPool {
  private readonly limits: PoolLimits
  private readonly health = new Map<string, Health>()
  /** Requests waiting for a slot, by operator. */
  private readonly waiting = new Map<string, (() => void)[]>()

  constructor(
    private readonly now: () => number = Date.now,
    limits: Partial<PoolLimits> = {},
  ) {
    this.limits = { ...DEFAULT_POOL_LIMITS, ...limits }
  }

  private of(url: string): Health {
    const operator = operatorOf(hostOf(url))
    let h = this.health.get(operator)
    if (!h) {
      h = {
        operator,
        inFlight: 0,
        latencyMs: undefined,
        strikes: 0,
        limits: 0,
        contentFailures: 0,
        restUntil: 0,
        lastAnswerAt: 0,
        lastStrikeAt: 0,
        restReason: null,
        answered: 0,
        failed: 0,
        limited: 0,
      }
      this.health.set(operator, h)
    }
    return h
  }

  /**
   * `urls` (the same content on several hosts, in the user's preference order) reordered by measured
   * health: resting operators last, then by usual answer time with failures counted against it, the
   * preference order breaking ties. Only the first URL of each operator is kept: a second address at
   * the same operator is no failover.
   */
  order(urls: readonly string[]): string[] {
    const now = this.now()
    const seen = new Set<string>()
    const ranked: { url: string; score: number; resting: boolean; index: number }[] = []
    urls.forEach((url, index) => {
      const h = this.of(url)
      if (seen.has(h.operator)) return
      seen.add(h.operator)
      // An operator not heard from yet is assumed as quick as a usual one; the preference breaks ties.
      const latency = h.latencyMs ?? 400
      ranked.push({
        url,
        score: latency * (1 + h.strikes) + index * 50,
        resting: h.restUntil > now,
        index,
      })
    })
    ranked.sort((a, b) => Number(a.resting) - Number(b.resting) || a.score - b.score)
    return ranked.map((r) => r.url)
  }

  /** Operators and what was measured of them, for the settings screen and the bench. */
  report(): OperatorReport[] {
    const now = this.now()
    return [...this.health.values()].map((h) => ({
      operator: h.operator,
      answered: h.answered,
      failed: h.failed,
      limited: h.limited,
      latencyMs: h.latencyMs === undefined ? null : Math.round(h.latencyMs),
      restingUntil: h.restUntil > now ? h.restUntil : null,
    }))
  }

  /**
   * Asks for the content at `urls` (equivalent addresses) with failover and hedging.
   *
   * @param urls - the same content on several hosts, in preference order.
   * @param attempt - one request; given an AbortSignal that fires when another attempt won.
   * @param verdict - what an attempt's outcome means for the search.
   * @returns the first final outcome, or the last outcome when every gateway failed.
   */
  async fetch<T>(
    urls: readonly string[],
    attempt: (url: string, signal: AbortSignal) => Promise<T>,
    verdict: (outcome: T) => AttemptVerdict,
  ): Promise<T | undefined> {
    const queue = this.order(urls)
    const losers = new AbortController()
    let last: T | undefined
    let done = false
    let running = 0
    return new Promise<T | undefined>((resolve) => {
      const finish = (outcome: T | undefined) => {
        if (done) return
        done = true
        losers.abort()
        resolve(outcome)
      }
      let asked = 0
      const launchNext = async (): Promise<void> => {
        let url = this.pick(queue)
        // Every gateway left is resting: after an attempt elsewhere, they are not waited for (a
        // gateway resting for minutes would hold the item that long); before any, a rest up to
        // `maxWaitMs` is waited out (every gateway rate-limited: waiting is what they ask), a longer
        // one ends the search (the item is retried on a later load, not sent into the rest).
        const tooLong = (candidate: string) => {
          const rest = this.of(candidate).restUntil - this.now()
          return rest > 0 && (asked > 0 || rest > this.limits.maxWaitMs)
        }
        while (url !== undefined && tooLong(url)) url = this.pick(queue)
        if (url === undefined || done) {
          if (running === 0) finish(last)
          return
        }
        asked++
        running++
        const h = this.of(url)
        // The slot is taken at once when free, so that requests started together spread out.
        while (!this.tryAcquire(h)) {
          // A rest (waited out again if a 429 meanwhile lengthened it), then a free slot.
          if (h.restUntil > this.now()) {
            // Lengthened beyond what is worth waiting while this item waited: give it up here.
            if (h.restUntil - this.now() > this.limits.maxWaitMs) {
              running--
              return launchNext()
            }
            await this.waitRest(h)
            continue
          }
          await this.acquire(h)
          break
        }
        if (done) {
          this.release(h)
          running--
          return
        }
        const started = this.now()
        let hedged = false
        let hedge: ReturnType<typeof setTimeout> | undefined
        // Checked from `hedgeMinMs` on and re-armed: what is learned meanwhile (the first answers
        // of a load) shortens the wait of requests made before it was known.
        const checkHedge = () => {
          const due = started + this.hedgeDelay(h) - this.now()
          if (due > 0) {
            hedge = setTimeout(checkHedge, due)
            return
          }
          if (queue.length === 0) return
          hedged = true
          // Silence counts against the gateway (after a few, no new requests until its rest ends);
          // an answer clears it again.
          this.strike(h, started, false)
          void launchNext()
        }
        hedge = setTimeout(checkHedge, Math.min(this.limits.hedgeMinMs, this.hedgeDelay(h)))
        let outcome: T | undefined
        try {
          outcome = await attempt(url, losers.signal)
        } finally {
          clearTimeout(hedge)
          this.release(h)
          running--
        }
        if (done) return
        const v = verdict(outcome)
        this.learn(h, v, started)
        last = outcome
        if (v.kind === 'final') finish(outcome)
        else if (!hedged) void launchNext()
        else if (running === 0 && queue.length === 0) finish(last)
      }
      void launchNext()
    })
  }

  /**
   * Takes the URL to ask next from `queue` (health order): the first whose operator is not resting
   * and has a free slot, so that a busy best gateway spills over to the next healthy one instead of
   * making requests queue; else the first (its slot or its rest is waited for).
   */
  private pick(queue: string[]): string | undefined {
    const now = this.now()
    const free = queue.findIndex((url) => {
      const h = this.of(url)
      return h.restUntil <= now && h.inFlight < this.limits.perOperator
    })
    return queue.splice(Math.max(free, 0), 1)[0]
  }

  /**
   * How long to wait for an answer before asking the next gateway too: a few times the gateway's
   * usual answer time, or (not heard from yet) the quickest operator's; `hedgeAfterMs` while nothing
   * is known; never under `hedgeMinMs`.
   */
  private hedgeDelay(h: Health): number {
    const known = [...this.health.values()]
      .map((other) => other.latencyMs)
      .filter((ms): ms is number => ms !== undefined)
    const usual = h.latencyMs ?? (known.length > 0 ? Math.min(...known) : undefined)
    if (usual === undefined) return this.limits.hedgeAfterMs
    return Math.max(this.limits.hedgeMinMs, usual * this.limits.hedgeLatencyFactor)
  }

  private learn(h: Health, v: AttemptVerdict, started: number): void {
    const now = this.now()
    const ms = now - started
    if (v.kind === 'final') {
      h.lastAnswerAt = now
      h.answered++
      h.strikes = 0
      h.limits = 0
      h.contentFailures = 0
      h.latencyMs = h.latencyMs === undefined ? ms : h.latencyMs * 0.8 + ms * 0.2
      return
    }
    if (v.kind === 'limited') {
      h.limited++
      h.limits++
      const backoff = this.limits.limitedRestMs * 2 ** Math.min(h.limits - 1, 6)
      // A Retry-After of 0 (or a date past) still rests it a moment: it just said "too many".
      const rest = Math.min(Math.max(v.retryAfterMs ?? backoff, 1000), this.limits.maxRestMs)
      h.restUntil = Math.max(h.restUntil, now + rest)
      h.restReason = 'limited'
      return
    }
    h.failed++
    if (v.blame === 'gateway') this.strike(h, started, true)
    else if (v.blame === 'silence') this.strike(h, started, false)
    else if (++h.contentFailures >= CONTENT_FAILURES_TO_STRIKE) {
      h.contentFailures = 0
      this.strike(h, started, true)
    }
  }

  /**
   * One more consecutive gateway failure, for a request made at `started`: from `strikesToRest` on,
   * a rest that doubles with each. Not when the gateway answered other requests since: then it is
   * up, and this content is what is slow (a cold CID, an item that never answers).
   */
  private strike(h: Health, started: number, always: boolean): void {
    if (!always && h.lastAnswerAt >= started) return
    // Requests made together that fail together are one piece of evidence, not fifteen: a blip
    // must not rest the only gateway for minutes.
    if (started < h.lastStrikeAt) return
    h.lastStrikeAt = this.now()
    h.strikes++
    const beyond = h.strikes - this.limits.strikesToRest
    if (beyond < 0) return
    const rest = this.limits.baseRestMs * 2 ** Math.min(beyond, 10)
    h.restUntil = Math.max(h.restUntil, this.now() + Math.min(rest, this.limits.maxRestMs))
    h.restReason = 'failed'
  }

  /**
   * Why none of `urls` was asked (every gateway rests longer than is worth waiting): 'limited' when
   * any rests for a rate limit (the content is likely fine), 'failed' otherwise (out of reach).
   */
  restingFor(urls: readonly string[]): 'limited' | 'failed' {
    return urls.some((url) => this.of(url).restReason === 'limited') ? 'limited' : 'failed'
  }

  /** Waits out an operator's rest (every gateway rests), up to `maxWaitMs`. */
  private async waitRest(h: Health): Promise<void> {
    const wait = Math.min(h.restUntil - this.now(), this.limits.maxWaitMs)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }

  private tryAcquire(h: Health): boolean {
    if (h.restUntil > this.now() || h.inFlight >= this.limits.perOperator) return false
    h.inFlight++
    return true
  }

  private acquire(h: Health): Promise<void> {
    if (h.inFlight < this.limits.perOperator) {
      h.inFlight++
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(h.operator) ?? []
      queue.push(() => {
        h.inFlight++
        resolve()
      })
      this.waiting.set(h.operator, queue)
    })
  }

  private release(h: Health): void {
    h.inFlight--
    const next = this.waiting.get(h.operator)?.shift()
    if (next) next()
  }
}
