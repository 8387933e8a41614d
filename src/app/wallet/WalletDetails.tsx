import { useState } from 'react'

import { NETWORKS } from '../../shared/networks.ts'
import type { WalletInfo } from '../../worker/api.ts'
import { disconnectWallet, forgetThisDevice, switchAuthMethod } from '../state/session.ts'
import { Modal } from '../ui/Modal.tsx'

/**
 * The connected dropdown: the full address, the signing key, and the ways out. A regular-key session
 * (its key may be stored on this device, encrypted) also offers 'Forget this device'.
 */
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
        {wallet.signing === 'regular' && <ForgetDevice />}
      </div>
    </div>
  )
}

/** 'Forget this device', behind a confirmation: the stored key cannot be brought back. */
function ForgetDevice() {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        Forget this device
      </button>
      {asking && (
        <Modal title="Forget this device?" onClose={() => setAsking(false)}>
          <p>
            The regular key kept on this device (encrypted) is deleted and the wallet disconnects.
            To sign from here again, connect with a secret or set up a new regular key with GEM
            Wallet.
          </p>
          <div className="wallet-details__actions">
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setAsking(false)
                void forgetThisDevice()
              }}
            >
              Forget this device
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}
