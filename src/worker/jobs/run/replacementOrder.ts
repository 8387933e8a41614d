/**
 * 'List again' in a job run: an offer that replaces earlier ones waits for the items cancelling them
 * (until they succeed; it is skipped if one does not), and each such cancellation knows who waits
 * for it.
 */
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import { intentEffects } from '../../../shared/intents.ts'

/** Which replacing offers wait for which cancellations of the run. */
export class ReplacementOrder {
  private readonly waitsFor = new Map<JobItemRow, Set<JobItemRow>>()
  private readonly waitedOnBy = new Map<JobItemRow, JobItemRow[]>()

  /**
   * Links each replacing offer to the cancellations it waits for.
   *
   * @returns the replacing offers whose earlier offers were not cancelled (a cancellation failed or
   *   was skipped): they wait for nothing, and are skipped if not yet signed.
   */
  link(items: readonly JobItemRow[]): JobItemRow[] {
    const notReplaced: JobItemRow[] = []
    const cancelling = new Map<string, JobItemRow>()
    for (const item of items) {
      for (const id of intentEffects(item.intent).cancels ?? []) cancelling.set(id, item)
    }
    if (cancelling.size === 0) return notReplaced
    for (const item of items) {
      for (const id of intentEffects(item.intent).offer?.replaces ?? []) {
        const cancel = cancelling.get(id)
        if (!cancel || cancel.status === 'succeeded') continue
        if (cancel.status === 'failed' || cancel.status === 'skipped') {
          this.waitsFor.delete(item)
          notReplaced.push(item)
          break
        }
        const waits = this.waitsFor.get(item) ?? new Set<JobItemRow>()
        waits.add(cancel)
        this.waitsFor.set(item, waits)
        this.waitedOnBy.set(cancel, [...(this.waitedOnBy.get(cancel) ?? []), item])
      }
    }
    return notReplaced
  }

  /** Whether the offer still waits for a cancellation (it may not be signed yet). */
  waits(item: JobItemRow): boolean {
    return (this.waitsFor.get(item)?.size ?? 0) > 0
  }

  /** The offer waits for nothing any more. */
  forget(item: JobItemRow): void {
    this.waitsFor.delete(item)
  }

  /**
   * An item ended: if it is a cancellation, the offers waiting for it go on.
   *
   * @returns the offers that cannot (it did not succeed): to be skipped if not yet signed.
   */
  release(cancel: JobItemRow): JobItemRow[] {
    const waiting = this.waitedOnBy.get(cancel)
    if (!waiting) return []
    this.waitedOnBy.delete(cancel)
    const notReplaced: JobItemRow[] = []
    for (const item of waiting) {
      if (cancel.status !== 'succeeded') notReplaced.push(item)
      else this.waitsFor.get(item)?.delete(cancel)
    }
    return notReplaced
  }
}
