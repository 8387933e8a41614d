/**
 * Jobs as the engine's API gives them to a caller that does not observe IndexedDB itself (a script, a
 * command line): an account's jobs, one job, a page of its items, and following a job to its end.
 */
import { liveQuery } from 'dexie'

import { jobItemRange, readJob } from '../../db/jobs.ts'
import { jobsOf } from '../../db/queries/jobs.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow, JobStatus } from '../../db/types/jobs.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import { checkedPage } from '../pageRequest.ts'

/** The statuses a job ends in. */
const FINAL: ReadonlySet<JobStatus> = new Set(['completed', 'cancelled', 'failed'])

/** An account's jobs on a network, newest first. */
export function listJobs(db: LedgerDb, network: NetworkId, account: string): Promise<JobRow[]> {
  return jobsOf(db, network, account)
}

/** One job's row, or null. */
export async function getJob(db: LedgerDb, jobId: string): Promise<JobRow | null> {
  return (await readJob(db, String(jobId))) ?? null
}

/**
 * A page of a job's items in plan order, read by key range.
 *
 * @throws EngineError `VALIDATION` for an offset or limit out of range (see checkedPage).
 */
export function jobItemsPage(
  db: LedgerDb,
  jobId: string,
  page: { offset?: number; limit?: number } = {},
): Promise<JobItemRow[]> {
  const { offset, limit } = checkedPage(page)
  return jobItemRange(db, String(jobId)).offset(offset).limit(limit).toArray()
}

/**
 * Follows a job until it ends: `onChange` gets every row the job's writes produce; resolves with the
 * final row (completed, cancelled or failed). A paused or waiting job keeps it waiting.
 *
 * @throws EngineError `NOT_FOUND` for an unknown job (or one deleted meanwhile).
 */
export function watchJob(
  db: LedgerDb,
  jobId: string,
  onChange?: (job: JobRow) => void,
): Promise<JobRow> {
  return new Promise((resolve, reject) => {
    const subscription = liveQuery(() => readJob(db, String(jobId))).subscribe({
      next: (job) => {
        if (!job) {
          subscription.unsubscribe()
          reject(new EngineError('NOT_FOUND', `No job ${String(jobId)}`))
          return
        }
        // A listener that fails (through Comlink: its page is gone) does not stop the watch.
        try {
          const result: unknown = onChange?.(job)
          if (result instanceof Promise) result.catch(() => undefined)
        } catch {
          // As above: the watch goes on for whoever awaits it.
        }
        if (FINAL.has(job.status)) {
          subscription.unsubscribe()
          resolve(job)
        }
      },
      error: (error: unknown) => {
        subscription.unsubscribe()
        reject(error instanceof Error ? error : new EngineError('INTERNAL', String(error)))
      },
    })
  })
}

/** The stored jobs as the contract gives them (JobsApi's reads), for the connected wallet's account. */
export class JobReads {
  constructor(
    private readonly deps: {
      db: LedgerDb
      /** This engine's id (one per tab or window). */
      runnerId: string
      network: () => NetworkId
      /** The account asked for, or the connected wallet's. */
      accountOf: (account: string | undefined) => string
    },
  ) {}

  getRunnerId(): Promise<string> {
    return Promise.resolve(this.deps.runnerId)
  }

  listJobs(options: { account?: string; network?: NetworkId } = {}): Promise<JobRow[]> {
    const network = options.network ?? this.deps.network()
    return listJobs(this.deps.db, network, this.deps.accountOf(options.account))
  }

  getJob(jobId: string): Promise<JobRow | null> {
    return getJob(this.deps.db, jobId)
  }

  jobItems(jobId: string, page?: { offset?: number; limit?: number }): Promise<JobItemRow[]> {
    return jobItemsPage(this.deps.db, jobId, page)
  }

  watchJob(jobId: string, onChange?: (job: JobRow) => void): Promise<JobRow> {
    return watchJob(this.deps.db, jobId, onChange)
  }
}
