/**
 * The account's sequence numbers as one run knows them (docs/architecture.md §3.2): the sequencer
 * built at each reconcile, the no-op fillers it has in flight, and the highest number this store ever
 * signed for the account. What changed is handed to the run's flush (`takeUnsaved`), so it is stored
 * with the items before anything it covers is submitted.
 */
import { fillerHashes, highestSignedSequence } from '../../../db/sequences.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import type { Filler } from './noop.ts'
import type { Sequencer } from './sequencer.ts'

/** What a flush writes of the numbers (JobRow.highestSequence, JobRow.fillers). */
export interface NumbersWrite {
  highestSequence?: number
  fillers?: { sequence: number; hash: string }[]
}

export class RunNumbers {
  /** Built anew at each reconcile, from the ledger and the numbers still held. */
  sequencer?: Sequencer
  /** This run's no-op fillers that may still apply. */
  fillers: Filler[] = []
  /**
   * The highest sequence number this store ever signed for the account on the network (every job's
   * and filler's): new intents get numbers above it (see sequencer.ts).
   */
  signedThrough = 0
  private signedThroughDirty = false
  /** Fillers signed since the last flush. */
  private fillersUnsaved: { sequence: number; hash: string }[] = []

  constructor(
    private readonly db: LedgerDb,
    private readonly job: Pick<JobRow, 'network' | 'account'>,
    items: readonly JobItemRow[],
  ) {
    for (const item of items) {
      for (const a of item.attempts) this.signedThrough = Math.max(this.signedThrough, a.sequence)
    }
  }

  /** The hashes of every no-op filler this store signed for the account (every job's). */
  storedFillers(): Promise<Set<string>> {
    return fillerHashes(this.db, this.job.network, this.job.account)
  }

  /** A filler signed: stored (its hash and number) with the next flush, before it is submitted. */
  noteFiller(filler: { sequence: number; hash: string }): void {
    this.fillersUnsaved.push({ sequence: filler.sequence, hash: filler.hash })
  }

  /** A number was signed (an intent's attempt or a filler), or a wallet asked to sign it. */
  noteSigned(sequence: number): void {
    if (sequence <= this.signedThrough) return
    this.signedThrough = sequence
    this.signedThroughDirty = true
  }

  /**
   * Numbers noted when a wallet was asked, which it then refused: never signed, so the mark goes
   * back to `through` — unless a number above `asked` was noted since.
   */
  unnoteSigned(through: number, asked: number): void {
    if (this.signedThrough > asked || through >= this.signedThrough) return
    this.signedThrough = through
    this.signedThroughDirty = true
  }

  /** Takes in the highest number the account's other jobs signed (see signedThrough). */
  async readSignedThrough(): Promise<void> {
    const stored = await highestSignedSequence(this.db, this.job.network, this.job.account)
    this.signedThrough = Math.max(this.signedThrough, stored)
  }

  /** Whether a number or a filler signed since the last flush is not stored yet. */
  get unsaved(): boolean {
    return this.signedThroughDirty || this.fillersUnsaved.length > 0
  }

  /** What changed since the last flush, to write now; `restore` keeps it for the next one. */
  takeUnsaved(): { write: NumbersWrite; restore: () => void } {
    const dirty = this.signedThroughDirty
    const fillers = this.fillersUnsaved
    this.signedThroughDirty = false
    this.fillersUnsaved = []
    return {
      write: {
        ...(dirty ? { highestSequence: this.signedThrough } : {}),
        ...(fillers.length ? { fillers } : {}),
      },
      restore: () => {
        this.signedThroughDirty ||= dirty
        this.fillersUnsaved = [...fillers, ...this.fillersUnsaved]
      },
    }
  }
}
