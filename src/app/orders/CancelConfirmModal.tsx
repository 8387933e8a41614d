import { useState } from 'react'

import { cancelConfirmText } from '../../shared/constants.ts'
import { PlanFigures, PlanProblems } from '../jobs/PlanParts.tsx'
import { confirmCancel, dismissCancel, useOrders } from './ordersState.ts'
import type { PendingCancel } from './ordersState.ts'
import { Modal } from '../ui/Modal.tsx'
import { PURPOSE_LABEL } from './offerText.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { TypedConfirmation, typedMatches } from '../ui/TypedConfirmation.tsx'
import { counted } from '../../shared/plural.ts'

/**
 * 'Confirm Cancellation' (spec part 2 §4): what will be cancelled, the transactions (up to 500 offers
 * each), the fee and the reserve freed, what pre-flight found; Confirm is enabled once the user typed
 * exactly 'CANCEL {count} OFFERS'.
 */
export function CancelConfirmModal({ pending }: { pending: PendingCancel }) {
  const { busy, planError } = useOrders()
  const [typed, setTyped] = useState('')
  const { plan, offers, purpose } = pending
  const expected = cancelConfirmText(offers)
  const matches = typedMatches(typed, expected)
  return (
    <Modal title="Confirm Cancellation" onClose={() => !busy && dismissCancel()}>
      <p>
        Cancel {counted(offers, 'offer')} ({PURPOSE_LABEL[purpose]})? Cancelled offers are gone from
        the ledger for good: to sell again, a new offer is needed.
      </p>
      <PlanFigures plan={plan} itemsLabel="Transactions" />
      {plan.problems.length > 0 && <PlanProblems problems={plan.problems} />}
      {!plan.canStart && (
        <p className="error-box" role="alert">
          A blocking problem stands in the way: nothing can be cancelled until it is removed.
        </p>
      )}
      <TypedConfirmation
        expected={expected}
        typed={typed}
        onType={setTyped}
        onEnter={() => {
          if (plan.canStart && !busy) void confirmCancel()
        }}
        labelClass="orders-confirm__label"
        inputClass="orders-confirm__input"
      />
      <ErrorBox message={planError} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--danger"
          disabled={!matches || !plan.canStart || busy}
          onClick={() => void confirmCancel()}
        >
          {busy ? 'Processing...' : 'Confirm'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissCancel}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
