import { useEffect } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { airdropJobActions, useAirdrop } from './airdropState.ts'
import { refreshOfferCount } from '../collection/collectionState.ts'
import { JobProgressCard } from '../jobs/JobProgressCard.tsx'
import { percentDone } from '../jobs/jobProgress.ts'

const CANCEL_AIRDROP = {
  title: 'Cancel this airdrop?',
  body: 'Offers not signed yet are skipped; those already submitted still settle. Offers already made stay on the ledger until their recipients accept them or you reclaim them.',
  confirm: 'Cancel airdrop',
}

/** The progress card of a running airdrop (spec part 1 §2). */
export function ProgressCard({ job }: { job: JobRow }) {
  const { jobError } = useAirdrop()
  // The footer's offer count follows the job, a tenth at a time (not at every offer).
  const tenth = Math.floor(percentDone(job) / 10)
  useEffect(() => {
    if (tenth > 0) void refreshOfferCount()
  }, [job.id, tenth])
  return (
    <JobProgressCard
      job={job}
      title="Airdrop in progress"
      testId="airdrop-progress"
      what="offers"
      error={jobError}
      actions={airdropJobActions}
      cancelQuestion={CANCEL_AIRDROP}
    />
  )
}
