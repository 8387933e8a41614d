import { useId, useState } from 'react'

import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { formatDrops } from '../../shared/format.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import { RemoveKeyHint } from '../wallets/RemoveKeyHint.tsx'
import { JobCard, JobFigures, ResultActions } from '../jobs/JobCard.tsx'
import { JobProgressCard } from '../jobs/JobProgressCard.tsx'
import { shortNftId } from '../jobs/jobProgress.ts'
import { useJobItemsHead, useJobItemsWithStatus } from '../jobs/useJobs.ts'
import { useCollection } from '../collection/collectionState.ts'
import {
  dismissListingResult,
  exportListingReport,
  listingJobActions,
  useListing,
} from './listingState.ts'
import { ShowAllToggle } from '../ui/ShowAllToggle.tsx'
import { cancelItemCount, isListingSuccess, offerOutcome } from './listingOutcome.ts'
import type { OfferOutcome } from './listingOutcome.ts'
import { intentNftId } from '../../shared/intents.ts'
import { counted } from '../../shared/plural.ts'

const STOP_LISTING = {
  title: 'Stop creating offers?',
  body: 'Offers not signed yet are not made; those already submitted still settle, and the offers already created stay on sale until you cancel them in the Orders tab.',
  confirm: 'Stop',
}

/** 'Creating Offers': the progress of a running listing. */
export function ListingProgress({ job }: { job: JobRow }) {
  const { jobError } = useListing()
  const outcome = useOfferOutcome(job)
  return (
    <JobProgressCard
      {...(outcome
        ? {
            counts: { succeeded: outcome.created, failed: outcome.failed, total: outcome.total },
          }
        : {})}
      job={job}
      title="Creating Offers"
      testId="listing-progress"
      what="offers"
      error={jobError}
      actions={listingJobActions}
      cancelQuestion={STOP_LISTING}
    />
  )
}

/** The listing's offers counted by outcome, once its first (cancellation) items are read. */
function useOfferOutcome(job: JobRow): OfferOutcome | null {
  const cancelItems = cancelItemCount(job)
  const head = useJobItemsHead(job.id, cancelItems)
  const loaded = head.length === cancelItems && head.every((item) => item.jobId === job.id)
  return loaded ? offerOutcome(job, head) : null
}

function titleOf(job: JobRow): string {
  if (job.status === 'cancelled') return 'Listing Stopped'
  if (job.status === 'failed') return 'Listing Failed'
  return 'Listing Complete'
}

/**
 * The listing's result (spec part 2 §4 Offer creation): offers created, failed and skipped, the
 * failures in plain words with the NFT each concerns, the report as CSV.
 */
export function ListingResult({ job }: { job: JobRow }) {
  const { jobError } = useListing()
  const outcome = useOfferOutcome(job)
  const replaced = typeof job.params.replaced === 'number' ? job.params.replaced : 0
  if (!outcome) {
    return (
      <JobCard job={job} title={titleOf(job)} testId="listing-results">
        <p className="tab-muted">Reading the results…</p>
      </JobCard>
    )
  }
  return (
    <JobCard job={job} title={titleOf(job)} testId="listing-results">
      {job.status === 'failed' && job.error ? (
        <p className="error-box" role="alert">
          {job.error}
        </p>
      ) : isListingSuccess(outcome) ? (
        <p className="tab-success" role="status">
          ✓ {counted(outcome.created, 'offer')} created
        </p>
      ) : (
        outcome.failed > 0 && (
          <p className="error-box" role="alert">
            {counted(outcome.failed, 'offer')} could not be created
          </p>
        )
      )}
      <JobFigures
        figures={[
          { label: 'Successful', value: outcome.created, testId: 'results-successful' },
          { label: 'Failed', value: outcome.failed, testId: 'results-failed' },
          ...(outcome.skipped > 0
            ? [{ label: 'Skipped', value: outcome.skipped, testId: 'results-skipped' }]
            : []),
          { label: 'Total', value: outcome.total, testId: 'results-total' },
        ]}
      />
      {replaced > 0 && (
        <p className="tab-muted" data-testid="results-replaced">
          {outcome.replacedCancelled
            ? `${counted(replaced, 'earlier offer')} cancelled first`
            : `The ${replaced === 1 ? 'earlier offer was' : `${replaced} earlier offers were`} not cancelled: see the report`}
        </p>
      )}
      <ProblemItems job={job} status="failed" title="Failed" />
      <ProblemItems job={job} status="skipped" title="Skipped" />
      <ResultActions
        extra={<RemoveKeyHint />}
        job={job}
        name="listing"
        error={jobError}
        report={exportListingReport}
        onClose={dismissListingResult}
      />
    </JobCard>
  )
}

/** Failed or skipped items listed before 'Show all'. */
const SHOWN_ITEMS = 5
/** The most read for 'Show all' (the report has every one). */
const MOST_ITEMS = 500

/** The items of one outcome, with the NFT's name and what happened in plain words. */
function ProblemItems({
  job,
  status,
  title,
}: {
  job: JobRow
  status: 'failed' | 'skipped'
  title: string
}) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const count = status === 'failed' ? job.counts.failed : job.counts.skipped
  const items = useJobItemsWithStatus(job.id, status, open ? MOST_ITEMS : SHOWN_ITEMS)
  const { nfts, metadata } = useCollection()
  if (count === 0 || items.length === 0) return null
  const byId = new Map(nfts.map((nft) => [nft.nftId, nft]))
  const nameOf = (item: JobItemRow) => {
    if (item.intent.type === 'cancel')
      return `Cancelling ${counted(item.intent.offerIds.length, 'offer')}`
    const nftId = intentNftId(item.intent) ?? ''
    const nft = byId.get(nftId)
    return nft ? displayName(nft, metadata.get(nftId)) : `NFT ${shortNftId(nftId)}`
  }
  return (
    <div className="problems-box" data-testid={`results-${status}-items`}>
      <p className="problems-box__title">
        {title} ({count})
      </p>
      <ul id={listId}>
        {items.map((item) => (
          <li key={item.id}>
            <strong>{nameOf(item)}</strong>
            {item.intent.type === 'offer' && ` (${formatDrops(item.intent.amountDrops)} XRP)`}:{' '}
            {item.message ?? item.result ?? 'unknown error'}
            {/* The ledger's own code helps whoever the user asks for help. */}
            {status === 'failed' && item.result && item.message && (
              <span className="tab-muted"> ({item.result})</span>
            )}
          </li>
        ))}
      </ul>
      {count > SHOWN_ITEMS && (
        <ShowAllToggle
          open={open}
          total={Math.min(count, MOST_ITEMS)}
          listId={listId}
          onToggle={() => setOpen(!open)}
        />
      )}
    </div>
  )
}
