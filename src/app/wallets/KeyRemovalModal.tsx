import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'

import { appDb } from '../../db/queries/db.ts'
import { jobItemsHead } from '../../db/queries/jobs.ts'
import { formatDrops } from '../../shared/format.ts'
import { PlanProblems } from '../jobs/PlanParts.tsx'
import {
  closeKeyRemoval,
  confirmKeyRemoval,
  keyRemovalEnded,
  useKeyRemoval,
} from './keyRemovalState.ts'
import { Modal } from '../ui/Modal.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'

/** The removal job's end: the row's status and its one item's message. */
function useRemovalOutcome(jobId: string | null) {
  return useLiveQuery(async () => {
    if (!jobId) return null
    const job = await appDb().jobs.get(jobId)
    if (!job || !['completed', 'failed', 'cancelled'].includes(job.status)) return null
    const [item] = await jobItemsHead(appDb(), jobId, 1)
    return { removed: item?.status === 'succeeded', message: item?.message ?? job.error ?? '' }
  }, [jobId])
}

/**
 * 'Remove this app's signing key from your account?': what removing does, the fee, what pre-flight
 * found; then the job's progress and outcome. Rendered by the shell while open.
 */
export function KeyRemovalModal() {
  const { plan, busy, error, jobId } = useKeyRemoval()
  const outcome = useRemovalOutcome(jobId)
  useEffect(() => {
    if (outcome) keyRemovalEnded(outcome.removed)
  }, [outcome])
  return (
    <Modal title="Remove this app's signing key?" onClose={() => !busy && closeKeyRemoval()}>
      <p>
        The regular key this app signs with can sign any transaction of your account until it is
        removed. Removing it is one transaction, signed by the key itself; after it applies this app
        can no longer sign for your account, the key is deleted from this device and the session
        ends. Your NFTs and XRP stay where they are; your master key (in GEM Wallet) is untouched.
      </p>
      {plan && (
        <p className="tab-muted" data-testid="key-removal-fee">
          Network fee: {formatDrops(plan.feesDrops)} XRP
        </p>
      )}
      {plan && plan.problems.length > 0 && <PlanProblems problems={plan.problems} />}
      {busy && !plan && <p role="status">Checking the account…</p>}
      {jobId && !outcome && <p role="status">Removing the key: waiting for the ledger…</p>}
      {outcome && (
        <p
          className={outcome.removed ? 'success-box' : 'error-box'}
          role={outcome.removed ? 'status' : 'alert'}
          data-testid="key-removal-outcome"
        >
          {outcome.removed ? '✓ ' : ''}
          {outcome.message}
        </p>
      )}
      <ErrorBox message={error} />
      <div className="actions-row">
        {!jobId && (
          <button
            type="button"
            className="button button--danger"
            disabled={busy || !plan?.canStart}
            onClick={() => void confirmKeyRemoval()}
          >
            Remove the key from my account
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={closeKeyRemoval}>
          {jobId ? 'Close' : 'Keep it'}
        </button>
      </div>
    </Modal>
  )
}
