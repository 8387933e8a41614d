/**
 * Following a job from its row, as the app's progress card does: here while this process runs it,
 * or while another process does (reading that process's commits from the store). The process that
 * runs an account's jobs also takes the pauses and cancels other processes ask of them.
 */
import type { JobRow } from '../worker/api.ts'
import { accountLockName } from '../worker/jobs/run/accountLocks.ts'
import { EXIT } from './options.ts'
import type { Printer } from './output.ts'
import type { Session } from './session.ts'

/** How often the row (and other processes' commits) is read. */
const POLL_MS = 250

/** The statuses a job ends in. */
export const FINAL = new Set<JobRow['status']>(['completed', 'cancelled', 'failed'])

/**
 * Whether a job ended having done none of its items: completed without a failure, but every item
 * skipped (already on offer, no longer held, taken by another job…). A script that reads 0 as
 * "airdrop done" must not be told so.
 */
export function didNothing(job: JobRow): boolean {
  const c = job.counts
  return job.status === 'completed' && c.total > 0 && c.succeeded === 0 && c.failed === 0
}

/**
 * The exit code a job's state means: 0 done, 1 some items failed, 5 nothing done (every item
 * skipped), 4 not finished. Failures take 1 even when nothing succeeded: they are what to look at.
 */
export function exitFor(job: JobRow): number {
  if (job.status === 'completed') {
    if (job.counts.failed > 0) return EXIT.itemsFailed
    return didNothing(job) ? EXIT.nothingDone : EXIT.done
  }
  if (job.status === 'failed') return EXIT.itemsFailed
  return EXIT.interrupted
}

/** A job's figures in a line. */
export function countsText(job: JobRow): string {
  const c = job.counts
  const parts = [`${c.succeeded} succeeded`]
  if (c.failed) parts.push(`${c.failed} failed`)
  if (c.skipped) parts.push(`${c.skipped} skipped`)
  if (c.inFlight) parts.push(`${c.inFlight} in flight`)
  return parts.join(' · ')
}

/** Who holds the account's lock, as a sentence, when another process does. */
export function holderText(session: Session, job: JobRow): string | undefined {
  const holder = session.locks.holder(accountLockName(job.network, job.account))
  if (!holder) return undefined
  const since = new Date(holder.since).toISOString()
  return `${job.account} is run by process ${holder.pid} on ${holder.host} (${holder.command}) since ${since}`
}

/** Whether a process of this machine is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the pauses and cancels other processes stored for jobs of this wallet, if it runs them. */
async function takeControls(session: Session): Promise<void> {
  const wallet = session.wallet
  if (!wallet) return
  // Only the process holding the account's lock runs its jobs: a waiting one leaves the requests.
  if (!session.locks.heldHere(accountLockName(wallet.network, wallet.address))) return
  for (const control of session.store.journal.controls()) {
    if (!alive(control.pid)) {
      // Its asker died waiting (a closed terminal): nobody wants it any more.
      session.store.journal.dropControl(control.id)
      continue
    }
    const job = await session.engine.getJob(control.jobId)
    if (!job || job.account !== wallet.address || job.network !== wallet.network) continue
    session.store.journal.dropControl(control.id)
    if (control.action === 'pause') await session.engine.pauseJob(job.id)
    else await session.engine.cancelJob(job.id)
  }
}

export interface FollowOptions {
  /** This process runs the job (it takes other processes' requests, and pauses it when stopped). */
  runsHere: boolean
  /** Aborted (Ctrl-C): a job run here is paused and the follow ends. */
  signal: AbortSignal
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

/**
 * Prints a job's progress until it ends, is paused, or (followed from outside) nobody runs it.
 *
 * @returns the job's last row.
 */
export async function followJob(
  session: Session,
  jobId: string,
  printer: Printer,
  options: FollowOptions,
): Promise<JobRow> {
  let shown = ''
  let shownStatus = ''
  let toldHolder = false
  let pausing = false
  let toldSettling = false
  for (;;) {
    await session.store.refresh()
    if (options.runsHere) await takeControls(session)
    const job = await session.engine.getJob(jobId)
    if (!job) throw new Error(`job ${jobId} is gone from the store`)
    const line = `${job.status} ${countsText(job)}${job.notice ? ` · ${job.notice}` : ''}`
    if (line !== shown) {
      shown = line
      const done = job.counts.succeeded + job.counts.failed + job.counts.skipped
      // Into a file or a pipe: a line at each change of status, else every few seconds.
      const statusChanged = job.status !== shownStatus
      shownStatus = job.status
      const fields = { jobId, status: job.status, counts: job.counts }
      printer.progress(done, job.counts.total, line, fields, statusChanged)
    }
    if (FINAL.has(job.status)) return job
    if (job.status === 'planned') return job
    if (job.status === 'paused') {
      // Run here: the runner settles what it has in flight before it stops; leaving before would
      // leave those attempts for the next run to settle first.
      if (!options.runsHere || job.counts.inFlight === 0) return job
      if (!toldSettling) {
        toldSettling = true
        printer.warn(
          `settling ${job.counts.inFlight} transactions in flight before stopping (Ctrl-C again stops at once: the next run settles them)`,
        )
      }
    }
    const holder = holderText(session, job)
    if (holder && !toldHolder) {
      toldHolder = true
      printer.warn(options.runsHere ? `waiting: ${holder}` : holder)
    }
    if (
      !options.runsHere &&
      !holder &&
      !(await session.engine.jobRunnerActive(job.network, job.account))
    ) {
      // Nobody runs it: it was interrupted (its process died) and waits for `xnm job start`.
      return job
    }
    if (options.signal.aborted && !pausing) {
      pausing = true
      // Another process runs it: its row is that process's to write; this one only stops waiting.
      if (!options.runsHere || holder) return job
      await session.engine.pauseJob(jobId)
      printer.warn(`pausing the job: xnm job start ${jobId} resumes it`)
    }
    await sleep(POLL_MS)
  }
}
