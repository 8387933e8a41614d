import { useEffect, useRef } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { ACTIVE_STATUSES } from './jobStatus.ts'

/**
 * Calls `onEnd` once when a job of the tab ends: one the tab saw running, or one that ended after
 * what the tab shows was read (it ran in another tab, or across a reload).
 *
 * @param ready - whatever `onEnd` needs has loaded (e.g. the job's items).
 * @param readAt - Unix ms of the reading on screen; null while there is none.
 */
export function useJobEnd(
  job: JobRow | null,
  ready: boolean,
  readAt: number | null,
  onEnd: (job: JobRow) => void,
): void {
  const seenActive = useRef(new Set<string>())
  const reported = useRef(new Set<string>())
  useEffect(() => {
    if (!job) return
    if (ACTIVE_STATUSES.has(job.status)) {
      seenActive.current.add(job.id)
      return
    }
    if (!ready || reported.current.has(job.id)) return
    const endedSinceRead = readAt !== null && job.updatedAt > readAt
    if (!seenActive.current.has(job.id) && !endedSinceRead) return
    reported.current.add(job.id)
    onEnd(job)
  }, [job, ready, readAt, onEnd])
}
