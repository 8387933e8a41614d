import { useEffect } from 'react'

import type { JobRow } from '../../db/types.ts'
import { refreshOfferCount } from '../state/collection.ts'
import { exportReport, useAirdrop } from '../state/airdrop.ts'
import { AcceptancePanel } from './AcceptancePanel.tsx'
import { RecipientDetails } from './RecipientDetails.tsx'
import { saveTextFile } from './saveFile.ts'

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
    <section
      className="airdrop-job"
      aria-labelledby="airdrop-results-title"
      data-testid="airdrop-results"
    >
      <div className="airdrop-job__head">
        <h3 id="airdrop-results-title">{titleOf(job)}</h3>
        <span className="airdrop-job__id">Job {job.id.slice(0, 8)}</span>
      </div>
      {job.status === 'failed' && job.error && (
        <p className="airdrop-error" role="alert">
          Airdrop failed: {job.error}
        </p>
      )}
      <dl className="airdrop-figures">
        <div>
          <dt>Successful</dt>
          <dd data-testid="results-successful">{succeeded}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="results-failed">{failed}</dd>
        </div>
        {skipped > 0 && (
          <div>
            <dt>Skipped</dt>
            <dd data-testid="results-skipped">{skipped}</dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd data-testid="results-total">{total}</dd>
        </div>
      </dl>
      {succeeded > 0 && <AcceptancePanel job={job} />}
      {jobError && (
        <p className="airdrop-error" role="alert">
          {jobError}
        </p>
      )}
      <RecipientDetails job={job} />
      <div className="airdrop-actions">
        <button type="button" className="button" onClick={() => void download(job)}>
          Export report (CSV)
        </button>
      </div>
    </section>
  )
}
