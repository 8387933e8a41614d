/**
 * NFTs of a planned job that another job, started since the plan, offers or burns (one live offer per
 * NFT, across jobs and tabs). The confirmation of an airdrop, a listing or a burn shows them before
 * Start is pressed, and its Start then skips them; the engine checks again in the transaction that
 * starts the job.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'

import { appDb } from '../../db/queries/db.ts'
import { jobsOf } from '../../db/queries/jobs.ts'
import type { PlanProblem } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { useSession } from './session.ts'

interface TakenState {
  /** The planned job the problems are about. */
  jobId: string | null
  problems: PlanProblem[]
}

const takenState = proxy<TakenState>({ jobId: null, problems: [] })

/** Asks the engine which of the job's NFTs are taken now. A failure leaves what was known. */
async function check(jobId: string): Promise<void> {
  try {
    const problems = await engine.takenNfts(jobId)
    takenState.jobId = jobId
    takenState.problems = problems
  } catch (error) {
    console.warn('taken NFTs: could not check', error)
  }
}

/** The taken-NFT problems of a planned job as last read (empty for any other job). */
export function takenProblemsOf(jobId: string): readonly PlanProblem[] {
  return takenState.jobId === jobId ? takenState.problems : []
}

/**
 * Whether starting the plan skips items: pre-flight's item problems, or NFTs taken since the plan.
 */
export function skipsItems(plan: { jobId: string; problems: readonly PlanProblem[] }): boolean {
  return (
    plan.problems.some((problem) => problem.itemIndex !== undefined) ||
    takenProblemsOf(plan.jobId).length > 0
  )
}

/**
 * The job's taken-NFT problems, read when the confirmation opens and again whenever one of the
 * wallet's jobs changes status (another tab may start one meanwhile).
 */
export function useTakenNfts(jobId: string): readonly PlanProblem[] {
  const { wallet } = useSession()
  const statuses = useLiveQuery(
    async () =>
      wallet
        ? (await jobsOf(appDb(), wallet.network, wallet.address))
            .map((job) => `${job.id}:${job.status}`)
            .join(',')
        : '',
    [wallet?.network, wallet?.address],
  )
  useEffect(() => {
    if (statuses !== undefined) void check(jobId)
  }, [jobId, statuses])
  const snap = useSnapshot(takenState)
  return snap.jobId === jobId ? snap.problems : []
}
