import { EngineError } from '../../shared/errors.ts'

/** Exponential backoff: `min`, doubling on every call to `next`, capped at `max`. */
export class Backoff {
  private attempts = 0

  /**
   * @param minMs - the first delay.
   * @param maxMs - the largest delay.
   */
  constructor(
    private readonly minMs: number,
    private readonly maxMs: number,
  ) {}

  /** The delay before the next attempt; each call doubles the following one. */
  next(): number {
    const delay = Math.min(this.maxMs, this.minMs * 2 ** this.attempts)
    if (delay < this.maxMs) this.attempts += 1
    return delay
  }

  /** Back to the first delay, after a success. */
  reset(): void {
    this.attempts = 0
  }
}

/**
 * Waits `ms`, or less if the signal aborts; rejects with `CANCELLED` in that case.
 *
 * @param ms - the delay.
 * @param signal - aborts the wait.
 */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new EngineError('CANCELLED', 'Wait cancelled')
    if (signal.aborted) {
      reject(cancelled())
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(cancelled())
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
