import { useId, useState } from 'react'

import { formatDrops } from '../../shared/format.ts'
import type { JobPlan, PlanProblem } from '../../worker/api.ts'
import { confirmPending, dismissPending, useAirdrop } from '../state/airdrop.ts'
import type { PendingPlan } from '../state/airdrop.ts'
import { Modal } from '../ui/Modal.tsx'
import { ShowAllToggle } from './ShowAllToggle.tsx'

/** Problems listed before 'Show all'. */
const SHOWN_PROBLEMS = 5

/**
 * The confirmation of a planned job (DESIGN.md invariant 4: the user sees the cost and the problems
 * first): for an airdrop, the offers, fees, the reserve they lock, the spendable balance and what
 * pre-flight found; for 'Reclaim unaccepted', the transactions, fees and the reserve freed.
 */
export function PlanModal({ pending }: { pending: PendingPlan }) {
  const { busy, planError } = useAirdrop()
  const { plan, purpose } = pending
  const itemProblems = plan.problems.some((p) => p.itemIndex !== undefined)
  const title = purpose === 'airdrop' ? 'Confirm Airdrop' : 'Reclaim unaccepted offers'
  const confirmLabel = itemProblems
    ? 'Skip problem items and start'
    : purpose === 'airdrop'
      ? 'Confirm and start'
      : 'Reclaim'
  return (
    <Modal title={title} onClose={() => !busy && dismissPending()}>
      <PlanFigures plan={plan} purpose={purpose} />
      {plan.problems.length > 0 && <PlanProblems problems={plan.problems} />}
      {!plan.canStart && (
        <p className="airdrop-error" role="alert">
          A blocking problem stands in the way: this job cannot start.
        </p>
      )}
      {planError && (
        <p className="airdrop-error" role="alert">
          {planError}
        </p>
      )}
      {plan.shuffleSeed && (
        <p className="airdrop-seed">
          Shuffle seed: <code>{plan.shuffleSeed}</code>
        </p>
      )}
      <div className="airdrop-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!plan.canStart || busy}
          onClick={() => void confirmPending()}
        >
          {busy ? 'Processing...' : confirmLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissPending}>
          Go back
        </button>
      </div>
    </Modal>
  )
}

function PlanFigures({ plan, purpose }: { plan: JobPlan; purpose: PendingPlan['purpose'] }) {
  const reserve = BigInt(plan.reserveChangeDrops)
  return (
    <dl className="airdrop-plan" data-testid="plan-figures">
      <div>
        <dt>{purpose === 'airdrop' ? 'Offers to make' : 'Transactions'}</dt>
        <dd data-testid="plan-transactions">{plan.transactions}</dd>
      </div>
      <div>
        <dt>Fees</dt>
        <dd>{formatDrops(plan.feesDrops)} XRP</dd>
      </div>
      <div>
        <dt>{reserve < 0n ? 'Reserve freed' : 'Reserve locked by the offers'}</dt>
        <dd>{formatDrops(reserve < 0n ? -reserve : reserve)} XRP</dd>
      </div>
      <div>
        <dt>Spendable balance</dt>
        <dd>{formatDrops(plan.spendableDrops)} XRP</dd>
      </div>
    </dl>
  )
}

function PlanProblems({ problems }: { problems: readonly PlanProblem[] }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const ordered = [...problems].sort((a, b) => Number(b.blocking) - Number(a.blocking))
  const long = ordered.length > SHOWN_PROBLEMS
  const shown = open || !long ? ordered : ordered.slice(0, SHOWN_PROBLEMS)
  const skippable = problems.filter((p) => p.itemIndex !== undefined).length
  return (
    <div className="airdrop-problems" data-testid="plan-problems">
      <p className="airdrop-problems__title">
        Pre-flight found {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
        {skippable > 0 && ` (${skippable} ${skippable === 1 ? 'item' : 'items'} to skip)`}
      </p>
      <ul id={listId}>
        {shown.map((problem, index) => (
          <li key={index} data-blocking={problem.blocking}>
            {problem.message}
          </li>
        ))}
      </ul>
      {long && (
        <ShowAllToggle
          open={open}
          total={problems.length}
          listId={listId}
          onToggle={() => setOpen(!open)}
        />
      )}
    </div>
  )
}
