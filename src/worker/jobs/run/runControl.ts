/**
 * What one job run is told and what it shows: a pause, a cancel or an error that stops it signing
 * (here or through the job's row, from another tab or process), a runner abandoned (another took the
 * job, or the engine is going), and the notice the job shows while it waits. The run's state
 * (runState.ts) writes the notice with its items.
 */
import { FencedError } from '../../../db/jobItemWrites.ts'
import { noteJobError, switchJobStatus } from '../../../db/jobStatus.ts'
import { readJob } from '../../../db/jobs.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobRow, JobStatus } from '../../../db/types/jobs.ts'
import { logFailure } from '../../../shared/errors.ts'

/** Thrown inside an abandoned runner to unwind it without touching anything. */
export class Abandoned extends Error {}

/**
 * Why the run stops signing: the user paused or cancelled it, or an error stops the job (`fail`: what
 * is in flight settles first, then the job ends `failed`).
 */
export type Stopping = 'pause' | 'cancel' | 'fail'

export class RunControl {
  /** The error that stops the job (with `stopping` 'fail'). */
  failure?: string
  private stoppingNow: Stopping | null = null
  private abandonedNow = false
  /** Told when the run is told to stop or is abandoned (see untilStopped). */
  private readonly stopListeners = new Set<() => void>()
  private shownNotice: string | undefined
  /** The words of a pause for the wallet or the server, kept as the notice until the job goes on. */
  private pauseMessage: string | undefined
  private noticeDirty = false
  /** The job's status as last read from its row: requests are taken when it changes. */
  private seenStatus: JobStatus

  /**
   * @param job - the job as the runner took it (its `epoch` fences every write).
   * @param flush - writes the run's changed items and notice (before a pause is stored).
   */
  constructor(
    private readonly db: LedgerDb,
    private readonly job: JobRow,
    private readonly flush: () => Promise<void>,
  ) {
    this.seenStatus = job.status
    // Taken paused (its runner went before what it had in flight settled): settle, sign nothing new.
    if (job.status === 'paused') this.stopping = 'pause'
    if (job.status === 'failed') {
      this.stopping = 'fail'
      this.failure = job.error ?? 'The job failed'
    }
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
    if (this.stopping === 'cancel' || this.stopping === 'fail') {
      // Still settling what was signed: the card says what holds it there.
      this.notice = message
      await this.flush()
      return
    }
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
  adopt(status: JobStatus): void {
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

  checkAlive(): void {
    if (this.abandoned) throw new Abandoned()
  }

  /** The notice to write with the next flush, if it changed; `restore` keeps it for the one after. */
  takeNotice(): { write: { notice?: string | null }; restore: () => void } {
    const dirty = this.noticeDirty
    this.noticeDirty = false
    return {
      write: dirty ? { notice: this.shownNotice ?? null } : {},
      restore: () => {
        this.noticeDirty ||= dirty
      },
    }
  }
}
