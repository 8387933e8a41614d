/**
 * The submit loop's window: many submits in flight at once (one round trip each made the link's
 * latency the limit), started in sequence order.
 */

/**
 * Submits awaiting their answer, at most `size()` at once, started in the order added (sequence
 * order). The next batch is signed while the last one's answers are on their way. The first error
 * is thrown by `add` or `drain`; the other submits still finish.
 */
export class SubmitWindow {
  private readonly running = new Set<Promise<void>>()
  private error: { e: unknown } | undefined

  constructor(private readonly size: () => number) {}

  /** Starts a task once there is room; throws the first error of the tasks before it. */
  async add(task: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.size()) await Promise.race(this.running)
    this.throwIfFailed()
    const p: Promise<void> = task()
      .catch((e: unknown) => {
        this.error ??= { e }
      })
      .finally(() => this.running.delete(p))
    this.running.add(p)
  }

  /** Waits for every task; throws the first error. */
  async drain(): Promise<void> {
    await Promise.all(this.running)
    this.throwIfFailed()
  }

  private throwIfFailed(): void {
    if (this.error) throw this.error.e
  }
}
