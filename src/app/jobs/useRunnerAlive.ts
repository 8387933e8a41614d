import { useEffect, useState } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { logFailure } from '../../shared/errors.ts'
import { engine } from '../engine.ts'
import { runsElsewhere } from './jobProgress.ts'

/** How often a job another tab runs is checked for a live runner. */
const CHECK_EVERY_MS = 3_000

/**
 * For a job another tab runs: whether that tab's runner is still alive; null until the first answer
 * (a reload finds the job `running` with its old runner's id: until asked, nothing is known, and the
 * card must not claim either way). True for jobs this tab runs.
 *
 * @param ownRunnerId - this tab's engine id.
 */
export function useRunnerAlive(job: JobRow, ownRunnerId: string | null): boolean | null {
  const elsewhere = runsElsewhere(job, ownRunnerId)
  const [alive, setAlive] = useState<boolean | null>(null)
  const { network, account } = job
  useEffect(() => {
    if (!elsewhere) return
    let live = true
    setAlive(null)
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
  return elsewhere ? alive : true
}
