import { reachText } from '../state/blockReasons.ts'
import { useCollection } from '../collection/collectionState.ts'
import { useDeviceOnline, useNetworkStatus } from '../state/network.ts'
import './shell.css'

/**
 * A banner across the top while the ledger or the metadata gateways cannot be reached, naming what is
 * out of reach: the device's link as a whole, the network's servers, or the gateways. The connection decides (see ledgerState): a
 * browser that reports no link while the ledger answers shows nothing here.
 */
export function ReachBanner() {
  const status = useNetworkStatus()
  const deviceOnline = useDeviceOnline()
  const { gatewaysUnreachable } = useCollection()
  const text = reachText({ status, deviceOnline, gatewaysUnreachable })
  if (!text) return null
  return (
    <div className="reach-banner" role="status" data-testid="reach-banner">
      {text}
    </div>
  )
}
