import { useEffect, useState } from 'react'

import type { JobRow } from '../../db/types.ts'
import { cancelJob, pauseJob, resumeJob, useAirdrop } from '../state/airdrop.ts'
import { refreshOfferCount } from '../state/collection.ts'
import { useOwnRunnerId } from '../state/runner.ts'
import { Modal } from '../ui/Modal.tsx'
import { etaText, minutesLeft, percentDone, recentActivity, stepText } from './jobProgress.ts'
import { useRecentItems } from './useJobs.ts'
import { useNow } from './useNow.ts'

/**
 * The progress card of a running airdrop (spec part 1 §2): percentage, step, job id prefix,
 * estimated minutes, successful and failed counts and the last two activity lines; Pause, Resume
 * and Cancel (which asks first).
 */
export function ProgressCard({ job }: { job: JobRow }) {
  const recent = useRecentItems(job)
  const now = useNow(5_000)
  const { jobError } = useAirdrop()
  const ownRunnerId = useOwnRunnerId()
  const percent = percentDone(job)
  const activity = recentActivity(recent)
  // The footer's offer count follows the job, a tenth at a time (not at every offer).
  const tenth = Math.floor(percent / 10)
  useEffect(() => {
    if (tenth > 0) void refreshOfferCount()
  }, [job.id, tenth])
  return (
    <section
      className="airdrop-job"
      aria-labelledby="airdrop-progress-title"
      data-testid="airdrop-progress"
    >
      <div className="airdrop-job__head">
        <h3 id="airdrop-progress-title">Airdrop in progress</h3>
        <span className="airdrop-job__id">Job {job.id.slice(0, 8)}</span>
      </div>
      <div
        className="airdrop-bar"
        role="progressbar"
        aria-label="Airdrop progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="airdrop-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="airdrop-job__line">
        <strong data-testid="progress-percent">{percent}%</strong>{' '}
        <span data-testid="progress-step">{stepText(job, 'offers', ownRunnerId)}</span>
      </p>
      <p className="airdrop-job__line">{etaText(minutesLeft(job, now))}</p>
      <dl className="airdrop-figures">
        <div>
          <dt>Successful</dt>
          <dd data-testid="progress-successful">{job.counts.succeeded}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="progress-failed">{job.counts.failed}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{job.counts.total}</dd>
        </div>
      </dl>
      {activity.length > 0 && (
        <ul className="airdrop-activity" aria-label="Latest activity">
          {activity.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {jobError && (
        <p className="airdrop-error" role="alert">
          {jobError}
        </p>
      )}
      <JobControls job={job} />
    </section>
  )
}

function JobControls({ job }: { job: JobRow }) {
  const [asking, setAsking] = useState(false)
  const paused = job.status === 'paused'
  const cancelling = job.status === 'cancelling'
  return (
    <div className="airdrop-actions">
      {paused ? (
        <button type="button" className="button" onClick={() => void resumeJob(job.id)}>
          Resume
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={cancelling}
          onClick={() => void pauseJob(job.id)}
        >
          Pause
        </button>
      )}
      <button
        type="button"
        className="button button--danger"
        disabled={cancelling}
        onClick={() => setAsking(true)}
      >
        Cancel
      </button>
      {asking && (
        <Modal title="Cancel this airdrop?" onClose={() => setAsking(false)}>
          <p>
            Offers not signed yet are skipped; those already submitted still settle. Offers already
            made stay on the ledger until their recipients accept them or you reclaim them.
          </p>
          <div className="airdrop-actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setAsking(false)
                void cancelJob(job.id)
              }}
            >
              Cancel airdrop
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Keep going
            </button>
          </div>
        </Modal>
      )}
    </div>
  )
}
