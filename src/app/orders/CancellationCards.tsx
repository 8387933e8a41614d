import type { JobRow } from '../../db/types/jobs.ts'
import type { CancelPurpose } from '../../worker/api.ts'
import { JobCard, JobFigures } from '../jobs/JobCard.tsx'
import { JobProgressCard } from '../jobs/JobProgressCard.tsx'
import { cancellationJobActions, dismissResult, useOrders } from './ordersState.ts'
import { PURPOSE_LABEL } from './offerText.ts'
import type { CancelledOffers } from './cancelledOffers.ts'
import { counted } from '../../shared/plural.ts'

const STOP_CANCELLING = {
  title: 'Stop cancelling?',
  body: 'Offers not signed yet stay on the ledger; a cancellation already submitted still settles.',
  confirm: 'Stop',
}

/** 'Cancelling Offers': the progress of a running cancellation (transactions of up to 500 offers). */
export function CancellationProgress({ job }: { job: JobRow }) {
  const { jobError } = useOrders()
  return (
    <JobProgressCard
      job={job}
      title="Cancelling Offers"
      testId="cancel-progress"
      what="cancellations"
      error={jobError}
      actions={cancellationJobActions}
      cancelQuestion={STOP_CANCELLING}
    />
  )
}

function titleOf(job: JobRow): string {
  if (job.status === 'cancelled') return 'Cancellation Stopped'
  if (job.status === 'failed') return 'Cancellation Failed'
  return 'Cancellation Complete'
}

/** 'Cancellation Complete': Successful, Failed and Total offers, and the type of cancellation. */
export function CancellationResult({
  job,
  offers,
}: {
  job: JobRow
  offers: CancelledOffers | null
}) {
  const purpose = job.params.purpose as CancelPurpose | undefined
  return (
    <JobCard job={job} title={titleOf(job)} testId="cancel-results">
      {job.status === 'failed' && job.error && (
        <p className="error-box" role="alert">
          Cancellation failed: {job.error}
        </p>
      )}
      <JobFigures
        figures={[
          { label: 'Successful', value: offers?.succeeded ?? '…', testId: 'results-successful' },
          { label: 'Failed', value: offers?.failed ?? '…', testId: 'results-failed' },
          { label: 'Total', value: offers?.total ?? '…', testId: 'results-total' },
          {
            label: 'Type',
            value: purpose ? PURPOSE_LABEL[purpose] : 'offers',
            testId: 'results-type',
          },
        ]}
      />
      <p className="tab-muted">
        {counted(job.counts.total, 'transaction')}. The offer list refreshes in a few seconds.
      </p>
      <div className="actions-row">
        <button type="button" className="button" onClick={() => dismissResult(job.id)}>
          Close
        </button>
      </div>
    </JobCard>
  )
}
