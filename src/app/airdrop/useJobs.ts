/** The Airdrop tab's view of the jobs in IndexedDB (written by the worker), observed live. */
import { useLiveQuery } from 'dexie-react-hooks'

import { appDb } from '../../db/queries/db.ts'
import { jobItemsOf, reclaimJobOf, startedJobsOf } from '../../db/queries/jobs.ts'
import type { JobItemRow, JobRow } from '../../db/types.ts'
import { useSession } from '../state/session.ts'

/** A live read: `loading` until the first answer. */
export type Live<T> = { loading: true } | { loading: false; value: T }

function live<T>(value: T | undefined): Live<T> {
  return value === undefined ? { loading: true } : { loading: false, value }
}

/** The connected wallet's started airdrops, newest first. */
export function useAirdrops(): Live<JobRow[]> {
  const { wallet } = useSession()
  const network = wallet?.network
  const account = wallet?.address
  const jobs = useLiveQuery(
    async () =>
      network && account ? await startedJobsOf(appDb(), network, account, 'airdrop') : [],
    [network, account],
  )
  return live(jobs)
}

/** A job's items in plan order (empty while loading). */
export function useJobItems(jobId: string): readonly JobItemRow[] {
  return useLiveQuery(() => jobItemsOf(appDb(), jobId), [jobId]) ?? []
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
