import type { NetworkId } from '../../worker/api.ts'
import { useNetworkStatus } from '../state/network.ts'
import './shell.css'

/** What each non-Mainnet network is, in one line nobody can mistake for Mainnet. */
const BANNERS: Readonly<Record<Exclude<NetworkId, 'mainnet'>, string>> = {
  sandbox: 'Sandbox — a local test ledger: nothing here is real XRP',
  testnet: 'Testnet — test XRP only',
  devnet: 'Devnet — test XRP only',
}

/** A banner across the top of every screen whenever the network in use is not Mainnet. */
export function NetworkBanner() {
  const { network } = useNetworkStatus()
  if (network === 'mainnet') return null
  return (
    <div className="network-banner" role="note" data-network={network}>
      {BANNERS[network]}
    </div>
  )
}
