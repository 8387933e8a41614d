import { NETWORKS } from '../../shared/networks.ts'
import type { WalletInfo } from '../../worker/api.ts'
import { disconnectWallet, switchAuthMethod } from '../state/session.ts'

/** The connected dropdown: the full address, the signing key, and the two ways out. */
export function WalletDetails({ wallet }: { wallet: Readonly<WalletInfo> }) {
  return (
    <div className="wallet-details">
      <p className="wallet-details__connected">
        <span className="wallet__dot" aria-hidden="true" />
        <span>Wallet Connected</span>
      </p>
      <p className="wallet-details__address" data-testid="wallet-address">
        {wallet.address}
      </p>
      <p className="wallet-details__meta">
        {NETWORKS[wallet.network].name} ·{' '}
        {wallet.signing === 'regular'
          ? `signs with its regular key ${wallet.keyAddress}`
          : `signs with its master key (${wallet.algorithm})`}
      </p>
      <div className="wallet-details__actions">
        <button type="button" className="button" onClick={() => void switchAuthMethod()}>
          Switch Authentication Method
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void disconnectWallet()}
        >
          Disconnect Wallet
        </button>
      </div>
    </div>
  )
}
