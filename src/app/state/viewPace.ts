/**
 * How fast the collection view takes in metadata. Each merge of newly fetched rows makes the view
 * filter, sort and group the whole collection again: a few milliseconds for 1,000 NFTs, a third of a
 * second for 100,000. Merging at the pace rows land (several times a second) would then keep the
 * main thread busy, and on a 2-core phone take CPU from the worker's pre-flight and signing. So the
 * pause between merges follows the last pass's cost: passes take at most a tenth of the main thread.
 */

/** Pause between merges per ms of the last pass (9 ms idle per ms busy: a tenth busy). */
const IDLE_PER_BUSY = 9
/** The longest pause: new metadata still shows within a few seconds on the largest collections. */
const MAX_GAP_MS = 5000

let lastPassMs = 0
let filterMs = 0

/** Records how long the view's last pass over the collection took. */
export function notePassMs(ms: number): void {
  lastPassMs = ms
}

/**
 * Runs one pass of the view and records its cost. A metadata merge runs both passes, the filter and
 * then the sort-and-group: the second records their sum.
 */
export function timedPass<T>(pass: 'filter' | 'group', run: () => T): T {
  const start = performance.now()
  const result = run()
  const ms = performance.now() - start
  if (pass === 'filter') filterMs = ms
  else notePassMs(filterMs + ms)
  return result
}

/** How long to wait before merging more metadata into the view. */
export function mergeGapMs(): number {
  return Math.min(MAX_GAP_MS, Math.round(lastPassMs * IDLE_PER_BUSY))
}
