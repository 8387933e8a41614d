/**
 * What a mint and a modify share after their rows are ready: the plan shown for confirmation, the
 * job started once it is confirmed (leaving out the rows with problems), the progress card's
 * buttons, the report, and the result card's dismissal — each on its own store's fields.
 */
import { errorMessage } from '../../shared/errors.ts'
import type { JobPlan, JobRequest } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { jobActions, jobReport } from '../jobs/jobActions.ts'
import { walletSignal } from '../state/session.ts'
import { skipsItems } from '../state/takenNfts.ts'

/** The fields of a store (a valtio proxy) that the flow drives. */
export interface JobFlowState<P extends { plan: JobPlan }> {
  /** Planning or starting. */
  busy: boolean
  planError: string | null
  pending: P | null
  /** Why a job action (pause, resume, cancel, export) failed. */
  jobError: string | null
  dismissedJobId: string | null
  /** The job this tab started last. */
  startedJobId: string | null
}

/** The flow's actions on `state`. */
export function jobFlow<P extends { plan: JobPlan }>(state: JobFlowState<P>) {
  /** Runs one step with `busy` set; what it finds after a wallet change is dropped. */
  const step = async (work: (aborted: () => boolean) => Promise<void>): Promise<void> => {
    const scope = walletSignal()
    state.busy = true
    state.planError = null
    try {
      await work(() => scope.aborted)
    } catch (error) {
      if (!scope.aborted) state.planError = errorMessage(error)
    } finally {
      if (!scope.aborted) state.busy = false
    }
  }
  const setJobError = (message: string | null) => {
    state.jobError = message
  }
  return {
    /** Plans `request`; what `pendingOf` makes of the plan awaits confirmation. */
    plan: (request: JobRequest, pendingOf: (plan: JobPlan) => P) =>
      step(async (aborted) => {
        const plan = await engine.planJob(request)
        if (!aborted()) state.pending = pendingOf(plan)
      }),
    /** 'Go back' in the confirmation: nothing was signed. */
    dismiss: () => {
      state.pending = null
      state.planError = null
    },
    /** The user confirmed: the job starts, leaving out the rows with problems. */
    confirm: async () => {
      const pending = state.pending
      if (!pending || state.busy) return
      await step(async (aborted) => {
        await engine.startJob(pending.plan.jobId, { skipProblems: skipsItems(pending.plan) })
        if (aborted()) return
        state.pending = null
        state.dismissedJobId = null
        state.startedJobId = pending.plan.jobId
      })
    },
    /** The progress card's buttons. */
    actions: jobActions(setJobError),
    /** A job's report as CSV, or null (the reason is in `jobError`). */
    report: (jobId: string) => jobReport(jobId, setJobError),
    /** Closes a job's result card. */
    dismissResult: (jobId: string) => {
      state.dismissedJobId = jobId
    },
  }
}
