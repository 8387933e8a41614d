import { useMemo, useState } from 'react'

import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import { RemoveKeyHint } from '../wallets/RemoveKeyHint.tsx'
import { JobCard, JobFigures, ResultActions } from '../jobs/JobCard.tsx'
import { JobProgressCard } from '../jobs/JobProgressCard.tsx'
import { hashPrefix, shortNftId, shownHash } from '../jobs/jobProgress.ts'
import { useJobItemsHead } from '../jobs/useJobs.ts'
import { burnJobActions, dismissBurnResult, exportBurnReport, useBurn } from './burnState.ts'
import { useCollection } from '../collection/collectionState.ts'
import { counted } from '../../shared/plural.ts'

const STOP_BURNING = {
  title: 'Stop burning?',
  body: 'NFTs not signed for yet are kept; a burn already submitted still settles.',
  confirm: 'Stop',
}

/** 'Burning NFTs': the progress of a running burn. */
export function BurnProgress({ job }: { job: JobRow }) {
  const { jobError } = useBurn()
  return (
    <JobProgressCard
      job={job}
      title="Burning NFTs"
      testId="burn-progress"
      what="burns"
      error={jobError}
      actions={burnJobActions}
      cancelQuestion={STOP_BURNING}
    />
  )
}

/** Items of the per-NFT list read and shown per 'Show more'. */
const PAGE = 200

/**
 * 'Burn Results' (spec part 2 §2, §8): 'Successfully burned {n} NFTs' or 'Burn failed: …', then per
 * NFT 'Burned successfully' or 'Error: {error}' with the shortened transaction hash, in a list that
 * scrolls at 16rem; the report as CSV.
 */
export function BurnResult({ job }: { job: JobRow }) {
  const { jobError, names } = useBurn()
  const [shown, setShown] = useState(PAGE)
  const items = useJobItemsHead(job.id, shown)
  const { nfts, metadata } = useCollection()
  const byId = useMemo(() => new Map(nfts.map((nft) => [nft.nftId, nft])), [nfts])
  const nameOf = (item: JobItemRow) => {
    const nftId = item.intent.type === 'burn' ? item.intent.nftId : ''
    const nft = byId.get(nftId)
    if (nft) return displayName(nft, metadata.get(nftId))
    // A burned NFT has left the list, metadata and all: the name the job recorded when planned
    // (after a reload too), or the one the confirmation showed.
    return item.nftName ?? names.get(nftId) ?? `NFT ${shortNftId(nftId)}`
  }
  const { succeeded, failed, skipped, total } = job.counts
  return (
    <JobCard job={job} title="Burn Results" testId="burn-results">
      {succeeded > 0 && (
        <p className="tab-success" role="status">
          Successfully burned {counted(succeeded, 'NFT')}
        </p>
      )}
      {(job.error || failed > 0 || succeeded === 0) && (
        <p className="error-box" role="alert">
          Burn failed:{' '}
          {job.error ||
            (failed > 0
              ? `${failed} of ${total} NFTs could not be burned`
              : job.status === 'cancelled'
                ? 'stopped before any NFT was burned'
                : 'Unknown error')}
        </p>
      )}
      <JobFigures
        figures={[
          { label: 'Burned', value: succeeded, testId: 'results-successful' },
          { label: 'Failed', value: failed, testId: 'results-failed' },
          ...(skipped > 0 ? [{ label: 'Skipped', value: skipped, testId: 'results-skipped' }] : []),
          { label: 'Total', value: total, testId: 'results-total' },
        ]}
      />
      {/* Focusable: the list scrolls, and a keyboard must reach all of it. */}
      <ul className="burn-results" aria-label="Burn results per NFT" tabIndex={0}>
        {items.map((item) => (
          <BurnedItem key={item.id} item={item} nameOf={nameOf} />
        ))}
      </ul>
      {items.length === shown && total > shown && (
        <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
          Show more ({total - shown} more)
        </button>
      )}
      <ResultActions
        extra={<RemoveKeyHint />}
        job={job}
        name="burn"
        error={jobError}
        report={exportBurnReport}
        onClose={dismissBurnResult}
      />
    </JobCard>
  )
}

function BurnedItem({ item, nameOf }: { item: JobItemRow; nameOf: (item: JobItemRow) => string }) {
  const name = nameOf(item)
  const hash = shownHash(item)
  const ok = item.status === 'succeeded'
  return (
    <li data-status={item.status}>
      <span className="burn-results__name">{name}</span>
      <span>
        {ok
          ? 'Burned successfully'
          : item.status === 'skipped'
            ? `Not burned: ${item.message ?? 'left out of the job'}`
            : `Error: ${item.message ?? item.result ?? item.status}`}
      </span>
      {hash && <code title={hash}>{hashPrefix(hash)}</code>}
    </li>
  )
}
