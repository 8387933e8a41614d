import { useEffect } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { refreshOfferCount } from '../collection/collectionState.ts'
import { exportReport, useAirdrop } from './airdropState.ts'
import { JobCard, JobFigures } from '../jobs/JobCard.tsx'
import { AcceptancePanel } from './AcceptancePanel.tsx'
import { RecipientDetails } from './RecipientDetails.tsx'
import { saveTextFile } from '../jobs/saveFile.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'

function titleOf(job: JobRow): string {
  if (job.status === 'cancelled') return 'Airdrop Cancelled'
  if (job.status === 'failed') return 'Airdrop Failed'
  return 'Airdrop Complete'
}

async function download(job: JobRow): Promise<void> {
  const csv = await exportReport(job.id)
  if (csv !== null) saveTextFile(`airdrop-report-${job.id.slice(0, 8)}.csv`, csv)
}

/**
 * The results card (spec part 1 §2 'Airdrop Complete'): successful, failed and total counts, the
 * per-recipient details, the report as CSV, and where the offers stand with their recipients.
 */
export function ResultsCard({ job }: { job: JobRow }) {
  const { jobError } = useAirdrop()
  const { succeeded, failed, skipped, total } = job.counts
  // The footer's offer count follows the airdrop's end and every offer accepted or gone since.
  const { accepted = 0, gone = 0 } = job.acceptance ?? {}
  useEffect(() => {
    void refreshOfferCount()
  }, [job.id, job.status, accepted, gone])
  return (
    <JobCard job={job} title={titleOf(job)} testId="airdrop-results">
      {job.status === 'failed' && job.error && (
        <p className="error-box" role="alert">
          Airdrop failed: {job.error}
        </p>
      )}
      <JobFigures
        figures={[
          { label: 'Successful', value: succeeded, testId: 'results-successful' },
          { label: 'Failed', value: failed, testId: 'results-failed' },
          ...(skipped > 0 ? [{ label: 'Skipped', value: skipped, testId: 'results-skipped' }] : []),
          { label: 'Total', value: total, testId: 'results-total' },
        ]}
      />
      {succeeded > 0 && <AcceptancePanel job={job} />}
      <ErrorBox message={jobError} />
      <RecipientDetails job={job} />
      <div className="actions-row">
        <button type="button" className="button" onClick={() => void download(job)}>
          Export report (CSV)
        </button>
      </div>
    </JobCard>
  )
}
