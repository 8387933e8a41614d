import { useId, useRef } from 'react'

import { shortAddress } from '../../shared/format.ts'
import { clearConnectError } from './walletConnect.ts'
import { useSession } from '../state/session.ts'
import { setWalletMenuOpen, useUi } from '../state/ui.ts'
import { lazyNamed, LoadingBoundary } from '../ui/lazyNamed.tsx'
import { useReturnFocus } from '../ui/returnFocus.ts'
import './wallet.css'

// Its forms load on the first opening.
const WalletDropdown = lazyNamed(() => import('./WalletDropdown.tsx'), 'WalletDropdown')

/**
 * The header's wallet button: 'Connect Wallet'; 'Connected' and the short address; or 'View only'
 * and the address of an account open read-only.
 */
export function WalletButton() {
  const { wallet } = useSession()
  const { walletMenuOpen: open } = useUi()
  const dropdownId = useId()
  const button = useRef<HTMLButtonElement>(null)
  useReturnFocus(open, button)
  return (
    <div className="wallet">
      <button
        ref={button}
        type="button"
        className="wallet__button"
        data-testid="wallet-button"
        data-connected={wallet !== null && !wallet.viewOnly}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dropdownId : undefined}
        onClick={() => {
          // A failed attempt's message belongs to that attempt, not to the next opening.
          if (!open) clearConnectError()
          setWalletMenuOpen(!open)
        }}
      >
        {wallet?.viewOnly ? (
          <>
            <span className="wallet__label">View only</span>{' '}
            <span className="wallet__address">{shortAddress(wallet.address)}</span>
          </>
        ) : wallet ? (
          <>
            <span className="wallet__dot" aria-hidden="true" />
            <span className="wallet__label">Connected</span>{' '}
            <span className="wallet__address">{shortAddress(wallet.address)}</span>
          </>
        ) : (
          'Connect Wallet'
        )}
      </button>
      {open && (
        <LoadingBoundary>
          <WalletDropdown id={dropdownId} toggle={button} />
        </LoadingBoundary>
      )}
    </div>
  )
}
