import { useState } from 'react'

import { APP_NAME } from '../../shared/constants.ts'
import { connectDemoWallet, connectWithCredential } from '../state/session.ts'
import { NetworkPicker } from './NetworkPicker.tsx'

/**
 * STUB wallet controls (the NFT branch's stand-in for its e2e runs and UI bench; the shell branch's
 * wallet dropdown replaces them at merge).
 */
function WalletStandIn() {
  const [open, setOpen] = useState(false)
  const [secret, setSecret] = useState('')
  return (
    <div>
      <button type="button" onClick={() => setOpen(!open)}>
        Connect Wallet
      </button>
      {open && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void connectWithCredential({ kind: 'familySeed', secret }).then(() => setSecret(''))
          }}
        >
          <label>
            Family Seed
            <input type="password" value={secret} onChange={(e) => setSecret(e.target.value)} />
          </label>
          <button type="button" onClick={() => void connectDemoWallet()}>
            Use demo wallet
          </button>
        </form>
      )}
    </div>
  )
}

/** The top bar: logo, title (shorter on small screens) and the network picker. */
export function Header() {
  return (
    <header className="header">
      <div className="header__brand">
        <img className="header__logo" src="/favicon.svg" alt="" width="32" height="32" />
        <h1 className="header__title">
          <span className="header__title-full">{APP_NAME}</span>
          <span className="header__title-short" aria-hidden="true">
            NFT Manager
          </span>
        </h1>
      </div>
      <NetworkPicker />
      <WalletStandIn />
    </header>
  )
}
