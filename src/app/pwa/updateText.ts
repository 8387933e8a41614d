/** What the update prompt says, from whether a job is under way on this device. Pure. */

/** The prompt's words and whether it offers Reload now. */
export interface UpdateNotice {
  text: string
  canReload: boolean
}

/**
 * 'Update available' with Reload when nothing runs; while a job runs (or waits its turn, or settles a
 * cancellation) the reload is held back, and the prompt says until when and why.
 *
 * @param activeJobs - jobs running, waiting or cancelling on this device (paused ones do not count).
 */
export function updateNotice(activeJobs: number): UpdateNotice {
  if (activeJobs === 0)
    return { text: 'Update available. Reload to use the new version.', canReload: true }
  return {
    text:
      'Update available. It waits for the running job: a reload would stop it mid-way. ' +
      'Reload is offered here as soon as the job ends or you pause it.',
    canReload: false,
  }
}
