/**
 * When a session tries again: after a failed attempt, once the backoff is waited out; after a drop,
 * at once, unless links keep dropping soon after they open (a server that accepts and drops at once
 * is not hammered); and at once when asked (the browser came back online, or the user asked).
 */
import { Backoff, delay } from './backoff.ts'
import type { ConnectionTiming } from './timing.ts'

/**
 * A link that lived less than this before it dropped was not a recovery: the next attempt waits out
 * the backoff (a server that accepts and drops at once is not hammered).
 */
const STABLE_LINK_MS = 10_000

/** The retry pace of one session. */
export class RetryPace {
  private readonly backoff: Backoff
  /** Aborted to cut the current backoff wait short (see retryNow). */
  private wake = new AbortController()
  /** When the live link opened (performance.now()). */
  private openedAt = -Infinity
  /** Links in a row that dropped soon after they opened. */
  private quickDrops = 0

  /**
   * @param timing - the backoff's bounds.
   * @param stop - the session's: ends any wait.
   */
  constructor(
    timing: Pick<ConnectionTiming, 'backoffMinMs' | 'backoffMaxMs'>,
    private readonly stop: AbortSignal,
  ) {
    this.backoff = new Backoff(timing.backoffMinMs, timing.backoffMaxMs)
  }

  /** Waits out the backoff, or less if retryNow or the session's stop cuts it short; never rejects. */
  async wait(): Promise<void> {
    this.wake = new AbortController()
    const signal = AbortSignal.any([this.stop, this.wake.signal])
    await delay(this.backoff.next(), signal).catch(() => undefined)
  }

  /** Cuts the current wait short; the backoff starts over. */
  retryNow(): void {
    this.backoff.reset()
    this.wake.abort()
  }

  /** A link opened. */
  opened(): void {
    this.openedAt = performance.now()
  }

  /**
   * The live link dropped.
   *
   * @returns whether the next attempt waits out the backoff first (links keep dropping soon after
   *   they open).
   */
  dropped(): boolean {
    const lived = performance.now() - this.openedAt
    this.quickDrops = lived >= STABLE_LINK_MS ? 0 : this.quickDrops + 1
    if (this.quickDrops === 0) this.backoff.reset()
    return this.quickDrops > 1
  }
}
