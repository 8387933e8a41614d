import { ledgerState } from '../state/blockReasons.ts'
import { useDeviceOnline, useNetworkStatus } from '../state/network.ts'
import { CONNECTION_LABELS, ledgerText, reserveText } from './connectionText.ts'

/** The ledger connection at a glance: state, latest validated ledger and reserves. */
export function ConnectionIndicator() {
  const status = useNetworkStatus()
  const deviceOnline = useDeviceOnline()
  const state = ledgerState({ status, deviceOnline })
  const ledger = ledgerText(status)
  const reserve = reserveText(status)
  return (
    <div className="connection" data-state={state} data-testid="connection">
      {/* Labelled: beside the wallet's state, a bare 'Connected' read as the wallet's. */}
      <span className="connection__label">Ledger</span>
      <span className="connection__dot" aria-hidden="true" />
      {/* Only the state is announced: the ledger index changes every few seconds. */}
      <span role="status" data-testid="connection-state" title={status.error ?? undefined}>
        {CONNECTION_LABELS[state]}
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
