import { useEffect } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { refreshOfferCount } from '../collection/collectionState.ts'
import { exportReport, useAirdrop } from './airdropState.ts'
import { JobCard, JobFigures } from '../jobs/JobCard.tsx'
import { AcceptancePanel } from './AcceptancePanel.tsx'
import { RecipientDetails } from './RecipientDetails.tsx'
import { saveTextFile } from '../jobs/saveFile.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { counted } from '../../shared/plural.ts'

/**
 * Under 'Airdrop Complete' (the spec's title): sending is complete, receiving is not until each
 * recipient accepts. Null once no offer waits.
 */
function waitingText(job: JobRow): string | null {
  if (job.kind !== 'airdrop' || job.counts.succeeded === 0) return null
  const waiting = job.acceptance?.offered
  if (waiting === 0) return null
  const offers =
    waiting === undefined
      ? 'Each NFT moves when its recipient accepts the offer'
      : `${counted(waiting, 'offer')} still ${waiting === 1 ? 'waits' : 'wait'} for ${waiting === 1 ? 'its recipient' : 'their recipients'} to accept`
  return `The offers are on the ledger. ${offers}: until then the NFTs stay in your wallet.`
}

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
  const waiting = job.status === 'completed' ? waitingText(job) : null
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
      {waiting && (
        <p className="airdrop-muted" data-testid="results-waiting">
          {waiting}
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
