/**
 * A nudge between the engines of one browser profile (tabs, windows, the installed app): a short
 * string saying what changed in the database they share ("this job's row changed by request", "the
 * own servers of this network changed"). The database is the message; the nudge only makes the
 * other engines read it now rather than at their next step. Where there is no BroadcastChannel,
 * nothing is nudged and each engine reads the change when it next looks.
 */
export class ProfileNudges {
  private readonly channel?: BroadcastChannel

  /**
   * @param name - one channel per subject and database.
   * @param onNudge - told the text of each nudge from another engine.
   */
  constructor(name: string, onNudge: (about: string) => void) {
    if (typeof BroadcastChannel === 'undefined') return
    this.channel = new BroadcastChannel(name)
    this.channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') onNudge(event.data)
    }
    // Node: an open channel must not keep a test process alive.
    ;(this.channel as { unref?: () => void }).unref?.()
  }

  /** Nudges the other engines (never this one). */
  post(about: string): void {
    this.channel?.postMessage(about)
  }

  close(): void {
    this.channel?.close()
  }
}
