/**
 * One job run's state, shared by the runner's parts (ledger follower, settling, submit loop): the
 * items with their attempts, the ledger as last read, the sequence numbers, the no-op fillers in
 * flight, and every item transition. Changed items are written together by `flush`.
 */
import { FencedError, saveItems } from '../../../db/jobItemWrites.ts'
import { noteJobError, switchJobStatus } from '../../../db/jobStatus.ts'
import { readJob } from '../../../db/jobs.ts'
import { fillerHashes, heldSequence, highestSignedSequence } from '../../../db/sequences.ts'
import { forgetBurnedNfts } from '../../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow, JobStatus } from '../../../db/types/jobs.ts'
import { logFailure } from '../../../shared/errors.ts'
import type { ResultWords } from '../../ledger/resultMessages.ts'
import { ReplacementOrder } from './replacementOrder.ts'
import type { Filler } from './noop.ts'
import type { Sequencer } from './sequencer.ts'
import { isRejected } from './submitRules.ts'
import type { LedgerView } from './ledgerView.ts'

/** Thrown inside an abandoned runner to unwind it without touching anything. */
export class Abandoned extends Error {}

/**
 * Why the run stops signing: the user paused or cancelled it, or an error stops the job (`fail`: what
 * is in flight settles first, then the job ends `failed`).
 */
export type Stopping = 'pause' | 'cancel' | 'fail'

/** One job run's state; see the module comment. */
export class RunState {
  readonly byHash = new Map<string, JobItemRow>()
  view: LedgerView = { validated: 0, validatedAccountSeq: 0, accountSeq: 0 }
  /** Rebuilt from the ledger's view and the stored attempts at every reconcile. */
  sequencer?: Sequencer
  fillers: Filler[] = []
  /**
   * The highest sequence number this store ever signed for the account on the network (every job's
   * and filler's): new intents get numbers above it (see sequencer.ts). Stored with the items.
   */
  signedThrough = 0
  private signedThroughDirty = false
  /** Fillers signed since the last flush (JobRow.fillers). */
  private fillersUnsaved: { sequence: number; hash: string }[] = []
  /** The error that stops the job (with `stopping` 'fail'). */
  failure?: string
  private stoppingNow: Stopping | null = null
  private abandonedNow = false
  /** Told when the run is told to stop or is abandoned (see untilStopped). */
  private readonly stopListeners = new Set<() => void>()
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
  private shownNotice: string | undefined
  /** The words of a pause for the wallet or the server, kept as the notice until the job goes on. */
  private pauseMessage: string | undefined
  private noticeDirty = false
  /** The job's status as last read from its row: requests are taken when it changes. */
  private seenStatus: JobStatus

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
    for (const item of items) {
      for (const a of item.attempts) {
        this.byHash.set(a.hash, item)
        this.signedThrough = Math.max(this.signedThrough, a.sequence)
      }
      this.track(item)
    }
    for (const item of this.replacements.link(items)) this.notReplaced(item)
    this.seenStatus = job.status
    // Taken paused (its runner went before what it had in flight settled): settle, sign nothing new.
    if (job.status === 'paused') this.stopping = 'pause'
    if (job.status === 'failed') {
      this.stopping = 'fail'
      this.failure = job.error ?? 'The job failed'
    }
  }

  /** A replacing offer whose earlier offers were not cancelled: skipped, if not yet signed. */
  private notReplaced(item: JobItemRow): void {
    this.replacements.forget(item)
    if (item.status !== 'pending') return
    this.setStatus(item, 'skipped')
    item.message = this.words.resultMessage('notReplaced', item.intent.type)
    this.touch(item)
  }

  /** Why the run stops signing, if it does (a pause, a cancel, an error). */
  get stopping(): Stopping | null {
    return this.stoppingNow
  }

  set stopping(value: Stopping | null) {
    this.stoppingNow = value
    if (value) this.tellStopped()
    else if (this.pauseMessage !== undefined) {
      // Resumed: the pause's words go.
      this.pauseMessage = undefined
      this.notice = undefined
    }
  }

  /** The run was abandoned (the engine is going, or another runner took the job): it writes nothing. */
  get abandoned(): boolean {
    return this.abandonedNow
  }

  set abandoned(value: boolean) {
    this.abandonedNow = value
    if (value) this.tellStopped()
  }

  private tellStopped(): void {
    for (const listener of [...this.stopListeners]) listener()
  }

  /**
   * Resolves once the run is told to stop or is abandoned, here or through the job's row (another tab
   * or process asked: the row is read every `everyMs`), or with 'deadline' after `deadlineMs`. For a
   * wait the runner cannot otherwise leave (an external wallet that never answers); `cancel` ends it.
   */
  untilStopped(
    deadlineMs: number,
    everyMs = 2_000,
  ): { done: Promise<'stopped' | 'deadline'>; cancel: () => void } {
    let finish: (why: 'stopped' | 'deadline') => void = () => {}
    const done = new Promise<'stopped' | 'deadline'>((resolve) => {
      finish = resolve
    })
    const onStop = () => finish('stopped')
    const deadline = setTimeout(() => finish('deadline'), deadlineMs)
    const look = setInterval(() => {
      readJob(this.db, this.job.id).then(
        (row) => {
          if (!row || row.epoch !== this.job.epoch) this.abandoned = true
          else this.adopt(row.status)
        },
        () => {},
      )
    }, everyMs)
    const cancel = () => {
      clearTimeout(deadline)
      clearInterval(look)
      this.stopListeners.delete(onStop)
    }
    this.stopListeners.add(onStop)
    if (this.stopping || this.abandoned) onStop()
    void done.then(cancel)
    return { done, cancel }
  }

  /**
   * An error stops the job: nothing new is signed, what is in flight settles (the first error counts,
   * and is shown on the job at once: the job ends `failed` with it once nothing is in flight).
   */
  async fail(message: string): Promise<void> {
    if (this.stopping !== 'cancel') this.stopping = 'fail'
    if (this.failure !== undefined) return
    this.failure = message
    await noteJobError(this.db, this.job.id, this.job.epoch, message).catch(
      logFailure(`jobs: recording why job ${this.job.id} stops`),
    )
  }

  /**
   * The external wallet stopped approving: nothing new is signed, what is in flight settles, and the
   * job is paused with the wallet's message (stored at once) until the user resumes it.
   */
  async pauseForApproval(message: string): Promise<void> {
    await this.pauseFor('approval', message)
  }

  /**
   * The server contradicts itself in a way only a lying or broken server does (a sequence number it
   * calls used, with no transaction it can show that used it): nothing new is signed, and the job is
   * paused with the server named until the user resumes it (on another server, say). What is in
   * flight is still looked at: a later answer that proves it settles it.
   */
  async pauseForServer(message: string): Promise<void> {
    await this.pauseFor('server', message)
  }

  private async pauseFor(reason: 'approval' | 'server', message: string): Promise<void> {
    if (this.stopping === 'cancel' || this.stopping === 'fail') return
    this.stopping = 'pause'
    this.pauseMessage = undefined
    this.notice = message
    this.pauseMessage = message
    await this.flush()
    const epoch = this.job.epoch
    const from: JobStatus[] = ['running', 'waiting']
    if (await switchJobStatus(this.db, this.job.id, from, 'paused', { epoch, pausedBy: reason }))
      this.seenStatus = 'paused'
  }

  /**
   * Reads the job's row: a runner that lost the job (another took it: a higher epoch) stops with a
   * FencedError; a pause, resume or cancel that another writer stored (another tab, say) is taken.
   */
  async sync(): Promise<void> {
    this.checkAlive()
    const row = await readJob(this.db, this.job.id)
    if (!row || row.epoch !== this.job.epoch) throw new FencedError(this.job.id)
    this.adopt(row.status)
    // Resumed by a request (paused, then started again): the run goes on, and says so.
    if (row.status === 'waiting') {
      const epoch = this.job.epoch
      if (await switchJobStatus(this.db, this.job.id, ['waiting'], 'running', { epoch }))
        this.seenStatus = 'running'
    }
  }

  /**
   * Takes a request stored on the row, when the stored status changed since last read (a status
   * read before this runner's own pause was stored must not undo it).
   */
  private adopt(status: JobStatus): void {
    if (status === this.seenStatus) return
    this.seenStatus = status
    if (status === 'cancelling') this.stopping = 'cancel'
    else if (status === 'paused') this.stopping ??= 'pause'
    else if ((status === 'running' || status === 'waiting') && this.stopping === 'pause')
      this.stopping = null
  }

  /** Why the run waits, shown on the job (written by the next flush when it changed). */
  get notice(): string | undefined {
    return this.shownNotice
  }

  set notice(text: string | undefined) {
    // A pause's words stay until the job goes on (gap filling still runs, and says nothing new).
    text = this.pauseMessage ?? text
    if (text === this.shownNotice) return
    this.shownNotice = text
    this.noticeDirty = true
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

  /** The hashes of every no-op filler this store signed for the account (every job's). */
  storedFillers(): Promise<Set<string>> {
    const { network, account } = this.job
    return fillerHashes(this.db, network, account)
  }

  /** A filler signed: stored (its hash and number) with the next flush, before it is submitted. */
  noteFiller(filler: { sequence: number; hash: string }): void {
    this.fillersUnsaved.push({ sequence: filler.sequence, hash: filler.hash })
  }

  /** A number was signed (an intent's attempt or a filler): stored with the next flush. */
  noteSigned(sequence: number): void {
    if (sequence <= this.signedThrough) return
    this.signedThrough = sequence
    this.signedThroughDirty = true
  }

  /**
   * Numbers noted when a wallet was asked, which it then refused: never signed, so the mark goes
   * back to `through` — unless a higher number was noted since.
   */
  unnoteSigned(through: number, asked: number): void {
    if (this.signedThrough > asked || through >= this.signedThrough) return
    this.signedThrough = through
    this.signedThroughDirty = true
  }

  /** Takes in the highest number the account's other jobs signed (see signedThrough). */
  async readSignedThrough(): Promise<void> {
    const { network, account } = this.job
    const stored = await highestSignedSequence(this.db, network, account)
    this.signedThrough = Math.max(this.signedThrough, stored)
  }

  /** Whether a number or a filler signed since the last flush is not stored yet. */
  get signedUnsaved(): boolean {
    return this.signedThroughDirty || this.fillersUnsaved.length > 0
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
    return !this.stopping && this.waiting.size > 0
  }

  /** Moves an item to a status, keeping the in-flight and pending sets. */
  private setStatus(item: JobItemRow, status: JobItemRow['status']): void {
    // A pending item given up leaves its number (if it has one) to a filler, never to another intent.
    if (item.status === 'pending' && status !== 'inFlight') {
      const pin = this.pinned(item)
      if (pin !== undefined) this.sequencer?.abandon(pin)
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

  checkAlive(): void {
    if (this.abandoned) throw new Abandoned()
  }

  /** A new signed attempt: the item is in flight with it (written by the next flush). */
  addAttempt(item: JobItemRow, a: Attempt): void {
    item.attempts.push(a)
    delete item.reserved
    delete item.reservedLedger
    this.noteSigned(a.sequence)
    this.setStatus(item, 'inFlight')
    this.byHash.set(a.hash, item)
    this.touch(item)
  }

  /** The item's final result: from a validated ledger, or a rejection that ends it. */
  finish(item: JobItemRow, result: string, offerId?: string): void {
    this.setStatus(item, result === 'tesSUCCESS' ? 'succeeded' : 'failed')
    item.result = result
    item.message = this.words.resultMessage(result, item.intent.type)
    if (offerId) item.offerId = offerId
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
    if (this.stopping === 'cancel') {
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
    this.checkAlive()
    const changed = [...this.dirty]
    this.dirty = new Set()
    const noticeDirty = this.noticeDirty
    this.noticeDirty = false
    const signedDirty = this.signedThroughDirty
    this.signedThroughDirty = false
    const fillers = this.fillersUnsaved
    this.fillersUnsaved = []
    try {
      const row = await saveItems(this.db, this.job.id, this.items, changed, {
        epoch: this.job.epoch,
        guard: () => this.checkAlive(),
        ...(noticeDirty ? { notice: this.shownNotice ?? null } : {}),
        ...(signedDirty ? { highestSequence: this.signedThrough } : {}),
        ...(fillers.length ? { fillers } : {}),
      })
      if (row) this.adopt(row.status)
    } catch (e) {
      for (const item of changed) this.dirty.add(item)
      this.noticeDirty ||= noticeDirty
      this.signedThroughDirty ||= signedDirty
      this.fillersUnsaved = [...fillers, ...this.fillersUnsaved]
      throw e
    }
    await this.forgetBurned(changed)
  }

  /**
   * NFTs burned for good leave the stored list and the metadata cache at once (the UI shows the
   * list). A failure here loses nothing: the next load of the list leaves them out too.
   */
  private async forgetBurned(changed: readonly JobItemRow[]): Promise<void> {
    const burned = changed.flatMap((item) =>
      item.intent.type === 'burn' && item.status === 'succeeded' ? [item.intent.nftId] : [],
    )
    const { network, account } = this.job
    await forgetBurnedNfts(this.db, network, account, burned).catch(
      logFailure('jobs: forgetting burned NFTs'),
    )
  }
}
