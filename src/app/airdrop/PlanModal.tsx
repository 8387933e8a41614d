import { confirmPending, dismissPending, useAirdrop } from './airdropState.ts'
import type { PendingPlan } from './airdropState.ts'
import { PlanFigures, PlanProblems } from '../jobs/PlanParts.tsx'
import { useTakenNfts } from '../state/takenNfts.ts'
import { Modal } from '../ui/Modal.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { ReofferPreview } from './ReofferPreview.tsx'

const TITLES: Record<PendingPlan['purpose'], string> = {
  airdrop: 'Confirm Airdrop',
  reclaim: 'Reclaim unaccepted offers',
  reoffer: 'Re-offer unclaimed NFTs',
}

const CONFIRM_LABELS: Record<PendingPlan['purpose'], string> = {
  airdrop: 'Confirm and start',
  reclaim: 'Reclaim',
  reoffer: 'Cancel and re-offer',
}

/**
 * The confirmation of a planned job (docs/architecture.md §3.4: the user sees the cost and the problems
 * first): for an airdrop, the offers, fees, the reserve they lock, the spendable balance and what
 * pre-flight found; for 'Reclaim unaccepted', the transactions, fees and the reserve freed; for
 * 'Re-offer unclaimed', the cancellations and the new offers together.
 */
export function PlanModal({ pending }: { pending: PendingPlan }) {
  const { busy, planError } = useAirdrop()
  const { plan, purpose } = pending
  const taken = useTakenNfts(plan.jobId)
  const problems = [...plan.problems, ...taken]
  const itemProblems = problems.some((p) => p.itemIndex !== undefined)
  // Every item has a problem: starting would send nothing, so there is nothing to confirm.
  const nothingToSend = plan.transactions === 0
  const title = TITLES[purpose]
  const confirmLabel = itemProblems ? 'Skip problem items and start' : CONFIRM_LABELS[purpose]
  return (
    <Modal title={title} onClose={() => !busy && dismissPending()}>
      <PlanFigures
        plan={plan}
        itemsLabel={purpose === 'airdrop' ? 'Offers to make' : 'Transactions'}
      />
      {purpose === 'reoffer' && <ReofferPreview jobId={plan.jobId} />}
      {problems.length > 0 && <PlanProblems problems={problems} />}
      {!plan.canStart ? (
        <p className="error-box" role="alert">
          A blocking problem stands in the way: this job cannot start.
        </p>
      ) : (
        nothingToSend && (
          <p className="error-box" role="alert">
            Every item has a problem, so nothing would be sent. Go back and change the selection or
            the file.
          </p>
        )
      )}
      <ErrorBox message={planError} />
      {plan.shuffleSeed && (
        <p className="airdrop-seed">
          Shuffle seed: <code>{plan.shuffleSeed}</code>
        </p>
      )}
      <div className="actions-row">
        {!nothingToSend && (
          <button
            type="button"
            className="button button--primary"
            disabled={!plan.canStart || busy}
            onClick={() => void confirmPending()}
          >
            {busy ? 'Processing...' : confirmLabel}
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={dismissPending}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
