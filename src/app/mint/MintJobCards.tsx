import { useState } from 'react'

import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { counted } from '../../shared/plural.ts'
import { JobCard, JobFigures, ResultActions } from '../jobs/JobCard.tsx'
import type { JobControlActions } from '../jobs/JobProgressCard.tsx'
import { JobProgressCard } from '../jobs/JobProgressCard.tsx'
import { hashPrefix, shownHash } from '../jobs/jobProgress.ts'
import { useJobItemsHead } from '../jobs/useJobs.ts'

/** What differs between a mint's cards and a modify's. */
export interface JobWords {
  progressTitle: string
  resultTitle: string
  testId: string
  /** The step line's 'Signing and submitting {what}'. */
  what: string
  /** 'Minted', 'Changed': the results' count label. */
  done: string
  /** The report's file name prefix. */
  name: string
  stop: { title: string; body: string; confirm: string }
}

/** The cards' words for a mint. */
export const MINT_WORDS: JobWords = {
  progressTitle: 'Minting NFTs',
  resultTitle: 'Mint Results',
  testId: 'mint',
  what: 'mints',
  done: 'Minted',
  name: 'mint',
  stop: {
    title: 'Stop minting?',
    body: 'Rows not signed for yet are not minted; a mint already submitted still settles.',
    confirm: 'Stop',
  },
}

/** The cards' words for a reveal or a repair. */
export const MODIFY_WORDS: JobWords = {
  progressTitle: 'Changing URIs',
  resultTitle: 'URI Change Results',
  testId: 'modify',
  what: 'changes',
  done: 'Changed',
  name: 'modify',
  stop: {
    title: 'Stop changing URIs?',
    body: 'NFTs not signed for yet keep their URI; a change already submitted still settles.',
    confirm: 'Stop',
  },
}

/** A running mint's or modify's progress (the jobs' shared card). */
export function MintJobProgress(props: {
  job: JobRow
  words: JobWords
  error: string | null
  actions: JobControlActions
}) {
  const { job, words } = props
  return (
    <JobProgressCard
      job={job}
      title={words.progressTitle}
      testId={`${words.testId}-progress`}
      what={words.what}
      error={props.error}
      actions={props.actions}
      cancelQuestion={words.stop}
    />
  )
}

/** Items read and shown per 'Show more'. */
const PAGE = 200

/**
 * A mint's or modify's results: the counts, then each NFT — a mint's id with the recipient its
 * offer went to, a modify's id with its new URI — and the report as CSV.
 */
export function MintJobResult(props: {
  job: JobRow
  words: JobWords
  error: string | null
  report: (jobId: string) => Promise<string | null>
  onClose: (jobId: string) => void
}) {
  const { job, words } = props
  const [shown, setShown] = useState(PAGE)
  const items = useJobItemsHead(job.id, shown)
  const { succeeded, failed, skipped, total } = job.counts
  return (
    <JobCard job={job} title={words.resultTitle} testId={`${words.testId}-results`}>
      {succeeded > 0 && (
        <p className="tab-success" role="status">
          {words.done} {counted(succeeded, 'NFT')}
        </p>
      )}
      {(job.error || failed > 0) && (
        <p className="error-box" role="alert">
          {job.error ?? `${failed} of ${total} could not be done`}
        </p>
      )}
      <JobFigures
        figures={[
          { label: words.done, value: succeeded, testId: 'results-successful' },
          { label: 'Failed', value: failed, testId: 'results-failed' },
          ...(skipped > 0
            ? [{ label: 'Left out', value: skipped, testId: 'results-skipped' }]
            : []),
          { label: 'Total', value: total, testId: 'results-total' },
        ]}
      />
      {/* Focusable: the list scrolls, and a keyboard must reach all of it. */}
      <ul className="mint-results" aria-label="Results per NFT" tabIndex={0}>
        {items.map((item) => (
          <ResultItem key={item.id} item={item} />
        ))}
      </ul>
      {items.length === shown && total > shown && (
        <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
          Show more ({total - shown} more)
        </button>
      )}
      <ResultActions
        job={job}
        name={words.name}
        error={props.error}
        report={props.report}
        onClose={props.onClose}
      />
    </JobCard>
  )
}

/** What one item did, in words: the NFT and where it went, or why it was not done. */
function ResultItem({ item }: { item: JobItemRow }) {
  const { intent } = item
  const hash = shownHash(item)
  const nftId = intent.type === 'modify' ? intent.nftId : item.mintedNftId
  const recipient =
    item.recipient ?? (intent.type === 'mint' ? intent.offer?.destination : undefined)
  const outcome =
    item.status === 'succeeded'
      ? null
      : item.status === 'skipped'
        ? `Left out: ${item.message ?? 'not minted'}`
        : item.status === 'failed'
          ? `Error: ${item.message ?? item.result ?? 'failed'}`
          : 'Not settled yet'
  return (
    <li data-status={item.status} data-testid="result-item">
      <span className="mint-results__row">Row {item.index + 1}</span>
      {nftId && (
        <code className="mint-results__nft" data-testid="result-nft">
          {nftId}
        </code>
      )}
      {intent.type === 'mint' && item.status === 'succeeded' && (
        <span data-testid="result-recipient">
          {recipient
            ? `offered to ${recipient}`
            : intent.offer
              ? 'on sale to anyone'
              : 'kept by your account'}
        </span>
      )}
      {intent.type === 'modify' && (
        <span className="mint-uri" data-testid="result-uri">
          → {intent.uri}
        </span>
      )}
      {outcome && <span>{outcome}</span>}
      {hash && <code title={hash}>{hashPrefix(hash)}</code>}
    </li>
  )
}
