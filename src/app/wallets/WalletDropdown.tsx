import { useId, useRef } from 'react'
import type { RefObject } from 'react'

import { signingWallet, useSession } from '../state/session.ts'
import { setWalletMenuOpen } from '../state/ui.ts'
import { usePopup } from '../ui/usePopup.ts'
import { ExternalWalletList } from './ExternalWalletList.tsx'
import { MethodButtons } from './MethodButtons.tsx'
import { QuickConnectForm } from './connect/QuickConnectForm.tsx'
import { ViewAddressForm, ViewedAccount } from './connect/ViewAddressForm.tsx'
import { UnlockKeyForm } from './connect/UnlockKeyForm.tsx'
import { WalletDetails } from './WalletDetails.tsx'

/** Where the dropdown is and the button that toggles it. */
interface WalletDropdownProps {
  id: string
  toggle: RefObject<HTMLElement | null>
}

/**
 * The wallet dropdown (spec part 1 §2): the ways to connect while disconnected, the wallet's
 * details once connected. Render it only while open; Escape and a press outside close it.
 */
export function WalletDropdown({ id, toggle }: WalletDropdownProps) {
  const { wallet, lockedKey } = useSession()
  const signer = signingWallet(wallet)
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  usePopup({ container: panel, ignore: toggle, onClose: () => setWalletMenuOpen(false) })
  return (
    <div
      ref={panel}
      id={id}
      className="wallet-dropdown"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId} className="wallet-dropdown__title">
        {signer ? 'Wallet Details' : 'Connect XRPL Wallet'}
      </h2>
      {signer ? (
        <WalletDetails wallet={signer} />
      ) : (
        <>
          {lockedKey && <UnlockKeyForm stored={lockedKey} />}
          {wallet?.viewOnly && <ViewedAccount address={wallet.address} />}
          <MethodButtons />
          <QuickConnectForm />
          <ExternalWalletList />
          <ViewAddressForm />
        </>
      )}
    </div>
  )
}
