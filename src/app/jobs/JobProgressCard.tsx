import { useState } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { useLedgerConnected } from '../state/network.ts'
import { useOwnRunnerId } from '../state/runner.ts'
import { Modal } from '../ui/Modal.tsx'
import { JobCard, JobFigures } from './JobCard.tsx'
import { useRunnerAlive } from './useRunnerAlive.ts'
import {
  etaText,
  minutesLeft,
  percentDone,
  progressing,
  recentActivity,
  stepText,
} from './jobProgress.ts'
import { useRecentItems } from './useJobs.ts'
import { useNow } from './useNow.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'

/** What the Cancel button asks before it stops a job. */
export interface CancelQuestion {
  title: string
  body: string
  confirm: string
}

/** The buttons of a progress card, bound to a tab's actions. */
export interface JobControlActions {
  pause(jobId: string): void
  resume(jobId: string): void
  cancel(jobId: string): void
}

/** What differs between the progress cards of the tabs. */
export interface JobProgressCardProps {
  job: JobRow
  /** E.g. 'Airdrop in progress', 'Cancelling Offers'. */
  title: string
  testId: string
  /** What the job signs, for the step line: 'Signing and submitting {what}'. */
  what: string
  /** Why the last pause, resume or cancel failed. */
  error: string | null
  actions: JobControlActions
  cancelQuestion: CancelQuestion
  /**
   * The counts to show, when the job's items are not all what the card counts (a listing's offers,
   * not the cancellation 'List again' starts with); the job row's counts otherwise.
   */
  counts?: { succeeded: number; failed: number; total: number }
}

/**
 * The progress card of a running job of any kind: percentage, step, job id prefix, estimated minutes,
 * successful and failed counts and the last two activity lines (all from the job row and the two items
 * it names); Pause, Resume and Cancel (which asks first).
 */
export function JobProgressCard(props: JobProgressCardProps) {
  const { job, title, testId, what, error } = props
  const counts = props.counts ?? job.counts
  const recent = useRecentItems(job)
  const now = useNow(5_000)
  const ownRunnerId = useOwnRunnerId()
  const connected = useLedgerConnected()
  const runnerAlive = useRunnerAlive(job, ownRunnerId)
  const percent = percentDone(job)
  // A stopped job gets no estimate; what it submitted before stopping is shown beside Successful.
  const moving = progressing(job, ownRunnerId, connected, runnerAlive)
  const submitted = !moving && !props.counts ? job.counts.inFlight : 0
  const activity = recentActivity(recent)
  return (
    <JobCard job={job} title={title} testId={testId}>
      <div
        className="job-bar"
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="job-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="job-card__line">
        <strong data-testid="progress-percent">{percent}%</strong>{' '}
        <span data-testid="progress-step">
          {stepText(job, what, ownRunnerId, connected, runnerAlive)}
        </span>
      </p>
      {moving && <p className="job-card__line">{etaText(minutesLeft(job, now))}</p>}
      {job.plan?.unconfirmed?.length ? (
        <p className="job-card__line tab-muted" data-testid="progress-one-server">
          One server only: no second server confirms {job.plan.unconfirmed.join('; ')}.
        </p>
      ) : null}
      <JobFigures
        figures={[
          { label: 'Successful', value: counts.succeeded, testId: 'progress-successful' },
          ...(submitted > 0
            ? [
                {
                  label: 'Submitted, not yet counted',
                  value: submitted,
                  testId: 'progress-submitted',
                },
              ]
            : []),
          { label: 'Failed', value: counts.failed, testId: 'progress-failed' },
          { label: 'Total', value: counts.total },
        ]}
      />
      {activity.length > 0 && (
        <ul className="job-activity" aria-label="Latest activity">
          {activity.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      <ErrorBox message={error} />
      <JobControls job={job} actions={props.actions} question={props.cancelQuestion} />
    </JobCard>
  )
}

function JobControls({
  job,
  actions,
  question,
}: {
  job: JobRow
  actions: JobControlActions
  question: CancelQuestion
}) {
  const [asking, setAsking] = useState(false)
  const paused = job.status === 'paused'
  const cancelling = job.status === 'cancelling'
  return (
    <div className="actions-row">
      {paused ? (
        <button type="button" className="button" onClick={() => actions.resume(job.id)}>
          Resume
        </button>
      ) : (
        <button
          type="button"
          className="button"
          disabled={cancelling}
          onClick={() => actions.pause(job.id)}
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
        <Modal title={question.title} onClose={() => setAsking(false)}>
          <p>{question.body}</p>
          <div className="actions-row">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setAsking(false)
                actions.cancel(job.id)
              }}
            >
              {question.confirm}
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
