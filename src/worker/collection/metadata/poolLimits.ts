/**
 * What the gateway pool learns from an attempt and how it is tuned (see gatewayPool.ts).
 */

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
