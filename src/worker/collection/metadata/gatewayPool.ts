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
import { OperatorHealth } from './operatorHealth.ts'
import type { OperatorReport } from './operatorHealth.ts'
import { DEFAULT_POOL_LIMITS } from './poolLimits.ts'
import type { AttemptVerdict, PoolLimits } from './poolLimits.ts'

export type { AttemptVerdict, PoolLimits } from './poolLimits.ts'

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
  private readonly health = new Map<string, OperatorHealth>()

  constructor(
    private readonly now: () => number = Date.now,
    limits: Partial<PoolLimits> = {},
  ) {
    this.limits = { ...DEFAULT_POOL_LIMITS, ...limits }
  }

  private of(url: string): OperatorHealth {
    const operator = operatorOf(hostOf(url))
    let h = this.health.get(operator)
    if (!h) {
      h = new OperatorHealth(operator, this.limits, this.now)
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
    return [...this.health.values()].map((h) => h.report())
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
        while (!h.tryAcquire()) {
          // A rest (waited out again if a 429 meanwhile lengthened it), then a free slot.
          if (h.resting()) {
            // Lengthened beyond what is worth waiting while this item waited: give it up here.
            if (h.restUntil - this.now() > this.limits.maxWaitMs) {
              running--
              return launchNext()
            }
            await h.waitRest()
            continue
          }
          await h.acquire()
          break
        }
        if (done) {
          h.release()
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
          h.strike(started, false)
          void launchNext()
        }
        hedge = setTimeout(checkHedge, Math.min(this.limits.hedgeMinMs, this.hedgeDelay(h)))
        let outcome: T | undefined
        try {
          outcome = await attempt(url, losers.signal)
        } finally {
          clearTimeout(hedge)
          h.release()
          running--
        }
        if (done) return
        const v = verdict(outcome)
        h.learn(v, started)
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
    const free = queue.findIndex((url) => this.of(url).usable())
    return queue.splice(Math.max(free, 0), 1)[0]
  }

  /**
   * How long to wait for an answer before asking the next gateway too: a few times the gateway's
   * usual answer time, or (not heard from yet) the quickest operator's; `hedgeAfterMs` while nothing
   * is known; never under `hedgeMinMs`.
   */
  private hedgeDelay(h: OperatorHealth): number {
    const known = [...this.health.values()]
      .map((other) => other.latencyMs)
      .filter((ms): ms is number => ms !== undefined)
    const usual = h.latencyMs ?? (known.length > 0 ? Math.min(...known) : undefined)
    if (usual === undefined) return this.limits.hedgeAfterMs
    return Math.max(this.limits.hedgeMinMs, usual * this.limits.hedgeLatencyFactor)
  }

  /**
   * Why none of `urls` was asked (every gateway rests longer than is worth waiting): 'limited' when
   * any rests for a rate limit (the content is likely fine), 'failed' otherwise (out of reach).
   */
  restingFor(urls: readonly string[]): 'limited' | 'failed' {
    return urls.some((url) => this.of(url).restReason === 'limited') ? 'limited' : 'failed'
  }
}
