/**
 * Writing a job's items as a runner (or a user request) changes them: the items, the job's counts,
 * status and latest activity in one transaction, fenced by the writer's epoch.
 */
import { countItems } from './jobs.ts'
import type { LedgerDb } from './schema.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobActivity, JobRow, JobStatus } from './types/jobs.ts'

/** How many of the latest items JobRow.activity keeps (the progress card shows two). */
const RECENT_ITEMS = 2

/** When an item was last signed or submitted (0 before its first signature). */
function lastTouched(item: Pick<JobItemRow, 'attempts'>): number {
  const a = item.attempts.at(-1)
  return a ? (a.submittedAt ?? a.signedAt) : 0
}

/** The job's activity after writing `changed` (undefined while nothing has been signed). */
export function nextActivity(
  prev: JobActivity | undefined,
  changed: readonly JobItemRow[],
): JobActivity | undefined {
  let activity = prev
  const recent = new Map(prev?.recent.map((r) => [r.id, r.at]))
  for (const item of changed) {
    const at = lastTouched(item)
    if (at === 0) continue
    const signed = item.attempts[0]!.signedAt
    activity = {
      startedAt: Math.min(activity?.startedAt ?? signed, signed),
      lastAt: Math.max(activity?.lastAt ?? at, at),
      recent: [],
    }
    recent.set(item.id, at)
  }
  if (!activity) return undefined
  const latest = [...recent].sort((a, b) => b[1] - a[1]).slice(0, RECENT_ITEMS)
  return { ...activity, recent: latest.map(([id, at]) => ({ id, at })) }
}

/**
 * Copies of the items to write, each with the acceptance stored for it: the acceptance tracker writes
 * that field while a runner may hold an older copy of the row, and the runner never sets it.
 */
async function keepAcceptance(db: LedgerDb, items: readonly JobItemRow[]): Promise<JobItemRow[]> {
  const stored = await db.jobItems.bulkGet(items.map((i) => i.id))
  return items.map((item, k) => {
    const copy = structuredClone(item)
    const acceptance = stored[k]?.acceptance
    if (acceptance) copy.acceptance = acceptance
    return copy
  })
}

/**
 * Thrown inside a write whose fencing epoch is no longer the job's: another runner took the job (the
 * writer lost the account's lock: a stale tab or worker). Nothing of that write is stored.
 */
export class FencedError extends Error {
  override name = 'FencedError'
  constructor(jobId: string) {
    super(`job ${jobId}: another runner took this job`)
  }
}

/** How a runner or a user request writes a job's items (see saveItems). */
export interface ItemWrite {
  /** The job's new status, written with the items. */
  status?: JobStatus
  /** The writer's fencing epoch: unless the stored job still has it, FencedError and nothing written. */
  epoch?: number
  /** Called last inside the transaction; if it throws, nothing is written. */
  guard?: () => void
  /** Why the run waits (JobRow.notice); null clears it; undefined leaves it as it is. */
  notice?: string | null
  /** The highest sequence number the runner signed so far (JobRow.highestSequence). */
  highestSequence?: number
  /** No-op fillers signed since the last write, added to JobRow.fillers. */
  fillers?: { sequence: number; hash: string }[]
}

/**
 * Writes changed items and the job's new counts (and status) in one transaction. An item's
 * `acceptance` as stored is kept (see keepAcceptance).
 *
 * @param all - every item of the job as the caller now holds them (for the counts).
 * @param changed - the items to write.
 * @param write - the new status, and the writer's epoch and guard (a runner that lost the job, or
 *   was abandoned meanwhile, must not overwrite what its successor writes).
 * @returns the job row as stored after the write (a runner reads requests from it: pause, cancel).
 */
export async function saveItems(
  db: LedgerDb,
  jobId: string,
  all: readonly JobItemRow[],
  changed: readonly JobItemRow[],
  write: ItemWrite = {},
): Promise<JobRow | undefined> {
  const { status, epoch, guard, notice, highestSequence, fillers } = write
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (epoch !== undefined && job?.epoch !== epoch) throw new FencedError(jobId)
    const nothing =
      !status && notice === undefined && highestSequence === undefined && !fillers?.length
    if (!job || (changed.length === 0 && nothing)) return job
    if (changed.length) await db.jobItems.bulkPut(await keepAcceptance(db, changed))
    const activity = nextActivity(job.activity, changed)
    const patch = {
      counts: countItems(all),
      updatedAt: Date.now(),
      ...(activity ? { activity } : {}),
      ...(status ? { status } : {}),
      ...(notice !== undefined ? { notice: notice ?? undefined } : {}),
      ...(highestSequence !== undefined
        ? { highestSequence: Math.max(highestSequence, job.highestSequence ?? 0) }
        : {}),
      ...(fillers?.length ? { fillers: [...(job.fillers ?? []), ...fillers] } : {}),
    }
    await db.jobs.update(jobId, patch)
    guard?.()
    return { ...job, ...patch }
  })
}
