import { APP_NAME, APP_VERSION } from '../../shared/constants.ts'
import { NETWORKS } from '../../shared/networks.ts'
import { useNetworkStatus } from '../state/network.ts'
import { ConnectionIndicator } from './ConnectionIndicator.tsx'

/** The fixed footer: product, version, the network actually in use and the connection. */
export function Footer() {
  const { network } = useNetworkStatus()
  return (
    <footer className="footer">
      <div className="footer__product">
        <span>{APP_NAME}</span>
        <span data-testid="app-version">v{APP_VERSION}</span>
        <span className="footer__network" data-testid="footer-network">
          {NETWORKS[network].name}
        </span>
      </div>
      <ConnectionIndicator />
    </footer>
  )
}
