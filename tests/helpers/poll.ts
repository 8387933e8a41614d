/**
 * The one way tests wait for something they do not control the timing of (a job's rows, a status):
 * read it again and again until it is what the test waits for, or fail after a bound, saying what was
 * awaited and what was read last. Plain timers, so the chaos soak (run by tsx, not Vitest) uses it too.
 */

/**
 * Reads `read()` every `everyMs` until `done` holds for what it returned, and returns that.
 *
 * @param what - what is awaited, for the failure's message.
 * @throws Error `not reached: {what}` with the last value read, after `timeoutMs`.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  { timeoutMs = 30_000, everyMs = 25 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) {
      throw new Error(`not reached: ${what} (last read: ${JSON.stringify(value)})`)
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
