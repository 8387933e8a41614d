/**
 * `xnm job start|resume|watch|status|pause|cancel|reclaim|report ID` and `xnm job list`: the jobs in
 * the store, run and followed from their rows as the app's Jobs card follows them.
 *
 * A job runs in the process that holds its account's lock; another `xnm job start` of that account
 * waits for the lock and says who holds it. A pause or cancel asked from another process is stored
 * for the running one to take. `start` of an interrupted job (its process died) resumes it.
 */
import { writeFileSync } from 'node:fs'
import { hasUnsettledAttempts } from '../../db/jobs.ts'
import type { JobRow } from '../../worker/api.ts'
import { accountLockName } from '../../worker/jobs/run/accountLocks.ts'
import { withSession } from '../command.ts'
import type { CommandContext } from '../command.ts'
import { refuseWhileElsewhere } from '../otherStores.ts'
import { FINAL, countsText, didNothing, exitFor, followJob, holderText } from '../follow.ts'
import { EXIT, UsageError, allowOnly, flag, text } from '../options.ts'
import type { Session } from '../session.ts'
import { printPlan } from './plans.ts'

/** Statuses of a job some runner works on, or would if its process had not died. */
const UNFINISHED = new Set<JobRow['status']>(['running', 'waiting', 'cancelling'])

function jobIdOf(ctx: CommandContext): string {
  const id = ctx.parsed.args[0]
  if (!id) throw new UsageError(`xnm ${ctx.parsed.command.join(' ')} needs the job ID`)
  return id
}

async function readJob(session: Session, id: string): Promise<JobRow> {
  const job = await session.engine.getJob(id)
  if (!job) throw new UsageError(`no job ${id} in ${session.store.dir}`)
  return job
}

function printJob(ctx: CommandContext, job: JobRow): void {
  ctx.printer.record('job', { ...job })
  ctx.printer.line(
    `${job.id}  ${job.kind} ${job.status}  ${job.counts.total} items: ${countsText(job)}`,
  )
  if (job.notice) ctx.printer.line(`  ${job.notice}`)
  if (job.error) ctx.printer.line(`  error: ${job.error}`)
}

/** Ends a follow: the job's last row, its figures and the exit code. */
function finish(ctx: CommandContext, job: JobRow): number {
  ctx.printer.endBar()
  ctx.printer.record('result', { jobId: job.id, status: job.status, counts: job.counts })
  printJob(ctx, job)
  if (!FINAL.has(job.status)) {
    ctx.printer.line(`Not finished: xnm job start ${job.id} goes on with it`)
  }
  if (didNothing(job)) {
    // On stderr too: a log that keeps only errors still says why the exit code is not 0.
    ctx.printer.warn(
      `xnm: nothing done: all ${job.counts.total} items of job ${job.id} were skipped (xnm job report ${job.id} says why)`,
    )
  }
  return exitFor(job)
}

/**
 * The job once no other process is settling it: a paused job whose attempts are in flight is the lock
 * holder's until they settle (starting it here would write its row under that process).
 */
async function settledElsewhere(
  session: Session,
  id: string,
  ctx: CommandContext,
): Promise<JobRow> {
  let told = false
  for (;;) {
    await session.store.refresh()
    const job = await readJob(session, id)
    const holder = hasUnsettledAttempts(job) ? holderText(session, job) : undefined
    if (!holder || ctx.signal.aborted) return job
    if (!told) ctx.printer.warn(`waiting while its transactions in flight settle: ${holder}`)
    told = true
    await new Promise((done) => setTimeout(done, 250))
  }
}

/** `xnm job start ID [--skip-problems] [--no-wait]` (and `resume`): runs it here to its end. */
export async function startCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, ['skip-problems', 'no-wait'])
  const id = jobIdOf(ctx)
  return await withSession(ctx, { connect: true, wallet: true, resume: true }, async (session) => {
    let job = await readJob(session, id)
    const wallet = session.wallet!
    if (job.account !== wallet.address || job.network !== wallet.network) {
      throw new UsageError(`job ${id} is ${job.account}'s on ${job.network}, not this wallet's`)
    }
    if (FINAL.has(job.status)) return finish(ctx, job)
    refuseWhileElsewhere(session, job)
    const holder = holderText(session, job)
    if (holder && flag(ctx.parsed, 'no-wait')) {
      ctx.printer.warn(holder)
      return EXIT.interrupted
    }
    // One start of the account's jobs at a time across processes, on what they all committed: the
    // check that no other started job offers or burns the same NFTs cannot miss one started meanwhile.
    const starting = await session.locks.acquire(
      `${accountLockName(job.network, job.account)}/start`,
      ctx.signal,
    )
    try {
      job = await settledElsewhere(session, id, ctx)
      if (FINAL.has(job.status)) return finish(ctx, job)
      if (job.status === 'planned' || job.status === 'paused') {
        await session.engine.startJob(id, { skipProblems: flag(ctx.parsed, 'skip-problems') })
      } else if (UNFINISHED.has(job.status) && !holderText(session, job)) {
        // Interrupted: connecting the wallet scheduled the account's unfinished jobs; this one
        // settles what it had in flight first, then goes on.
        ctx.printer.line(`Resuming job ${id} (${job.status} when its process stopped)`)
      }
    } finally {
      starting.release()
    }
    job = await followJob(session, id, ctx.printer, { runsHere: true, signal: ctx.signal })
    return finish(ctx, job)
  })
}

/** `xnm job watch ID`: follows a job run by another process (or this one's store) to its end. */
export async function watchCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const id = jobIdOf(ctx)
  return await withSession(ctx, { connect: false, wallet: false }, async (session) => {
    await readJob(session, id)
    const job = await followJob(session, id, ctx.printer, { runsHere: false, signal: ctx.signal })
    return finish(ctx, job)
  })
}

/** `xnm job status ID` */
export async function statusCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const id = jobIdOf(ctx)
  return await withSession(ctx, { connect: false, wallet: false }, async (session) => {
    const job = await readJob(session, id)
    printJob(ctx, job)
    const holder = holderText(session, job)
    if (holder) ctx.printer.line(`  ${holder}`)
    else if (UNFINISHED.has(job.status))
      ctx.printer.line(`  interrupted: xnm job start ${id} resumes it`)
    return 0
  })
}

/** `xnm job list [--account r…]`: the store's jobs, newest first. */
export async function listCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const account = text(ctx.parsed, 'account')
  return await withSession(ctx, { connect: false, wallet: false }, async (session) => {
    const jobs = (await session.store.db.jobs.orderBy('createdAt').reverse().toArray()).filter(
      (job) => job.network === session.network && (!account || job.account === account),
    )
    if (!jobs.length) ctx.printer.line(`No jobs on ${session.network} in ${session.store.dir}`)
    for (const job of jobs) printJob(ctx, job)
    return 0
  })
}

/**
 * `xnm job pause|cancel ID`: asked of the process that holds the account's lock when the job is one it
 * runs or will run (running, waiting, cancelling), and followed until it took effect; otherwise done
 * here.
 */
export async function stopCommand(
  ctx: CommandContext,
  action: 'pause' | 'cancel',
): Promise<number> {
  allowOnly(ctx.parsed, [])
  const id = jobIdOf(ctx)
  const outside = await withSession(ctx, { connect: false, wallet: false }, async (session) => {
    const job = await readJob(session, id)
    // A job that is not runnable (nor settling) is nobody's to write: it is paused or cancelled here.
    if (!UNFINISHED.has(job.status) && !hasUnsettledAttempts(job)) return false
    if (!(await session.locks.held(accountLockName(job.network, job.account)))) return false
    const asked = session.store.journal.addControl(id, action)
    ctx.printer.line(`Asked the process running ${job.account}'s jobs to ${action} job ${id}`)
    try {
      printJob(
        ctx,
        await followJob(session, id, ctx.printer, { runsHere: false, signal: ctx.signal }),
      )
    } finally {
      // Not taken (the job ended first, or the wait was stopped): it must not hit a later run.
      session.store.journal.dropControl(asked)
    }
    return true
  })
  if (outside) return 0
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    // What other processes committed while this one connected: the row is written on the latest.
    await session.store.refresh()
    if (action === 'pause') {
      await session.engine.pauseJob(id)
      printJob(ctx, await readJob(session, id))
      return 0
    }
    // A job with transactions in flight is cancelled once they settle: this process settles them.
    await session.engine.cancelJob(id)
    const last = await followJob(session, id, ctx.printer, { runsHere: true, signal: ctx.signal })
    const code = finish(ctx, last)
    return last.status === 'cancelled' ? EXIT.done : code
  })
}

/** `xnm job reclaim ID`: plans the cancellation of an airdrop's offers nobody accepted. */
export async function reclaimCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const id = jobIdOf(ctx)
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    const summary = await session.engine.checkAcceptance(id)
    ctx.printer.record('acceptance', { ...summary })
    return printPlan(ctx.printer, await session.engine.planReclaim(id))
  })
}

/** `xnm job report ID [--out F]`: the job's CSV report, the app's export. */
export async function reportCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, ['out'])
  const id = jobIdOf(ctx)
  const out = text(ctx.parsed, 'out')
  return await withSession(ctx, { connect: false, wallet: false }, async (session) => {
    await readJob(session, id)
    const csv = await session.engine.exportJobCsv(id)
    if (out) {
      writeFileSync(out, csv)
      ctx.printer.line(`report written to ${out}`)
    } else ctx.io.out(csv)
    return 0
  })
}
