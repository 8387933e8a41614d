/**
 * One account, one store: a store cannot see what another store's jobs have in flight, so two stores
 * running one account's jobs could offer an NFT twice. The account's lock (shared by the user's
 * stores) records which store ran it last; a job is not started here while that other store still
 * has unfinished jobs of the account, or attempts of a paused or failed one in flight.
 */
import { join, resolve } from 'node:path'
import { hasUnsettledAttempts } from '../db/jobs.ts'
import { RUNNABLE } from '../db/jobStatus.ts'
import type { JobRow } from '../worker/api.ts'
import { accountLockName } from '../worker/jobs/run/accountLocks.ts'
import { jobsOfStore } from '../node/store/sqliteJournal.ts'
import { UsageError } from './options.ts'
import type { Session } from './session.ts'

/**
 * Refuses to start `job` while another store has the account's jobs unfinished.
 *
 * @throws UsageError naming the other store and its jobs.
 */
export function refuseWhileElsewhere(session: Session, job: JobRow): void {
  const other = session.locks.lastStore(accountLockName(job.network, job.account))
  if (!other || resolve(other) === resolve(session.store.dir)) return
  let rows: JobRow[]
  try {
    rows = jobsOfStore(join(other, 'store.sqlite')) as unknown as JobRow[]
  } catch {
    return // that store is gone: nothing of it can be in flight
  }
  const open = rows.filter(
    (j) =>
      j.network === job.network &&
      j.account === job.account &&
      (RUNNABLE.includes(j.status) || hasUnsettledAttempts(j)),
  )
  if (!open.length) return
  throw new UsageError(
    `${job.account} has unfinished jobs in another store, ${other} (${open.map((j) => j.id).join(', ')}): finish or cancel them there first (xnm --store ${other} job start ID), so that no NFT is offered from two stores`,
  )
}
