/**
 * What the server's pace for us (the endpoint's scheduler) changes in the submit loop: how many
 * items are signed together, and what the job shows while the server sets the pace.
 */
import type { ServerPace } from '../../ledger/requestScheduler.ts'

/** Items signed (and stored) together before their submits. */
const BATCH = 50

/** When the server sets the pace, says so (the app's ETA comes from the measured pace). */
export function serverPaceNotice(pace: ServerPace | null | undefined): string | undefined {
  if (!pace?.limited) return undefined
  const rate = pace.submitsPerSecond
  const figure = rate >= 10 ? Math.round(rate).toString() : rate.toFixed(1)
  return rate > 0
    ? `The server limits how fast we may send: about ${figure} transactions a second`
    : 'The server limits how fast we may send: waiting for it to let us go on'
}

/**
 * Items signed together: fewer while the server sets a slow pace, so none waits long enough in the
 * endpoint's queue for its LastLedgerSequence to pass before it is sent.
 */
export function batchSize(pace: ServerPace | null | undefined): number {
  if (!pace?.limited || pace.submitsPerSecond <= 0) return BATCH
  return Math.max(1, Math.min(BATCH, Math.ceil(pace.submitsPerSecond * 3)))
}
