import { useEffect, useState } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { logFailure } from '../../shared/errors.ts'
import { engine } from '../engine.ts'
import { runsElsewhere } from './jobProgress.ts'

/** How often a job another tab runs is checked for a live runner. */
const CHECK_EVERY_MS = 3_000

/**
 * For a job another tab runs: whether that tab's runner is still alive. A tab that closed mid-job
 * leaves the job `running`; where the account is open read-only nothing takes it over, and the card
 * must not claim it runs. True while unknown and for jobs this tab runs.
 *
 * @param ownRunnerId - this tab's engine id.
 */
export function useRunnerAlive(job: JobRow, ownRunnerId: string | null): boolean {
  const elsewhere = runsElsewhere(job, ownRunnerId)
  const [alive, setAlive] = useState(true)
  const { network, account } = job
  useEffect(() => {
    if (!elsewhere) return
    let live = true
    const check = () =>
      void engine
        .jobRunnerActive(network, account)
        .then((active) => {
          if (live) setAlive(active)
        })
        .catch(logFailure('asking whether the job runs in another tab'))
    check()
    const timer = setInterval(check, CHECK_EVERY_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [elsewhere, network, account])
  return alive || !elsewhere
}
