/**
 * Sequence numbers for one account's job, assigned locally so many transactions are in flight at
 * once. At most one transaction per sequence number can ever validate; the runner keeps a stronger
 * rule on top (docs/architecture.md §3.2): **a number once signed for an intent belongs to that
 * intent for good**. Later transactions with it are that intent's own attempts, or a no-op filler
 * once the intent was given up (skipped, failed, cancelled). Never another intent's: a server holding
 * two intents' transactions with one number could show one as validated while it releases the other
 * later, and the first intent, signed again with a new number, would apply twice.
 *
 * So the numbers come in three kinds: new ones (above every number the account ever signed from this
 * store), free ones (taken for a round that was never signed: anyone may have them), and gaps (signed
 * once, their intent given up: a filler may take them, an intent never).
 */
export class Sequencer {
  private next: number
  /** Taken and never signed: any transaction may have them. */
  private readonly free = new Set<number>()
  /** Signed once for an intent that was given up: only a no-op filler may have them. */
  private readonly gaps = new Set<number>()

  /**
   * @param accountSequence - the account's next Sequence in the current (open) ledger.
   * @param held - numbers of intents that may still apply or will be signed again with them
   *   (in flight, or pending with an attempt whose death was not proven), and of fillers in flight.
   * @param signedThrough - the highest number this store ever signed for the account (0 if none).
   * @param validatedSequence - the account's Sequence in the validated ledger, if lower than
   *   `accountSequence`: the numbers from it up are filled when nothing holds them (a server that
   *   claimed a higher open-ledger Sequence must not leave numbers no one fills).
   */
  constructor(
    accountSequence: number,
    held: Iterable<number>,
    signedThrough = 0,
    validatedSequence = accountSequence,
  ) {
    const taken = new Set(held)
    let next = Math.max(accountSequence, signedThrough + 1)
    for (const s of taken) next = Math.max(next, s + 1)
    this.next = next
    // Numbers between the account's Sequence and the next new one that nothing holds: every later
    // attempt waits behind them. They may have been signed before a restart (an intent given up, a
    // filler never stored), so only fillers take them. (A number another transaction already used
    // only costs a filler that fails.)
    const from = Math.min(accountSequence, validatedSequence)
    for (let s = from; s < next; s++) if (!taken.has(s)) this.gaps.add(s)
  }

  /** A number for a new intent: the lowest free one not yet consumed on the ledger, else a new one. */
  take(accountSequence: number): number {
    this.forgetConsumed(accountSequence)
    const reuse = lowest(this.free)
    if (reuse !== undefined) {
      this.free.delete(reuse)
      return reuse
    }
    this.next = Math.max(this.next, accountSequence)
    return this.next++
  }

  /** Gives back a number taken and never signed: any later transaction may use it. */
  release(sequence: number): void {
    if (sequence < this.next) this.free.add(sequence)
  }

  /**
   * A number signed for an intent that was given up (and not proven used by another transaction):
   * a gap that only a filler may take.
   */
  abandon(sequence: number): void {
    this.free.delete(sequence)
    this.gaps.add(sequence)
  }

  /**
   * The lowest number a filler may take (a gap later ones may wait behind), if any: gaps always,
   * free numbers only with `free` (while pending intents are left, they take those).
   */
  lowestGap(accountSequence: number, free: boolean): number | undefined {
    this.forgetConsumed(accountSequence)
    const gap = lowest(this.gaps)
    const open = free ? lowest(this.free) : undefined
    if (gap === undefined) return open
    return open === undefined ? gap : Math.min(gap, open)
  }

  /** Takes a number returned by lowestGap for a filler. */
  fill(sequence: number): void {
    this.gaps.delete(sequence)
    this.free.delete(sequence)
  }

  /** Numbers below the account's Sequence were consumed by some transaction: they are gone. */
  private forgetConsumed(accountSequence: number): void {
    for (const s of this.free) if (s < accountSequence) this.free.delete(s)
    for (const s of this.gaps) if (s < accountSequence) this.gaps.delete(s)
  }
}

function lowest(set: ReadonlySet<number>): number | undefined {
  let low: number | undefined
  for (const s of set) if (low === undefined || s < low) low = s
  return low
}
