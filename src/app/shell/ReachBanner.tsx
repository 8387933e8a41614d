import { reachText } from '../state/blockReasons.ts'
import { useDeviceOnline, useNetworkStatus } from '../state/network.ts'
import './shell.css'

/**
 * A banner across the top while the ledger cannot be reached, naming what is out of reach: the
 * network's servers, or the device's link as a whole. The connection decides (see ledgerState): a
 * browser that reports no link while the ledger answers shows nothing here.
 */
export function ReachBanner() {
  const status = useNetworkStatus()
  const deviceOnline = useDeviceOnline()
  const text = reachText({ status, deviceOnline })
  if (!text) return null
  return (
    <div className="reach-banner" role="status" data-testid="reach-banner">
      {text}
    </div>
  )
}
