import type { AcceptanceSummary } from '../../db/types/acceptance.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { useId, useState } from 'react'

import { counted } from '../../shared/plural.ts'
import { checkAcceptanceNow, useAirdrop } from './airdropState.ts'
import {
  reclaimUnaccepted,
  reofferUnclaimed,
  retakeAndReoffer,
  useReoffer,
} from './reofferState.ts'
import { ACTIVE_STATUSES } from '../jobs/jobStatus.ts'
import { doneCount, stepText } from '../jobs/jobProgress.ts'
import { useNow } from '../jobs/useNow.ts'
import { useReclaimJob } from '../jobs/useJobs.ts'
import { useReadBlock, useSignBlock } from '../state/actionGate.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { checkText } from './acceptanceText.ts'

function SummaryLine({ summary, now }: { summary: AcceptanceSummary; now: number }) {
  return (
    <>
      <p data-testid="acceptance-summary">
        {summary.accepted} accepted, {summary.offered} waiting, {summary.gone} withdrawn
      </p>
      {summary.gone > 0 && (
        // 'gone' read as lost NFTs: say what happened to those offers, and that nothing was sent.
        <p className="airdrop-muted" data-testid="acceptance-withdrawn">
          Withdrawn: the offer was cancelled (Reclaim) or expired before its recipient accepted it;
          its NFT was not sent.
        </p>
      )}
      <p className="airdrop-muted" data-testid="acceptance-checked">
        {checkText(summary, now)}
      </p>
    </>
  )
}

/**
 * Acceptance tracking of an airdrop: an offer becomes a transfer only when its recipient accepts it.
 * The counts (accepted, waiting, withdrawn), when they were read and the next check; 'Check now', and
 * 'Reclaim unaccepted' with the progress of the reclaim job it starts.
 */
export function AcceptancePanel({ job }: { job: JobRow }) {
  const { busy, checking } = useAirdrop()
  const now = useNow(1_000)
  const reclaim = useReclaimJob(job)
  const reclaiming = reclaim !== null && ACTIVE_STATUSES.has(reclaim.status)
  const nothingWaits = job.acceptance !== undefined && job.acceptance.offered === 0
  // 'Check now' reads the ledger; 'Reclaim unaccepted' also signs (why either is disabled shows).
  const readBlocked = useReadBlock()
  const signBlocked = useSignBlock()
  return (
    <div className="airdrop-acceptance" data-testid="acceptance">
      <h4>Acceptance by recipients</h4>
      {job.acceptance ? (
        <SummaryLine summary={job.acceptance} now={now} />
      ) : (
        <p className="airdrop-muted">
          Waiting for the first check: offers become transfers when recipients accept them.
        </p>
      )}
      {reclaim && <ReclaimLine reclaim={reclaim} />}
      <div className="actions-row">
        <button
          type="button"
          className="button"
          disabled={checking || readBlocked !== null}
          onClick={() => void checkAcceptanceNow(job.id)}
        >
          {checking ? 'Checking…' : 'Check now'}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={busy || reclaiming || nothingWaits || signBlocked !== null}
          onClick={() => void reclaimUnaccepted(job.id)}
        >
          Reclaim unaccepted
        </button>
      </div>
      <ReofferRow job={job} disabled={busy || reclaiming || nothingWaits || signBlocked !== null} />
      <BlockedReason reason={signBlocked} />
    </div>
  )
}

/**
 * 'Re-offer unclaimed': the waiting offers' NFTs go to other recipients, the next holders of the
 * airdrop's snapshot by its rules or the distribution list loaded above. When the snapshot must be
 * retaken first, a button takes it again and re-offers to it (its progress shown).
 */
function ReofferRow({ job, disabled }: { job: JobRow; disabled: boolean }) {
  const { file } = useAirdrop()
  const { retakeJobId, retaking, progress } = useReoffer()
  const fromSnapshot = job.params.snapshot !== undefined
  const [to, setTo] = useState<'snapshot' | 'list'>(fromSnapshot ? 'snapshot' : 'list')
  const id = useId()
  return (
    <>
      <div className="actions-row">
        <label htmlFor={id}>Re-offer to</label>
        <select id={id} value={to} onChange={(event) => setTo(event.target.value as typeof to)}>
          {fromSnapshot && <option value="snapshot">the next holders of the snapshot</option>}
          <option value="list">
            {file ? `the list loaded above (${file.fileName})` : 'the list loaded above (none yet)'}
          </option>
        </select>
        <button
          type="button"
          className="button"
          disabled={disabled || retaking || (to === 'list' && !file)}
          onClick={() => void reofferUnclaimed(job.id, to)}
        >
          Re-offer unclaimed
        </button>
        {retakeJobId === job.id && to === 'snapshot' && (
          <button
            type="button"
            className="button"
            disabled={disabled || retaking}
            onClick={() => void retakeAndReoffer(job)}
          >
            Retake the snapshot and re-offer
          </button>
        )}
      </div>
      {retaking && (
        <p className="airdrop-status" role="status" data-testid="retake-progress">
          Taking the snapshot again… {counted(progress?.read ?? 0, 'NFT')} read
          {progress?.ledgerIndex ? ` at ledger ${progress.ledgerIndex}` : ''}
          {progress?.serverPace ? ` · ${progress.serverPace}` : ''}
        </p>
      )}
    </>
  )
}

function ReclaimLine({ reclaim }: { reclaim: JobRow }) {
  const { total, succeeded, failed } = reclaim.counts
  if (ACTIVE_STATUSES.has(reclaim.status)) {
    return (
      <p role="status" data-testid="reclaim-progress">
        Reclaiming: {doneCount(reclaim)} of {total} transactions done (
        {stepText(reclaim, 'cancellations')})
      </p>
    )
  }
  return (
    <p data-testid="reclaim-progress">
      Reclaim {reclaim.status}: {succeeded} of {total} transactions succeeded
      {failed > 0 ? `, ${failed} failed` : ''}
    </p>
  )
}
