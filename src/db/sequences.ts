/**
 * The account's sequence numbers this store signed with, as the exactly-once rule needs them
 * (docs/architecture.md §3.2): the highest ever signed (new intents get numbers above it), and the
 * numbers live intents hold (no other transaction of this store may take them).
 */
import type { LedgerDb } from './schema.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobRow, JobStatus } from './types/jobs.ts'

/** Jobs whose intents may still be signed or apply: a job in any other status is over. */
const LIVE: readonly JobStatus[] = ['waiting', 'running', 'paused', 'cancelling', 'failed']

/** The settings row keeping the highest number signed outside jobs (a SetRegularKey), per account. */
const MARKS_KEY = 'signedSequences'

function markKey(network: JobRow['network'], account: string): string {
  return `${network}:${account}`
}

/**
 * The highest sequence number this store ever signed for the account on the network (0 if none):
 * its jobs' (JobRow.highestSequence) and those signed outside jobs (see noteSignedSequence).
 */
export async function highestSignedSequence(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
): Promise<number> {
  let highest = 0
  await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .each((job) => {
      highest = Math.max(highest, job.highestSequence ?? 0)
    })
  const marks = (await db.settings.get(MARKS_KEY))?.value as Record<string, number> | undefined
  return Math.max(highest, marks?.[markKey(network, account)] ?? 0)
}

/**
 * Records a number signed outside a job (a SetRegularKey a wallet approves), before the wallet sees
 * the transaction: a job started meanwhile gives its intents only higher numbers.
 */
export async function noteSignedSequence(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  sequence: number,
): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    const marks = { ...((await db.settings.get(MARKS_KEY))?.value as Record<string, number>) }
    const key = markKey(network, account)
    marks[key] = Math.max(marks[key] ?? 0, sequence)
    await db.settings.put({ key: MARKS_KEY, value: marks })
  })
}

/**
 * The number a live intent holds, if any: its latest attempt's (in flight, or dead without proof
 * that another transaction used it), else the one a wallet was asked to sign it with.
 */
export function heldSequence(item: Pick<JobItemRow, 'attempts' | 'reserved'>): number | undefined {
  const a = item.attempts.at(-1)
  if (a && a.rival === undefined) return a.sequence
  return item.reserved
}

/** The account's unfinished jobs on the network (other than `exceptJobId`). */
export async function liveJobs(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  exceptJobId?: string,
): Promise<JobRow[]> {
  const jobs = await db.jobs.where('[network+account]').equals([network, account]).toArray()
  return jobs.filter(
    (job) =>
      job.id !== exceptJobId &&
      LIVE.includes(job.status) &&
      (job.status !== 'failed' || job.counts.inFlight > 0),
  )
}

/** The hashes of every no-op filler this store signed for the account on the network. */
export async function fillerHashes(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
): Promise<Set<string>> {
  const hashes = new Set<string>()
  await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .each((job) => {
      for (const f of job.fillers ?? []) hashes.add(f.hash.toUpperCase())
    })
  return hashes
}
