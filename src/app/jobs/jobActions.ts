/**
 * The buttons of a job's progress card (Pause, Resume, Cancel) and the results card's report export,
 * bound to the engine, for a tab whose state shows why an action failed.
 */
import { errorMessage } from '../../shared/errors.ts'
import { engine } from '../engine.ts'
import { walletSignal } from '../state/session.ts'
import type { JobControlActions } from './JobProgressCard.tsx'

/**
 * Runs a job action, reporting a failure through `onError` (cleared first with null). A failure that
 * comes back after the account shown changed is dropped: it is no longer the tab's to show.
 *
 * @returns the action's answer, or null when it failed.
 */
export async function jobAction<T>(
  action: () => Promise<T>,
  onError: (message: string | null) => void,
): Promise<T | null> {
  const scope = walletSignal()
  onError(null)
  try {
    return await action()
  } catch (error) {
    if (!scope.aborted) onError(errorMessage(error))
    return null
  }
}

/**
 * Pause, resume and cancel, each reporting a failure through `onError` (see {@link jobAction}).
 *
 * @param onError - sets the tab's job error.
 */
export function jobActions(onError: (message: string | null) => void): JobControlActions {
  const run = (action: () => Promise<unknown>) => jobAction(action, onError)
  return {
    pause: (jobId) => void run(() => engine.pauseJob(jobId)),
    resume: (jobId) => void run(() => engine.startJob(jobId)),
    cancel: (jobId) => void run(() => engine.cancelJob(jobId)),
  }
}

/**
 * A job's report as CSV for 'Export report (CSV)', or null when it could not be made (the reason went
 * to `onError`).
 */
export function jobReport(
  jobId: string,
  onError: (message: string | null) => void,
): Promise<string | null> {
  return jobAction(() => engine.exportJobCsv(jobId), onError)
}
