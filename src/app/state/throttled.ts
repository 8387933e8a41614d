/** Work asked for often (each ledger, each flush), done at a pace. */

/**
 * A function that runs `task` at most once per `intervalMs`, the last call always honoured: news of
 * every ledger becomes one read of the lists, not one per transaction.
 */
export function throttled(task: () => void, intervalMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  let last = 0
  return () => {
    if (timer !== null) return
    const wait = Math.max(0, last + intervalMs - Date.now())
    timer = setTimeout(() => {
      timer = null
      last = Date.now()
      task()
    }, wait)
  }
}
