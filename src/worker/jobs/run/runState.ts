/**
 * One job run's state, shared by the runner's parts (ledger follower, settling, submit loop): the
 * items with their attempts and every item transition, the ledger as last read, the account's
 * numbers (runNumbers.ts) and what the run is told and shows (runControl.ts). Changed items are
 * written together by `flush`, with what changed of the numbers and the notice.
 */
import { saveItems } from '../../../db/jobItemWrites.ts'
import { heldSequence } from '../../../db/sequences.ts'
import { forgetBurnedNfts } from '../../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import { logFailure } from '../../../shared/errors.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { ResultWords } from '../../ledger/resultMessages.ts'
import { ReplacementOrder } from './replacementOrder.ts'
import { RunControl } from './runControl.ts'
import { RunNumbers } from './runNumbers.ts'
import { isRejected } from './submitRules.ts'
import type { LedgerView } from './ledgerView.ts'
import type { ItemMade } from './itemMade.ts'

/** One job run's state; see the module comment. */
export class RunState {
  readonly byHash = new Map<string, JobItemRow>()
  view: LedgerView = { validated: 0, validatedAccountSeq: 0, accountSeq: 0 }
  /** The account's sequence numbers: the sequencer, the fillers, the highest signed. */
  readonly numbers: RunNumbers
  /** What the run is told (pause, cancel, fail, abandoned) and what it shows (its notice). */
  readonly control: RunControl
  private dirty = new Set<JobItemRow>()
  /**
   * The items in flight and the pending ones (in plan order, then as they came back), kept as items
   * change: with 100,000 items, scanning them all at each look (every validated transaction looks at
   * what is in flight) cost the run most of each ledger.
   */
  private readonly live = new Set<JobItemRow>()
  private readonly waiting = new Set<JobItemRow>()
  /** 'List again': the replacing offers wait for the cancellations of the offers they replace. */
  private readonly replacements = new ReplacementOrder()

  /**
   * @param job - the job as the runner took it (its `epoch` fences every write).
   * @param words - words each item's result as its transaction's spec does.
   */
  constructor(
    private readonly db: LedgerDb,
    readonly job: JobRow,
    readonly items: JobItemRow[],
    private readonly words: ResultWords,
  ) {
    this.numbers = new RunNumbers(db, job, items)
    this.control = new RunControl(db, job, () => this.flush())
    for (const item of items) {
      for (const a of item.attempts) this.byHash.set(a.hash, item)
      this.track(item)
    }
    for (const item of this.replacements.link(items)) this.notReplaced(item)
  }

  /** A replacing offer whose earlier offers were not cancelled: skipped, if not yet signed. */
  private notReplaced(item: JobItemRow): void {
    this.replacements.forget(item)
    if (item.status !== 'pending') return
    this.setStatus(item, 'skipped')
    item.message = this.words.resultMessage('notReplaced', item.intent.type)
    this.touch(item)
  }

  latest(item: JobItemRow): Attempt {
    const a = item.attempts[item.attempts.length - 1]
    if (!a) throw new Error(`job item ${item.id} has no attempt`)
    return a
  }

  /**
   * The number an item must be signed with again, if any: that of its latest attempt, unless another
   * transaction was proven to have used it (Attempt.rival). An attempt whose death no signature
   * proves may still apply (a server may hold it back and release it later), so its intent keeps its
   * number: of the two, at most one can ever validate (docs/architecture.md §3.2).
   */
  pinned(item: JobItemRow): number | undefined {
    return heldSequence(item)
  }

  /** Items with a live attempt, lowest sequence first. */
  inFlight(): JobItemRow[] {
    return [...this.live].sort((x, y) => this.latest(x).sequence - this.latest(y).sequence)
  }

  /** How many items are in flight. */
  inFlightCount(): number {
    return this.live.size
  }

  /** Whether any item is in flight. */
  hasInFlight(): boolean {
    return this.live.size > 0
  }

  /**
   * Pending items, plan order first, at most `limit`; with `signable`, only those that may be signed
   * now (not an offer still waiting for the cancellation of the offers it replaces).
   */
  pending(limit = Infinity, signable = false): JobItemRow[] {
    const out: JobItemRow[] = []
    for (const item of this.waiting) {
      if (out.length >= limit) break
      if (signable && this.replacements.waits(item)) continue
      out.push(item)
    }
    return out
  }

  /** Pending items the run will still sign (none once it is pausing or cancelling). */
  toSign(): boolean {
    return !this.control.stopping && this.waiting.size > 0
  }

  /** Moves an item to a status, keeping the in-flight and pending sets. */
  private setStatus(item: JobItemRow, status: JobItemRow['status']): void {
    // A pending item given up leaves its number (if it has one) to a filler, never to another intent.
    if (item.status === 'pending' && status !== 'inFlight') {
      const pin = this.pinned(item)
      if (pin !== undefined) this.numbers.sequencer?.abandon(pin)
    }
    this.live.delete(item)
    this.waiting.delete(item)
    item.status = status
    this.track(item)
    if (status === 'succeeded' || status === 'failed' || status === 'skipped') {
      for (const offer of this.replacements.release(item)) this.notReplaced(offer)
    }
  }

  private track(item: JobItemRow): void {
    if (item.status === 'inFlight') this.live.add(item)
    else if (item.status === 'pending') this.waiting.add(item)
  }

  touch(item: JobItemRow): void {
    this.dirty.add(item)
  }

  /** Changed since the last flush (a new attempt of it may not be on disk yet). */
  isUnsaved(item: JobItemRow): boolean {
    return this.dirty.has(item)
  }

  /** A new signed attempt: the item is in flight with it (written by the next flush). */
  addAttempt(item: JobItemRow, a: Attempt): void {
    item.attempts.push(a)
    delete item.reserved
    delete item.reservedLedger
    this.numbers.noteSigned(a.sequence)
    this.setStatus(item, 'inFlight')
    this.byHash.set(a.hash, item)
    this.touch(item)
  }

  /** The item's final result: from a validated ledger, or a rejection that ends it. */
  finish(item: JobItemRow, result: string, made: ItemMade = {}): void {
    this.setStatus(item, result === 'tesSUCCESS' ? 'succeeded' : 'failed')
    item.result = result
    item.message = this.words.resultMessage(result, item.intent.type)
    if (made.offerId) item.offerId = made.offerId
    if (made.mintedNftId) item.mintedNftId = made.mintedNftId
    this.touch(item)
  }

  /**
   * The attempt counts as dead. A rejected one (see PERMANENT) ends its item as failed; any other
   * leaves it to be signed again, or skipped when the job is being cancelled. With `rival`, the hash of
   * a validated transaction signed by the account's key that used its number, it is proven dead and
   * the intent may take another number; without, the intent keeps this one (see `pinned`).
   */
  markDead(item: JobItemRow, a: Attempt, rival?: string): void {
    if (rival !== undefined) a.rival = rival
    if (isRejected(a)) {
      a.final = a.preliminary
      this.finish(item, a.preliminary!)
      return
    }
    a.final = 'dead'
    this.setStatus(item, 'pending')
    if (this.control.stopping === 'cancel') {
      this.setStatus(item, 'skipped')
      item.message = this.words.resultMessage('cancelled', item.intent.type)
    }
    this.touch(item)
  }

  /** A pending item the ledger no longer lets be signed as planned: skipped, with why. */
  refuse(item: JobItemRow, code: string, message: string): void {
    if (item.status !== 'pending') return
    this.setStatus(item, 'skipped')
    item.result = code
    item.message = message
    this.touch(item)
  }

  skipPending(): void {
    for (const item of this.pending()) {
      this.setStatus(item, 'skipped')
      item.message = this.words.resultMessage('cancelled', item.intent.type)
      this.touch(item)
    }
  }

  /** Writes the changed items (nothing at all once the run is abandoned or lost the job). */
  async flush(): Promise<void> {
    this.control.checkAlive()
    const changed = [...this.dirty]
    this.dirty = new Set()
    const notice = this.control.takeNotice()
    const numbers = this.numbers.takeUnsaved()
    try {
      const row = await saveItems(this.db, this.job.id, this.items, changed, {
        epoch: this.job.epoch,
        guard: () => this.control.checkAlive(),
        ...notice.write,
        ...numbers.write,
      })
      if (row) this.control.adopt(row.status)
    } catch (e) {
      for (const item of changed) this.dirty.add(item)
      notice.restore()
      numbers.restore()
      throw e
    }
    await this.forgetBurned(changed)
  }

  /**
   * NFTs burned for good leave the stored list and the metadata cache at once (the UI shows the
   * list). A failure here loses nothing: the next load of the list leaves them out too.
   */
  private async forgetBurned(changed: readonly JobItemRow[]): Promise<void> {
    const burned = changed.flatMap((item) => {
      const { nft } = intentEffects(item.intent)
      return nft?.role === 'burns' && item.status === 'succeeded' ? [nft.id] : []
    })
    const { network, account } = this.job
    await forgetBurnedNfts(this.db, network, account, burned).catch(
      logFailure('jobs: forgetting burned NFTs'),
    )
  }
}

/*
 * What each part of the runner may read and change of the run: the runner (runner.ts) holds the
 * whole state and hands each part only its view (a part that makes another hands it on its own),
 * so no part reaches into what is not its: signing never settles an item, the proof of a used
 * number only marks an attempt dead, a wallet's copy only settles its own intent.
 */

/** Signing a round (signingRound.ts): takes numbers, records attempts before they are submitted. */
export type SigningState = Pick<
  RunState,
  'job' | 'numbers' | 'view' | 'control' | 'pinned' | 'touch' | 'flush' | 'addAttempt'
>

/** The submit side (submitLoop.ts, which makes the signing side): what is due and in flight. */
export type SubmitState = SigningState &
  Pick<RunState, 'latest' | 'inFlight' | 'pending' | 'toSign' | 'refuse' | 'isUnsaved'>

/** The proof that a number was used by another transaction (numberProof.ts). */
export type ProofState = Pick<
  RunState,
  'job' | 'numbers' | 'view' | 'control' | 'latest' | 'inFlight' | 'markDead'
>

/** Copies of an intent a wallet submitted itself (intentCopies.ts). */
export type CopiesState = Pick<
  RunState,
  'job' | 'numbers' | 'view' | 'byHash' | 'latest' | 'inFlight' | 'pinned' | 'touch'
>

/** Settling (settle.ts, which makes the proof and the copies' parts): results and dead attempts. */
export type SettleState = ProofState &
  CopiesState &
  Pick<RunState, 'inFlightCount' | 'pending' | 'finish'>
