/**
 * The buttons of a job's progress card (Pause, Resume, Cancel) and the results card's report export,
 * bound to the engine, for a tab whose state shows why an action failed.
 */
import { errorMessage } from '../../shared/errors.ts'
import { engine } from '../engine.ts'
import type { JobControlActions } from './JobProgressCard.tsx'

/**
 * Pause, resume and cancel, each reporting a failure through `onError` (cleared first with null).
 *
 * @param onError - sets the tab's job error; `current()` tells whether the tab's wallet is still the one
 *   the action was for (an answer for an older wallet is dropped).
 */
export function jobActions(
  onError: (message: string | null) => void,
  current: () => () => boolean,
): JobControlActions {
  const run = async (action: () => Promise<unknown>) => {
    const stillCurrent = current()
    onError(null)
    try {
      await action()
    } catch (error) {
      if (stillCurrent()) onError(errorMessage(error))
    }
  }
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
export async function jobReport(
  jobId: string,
  onError: (message: string | null) => void,
  current: () => () => boolean,
): Promise<string | null> {
  const stillCurrent = current()
  onError(null)
  try {
    return await engine.exportJobCsv(jobId)
  } catch (error) {
    if (stillCurrent()) onError(errorMessage(error))
    return null
  }
}
