import { useNetworkStatus } from '../state/network.ts'
import { CONNECTION_LABELS, ledgerText, reserveText } from './connectionText.ts'

/** The ledger connection at a glance: state, latest validated ledger and reserves. */
export function ConnectionIndicator() {
  const status = useNetworkStatus()
  const ledger = ledgerText(status)
  const reserve = reserveText(status)
  return (
    <div className="connection" data-state={status.state} data-testid="connection">
      <span className="connection__dot" aria-hidden="true" />
      {/* Only the state is announced: the ledger index changes every few seconds. */}
      <span role="status" data-testid="connection-state" title={status.error ?? undefined}>
        {CONNECTION_LABELS[status.state]}
      </span>
      {ledger && (
        <span className="connection__detail" data-testid="ledger-index">
          {ledger}
        </span>
      )}
      {reserve && (
        <span className="connection__detail connection__reserve" data-testid="reserve">
          {reserve}
        </span>
      )}
    </div>
  )
}
