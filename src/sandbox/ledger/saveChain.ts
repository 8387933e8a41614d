/**
 * When the sandbox writes its state file: saves never overlap (each waits for the one before), an
 * automatic save after a ledger close happens at most once per interval (a busy sandbox closing a
 * ledger every second would otherwise rewrite a large file continuously), and `flush` saves at once.
 */
export class SaveChain {
  private chain: Promise<void> = Promise.resolve()
  private timer: ReturnType<typeof setTimeout> | undefined
  private lastStart = Number.NEGATIVE_INFINITY

  /**
   * `save` writes the state to a file; `file` is the state file automatic saves go to (none: no
   * automatic saves).
   */
  constructor(
    private readonly save: (file: string) => Promise<void>,
    private readonly file: string | undefined,
    private readonly intervalMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for an automatic save: one is scheduled unless one is pending already. */
  request(): void {
    if (this.file === undefined || this.timer !== undefined) return
    const wait = Math.max(0, this.lastStart + this.intervalMs - this.now())
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.run(this.file!).catch((e: unknown) => console.error('sandbox: saving failed:', e))
    }, wait)
  }

  /** Saves now to `file` (default: the state file), after any save in progress; rejects if it fails. */
  saveNow(file = this.file): Promise<void> {
    return file === undefined ? this.chain : this.run(file)
  }

  /** Replaces a pending automatic save by one now (for stop), and waits for every save. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    await this.saveNow().catch((e: unknown) => console.error('sandbox: saving failed:', e))
  }

  private run(file: string): Promise<void> {
    const next = this.chain.then(() => {
      this.lastStart = this.now()
      return this.save(file)
    })
    this.chain = next.catch(() => {})
    return next
  }
}
