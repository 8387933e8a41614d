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
  const { network, account } = job
  const key = `${network} ${account}`
  // The answer is kept with the account it is about: another account's is no answer.
  const [answer, setAnswer] = useState<{ key: string; alive: boolean } | null>(null)
  useEffect(() => {
    if (!elsewhere) return
    let live = true
    const check = () =>
      void engine
        .jobRunnerActive(network, account)
        .then((active) => {
          if (live) setAnswer({ key, alive: active })
        })
        .catch(logFailure('asking whether the job runs in another tab'))
    check()
    const timer = setInterval(check, CHECK_EVERY_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [elsewhere, network, account, key])
  if (!elsewhere) return true
  return answer?.key === key ? answer.alive : null
}
