/**
 * A nudge between the engines of one browser profile (tabs, windows, the installed app): "this job's
 * row changed by request" (paused, resumed, cancelled). The row in IndexedDB is the message; the nudge
 * only makes the runner holding the job read it now instead of at its next ledger. Where there is no
 * BroadcastChannel, runners still read the row at every step.
 */
export class JobSignals {
  private readonly channel?: BroadcastChannel

  /**
   * @param name - one channel per database.
   * @param onSignal - told the job id of each nudge from another engine.
   */
  constructor(name: string, onSignal: (jobId: string) => void) {
    if (typeof BroadcastChannel === 'undefined') return
    this.channel = new BroadcastChannel(name)
    this.channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') onSignal(event.data)
    }
    // Node: an open channel must not keep a test process alive.
    ;(this.channel as { unref?: () => void }).unref?.()
  }

  /** Nudges the other engines about a job. */
  post(jobId: string): void {
    this.channel?.postMessage(jobId)
  }

  close(): void {
    this.channel?.close()
  }
}
