/** The Airdrop tab's view of the jobs in IndexedDB (written by the worker), observed live. */
import { useLiveQuery } from 'dexie-react-hooks'

import { appDb } from '../../db/queries/db.ts'
import {
  jobItemsById,
  jobItemsHead,
  jobItemsWithStatus,
  reclaimJobOf,
  startedJobsOf,
} from '../../db/queries/jobs.ts'
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { useSession } from '../state/session.ts'

/** A live read: `loading` until the first answer. */
export type Live<T> = { loading: true } | { loading: false; value: T }

function live<T>(value: T | undefined): Live<T> {
  return value === undefined ? { loading: true } : { loading: false, value }
}

/** The connected wallet's started jobs of one kind, newest first. */
export function useStartedJobs(kind: JobRow['kind']): Live<JobRow[]> {
  const { wallet } = useSession()
  const network = wallet?.network
  const account = wallet?.address
  const jobs = useLiveQuery(
    async () => (network && account ? await startedJobsOf(appDb(), network, account, kind) : []),
    [network, account, kind],
  )
  return live(jobs)
}

/** The connected wallet's started airdrops, newest first. */
export function useAirdrops(): Live<JobRow[]> {
  return useStartedJobs('airdrop')
}

const NO_ITEMS: readonly JobItemRow[] = []

/** The first `count` items of a job in plan order (empty while loading, or with count 0). */
export function useJobItemsHead(jobId: string, count: number): readonly JobItemRow[] {
  return useLiveQuery(() => jobItemsHead(appDb(), jobId, count), [jobId, count]) ?? NO_ITEMS
}

/** Up to `count` items of a job that ended in `status` (empty while loading, or with count 0). */
export function useJobItemsWithStatus(
  jobId: string,
  status: JobItemRow['status'],
  count: number,
): readonly JobItemRow[] {
  return (
    useLiveQuery(() => jobItemsWithStatus(appDb(), jobId, status, count), [jobId, status, count]) ??
    NO_ITEMS
  )
}

/**
 * The items the job touched last (JobRow.activity), newest first: the progress card reads these few,
 * not the job's thousands, at each change.
 */
export function useRecentItems(job: JobRow): readonly JobItemRow[] {
  const key = job.activity?.recent.map((r) => r.id).join(',') ?? ''
  return useLiveQuery(() => jobItemsById(appDb(), key ? key.split(',') : []), [key]) ?? NO_ITEMS
}

/** The latest 'Reclaim unaccepted' job of an airdrop, or null. */
export function useReclaimJob(airdrop: JobRow): JobRow | null {
  const { id, network, account } = airdrop
  const job = useLiveQuery(
    async () => (await reclaimJobOf(appDb(), { id, network, account })) ?? null,
    [id, network, account],
  )
  return job ?? null
}
