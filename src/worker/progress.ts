/**
 * Throttled progress reporting across the worker boundary. Every call through a Comlink proxy is a
 * postMessage round trip, so long work reports at most every `intervalMs`, always reports its final
 * state, and releases the proxy when done (style-anchors: Comlink facts).
 */
import { releaseProxy } from 'comlink'
import type { ProgressListener } from './api.ts'

type MaybeProxy<T> = ProgressListener<T> & { [releaseProxy]?: () => void }

export interface ProgressReporter<T> {
  /** Reports if the last report is older than the interval. */
  report(progress: T): void
  /** Reports now (the final state), then releases the listener. */
  finish(progress: T): void
}

export function throttledProgress<T>(
  // A Comlink proxy carries a release function; a plain function (in Node) does not.
  target: MaybeProxy<T> | undefined,
  intervalMs = 250,
  now: () => number = Date.now,
): ProgressReporter<T> {
  let last = -Infinity
  const send = (progress: T) => {
    try {
      // A page that went away makes the proxied call reject: progress is best effort.
      const result: unknown = target?.(progress)
      if (result instanceof Promise) result.catch(() => undefined)
    } catch {
      // Same for a listener that throws: the work itself goes on.
    }
  }
  return {
    report(progress) {
      const t = now()
      if (t - last < intervalMs) return
      last = t
      send(progress)
    },
    finish(progress) {
      send(progress)
      target?.[releaseProxy]?.()
    },
  }
}

/**
 * Makes the reporter of a long read: throttled, each report noting when a server's limit for us sets
 * the pace (`serverPace`). The connection capability makes these; the reading capabilities use them.
 */
export type PacedProgress = <T extends { serverPace?: string }>(
  onProgress?: ProgressListener<T>,
) => ProgressReporter<T>
