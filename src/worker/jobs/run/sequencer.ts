/**
 * Sequence numbers for one account's job, assigned locally so many transactions are in flight at
 * once. At most one transaction per sequence number can ever validate, which is what makes reusing a
 * number safe: a number left unused by a rejected or dead attempt goes to the next transaction.
 */
export class Sequencer {
  private next: number
  private readonly free = new Set<number>()

  /**
   * @param accountSequence - the account's next Sequence in the current (open) ledger.
   * @param inFlight - sequences of attempts that may still apply (their numbers are taken).
   */
  constructor(accountSequence: number, inFlight: Iterable<number>) {
    const held = new Set(inFlight)
    let next = accountSequence
    for (const s of held) next = Math.max(next, s + 1)
    this.next = next
    // Numbers between the account's Sequence and the highest one in flight that no live attempt
    // holds were freed before a restart (a rejection, a dead attempt, or a no-op filler that was
    // never stored): every later attempt waits behind them, so they must be handed out again. Only
    // stored attempts can apply with an intent, so reusing them doubles nothing.
    for (let s = accountSequence; s < next; s++) if (!held.has(s)) this.free.add(s)
  }

  /** The lowest free number not yet consumed on the ledger, else the next new one. */
  take(accountSequence: number): number {
    this.forgetConsumed(accountSequence)
    const reuse = this.lowestFree()
    if (reuse !== undefined) {
      this.free.delete(reuse)
      return reuse
    }
    this.next = Math.max(this.next, accountSequence)
    return this.next++
  }

  /** Gives a number back: nothing applied with it, so a later transaction may use it. */
  release(sequence: number): void {
    if (sequence < this.next) this.free.add(sequence)
  }

  /** The lowest released number that is still unused, if any (a gap later ones may wait behind). */
  lowestFree(accountSequence?: number): number | undefined {
    if (accountSequence !== undefined) this.forgetConsumed(accountSequence)
    let low: number | undefined
    for (const s of this.free) if (low === undefined || s < low) low = s
    return low
  }

  /** Numbers below the account's Sequence were consumed by some transaction: they are gone. */
  private forgetConsumed(accountSequence: number): void {
    for (const s of this.free) if (s < accountSequence) this.free.delete(s)
  }
}
