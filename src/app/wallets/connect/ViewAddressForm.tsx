import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { closeViewedAccount, viewAccount } from '../walletConnect.ts'

/**
 * 'View an account': opens any account by its address alone, read-only (its NFTs, offers and jobs;
 * nothing is signed). No secret is asked, so nothing secret is typed here.
 */
export function ViewAddressForm() {
  const [address, setAddress] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [opening, setOpening] = useState(false)
  const ids = useId()
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (opening) return
    if (!address.trim()) {
      setError('Please enter an XRPL address')
      return
    }
    setOpening(true)
    const failure = await viewAccount(address)
    setOpening(false)
    setError(failure)
    if (!failure) setAddress('')
  }
  return (
    <section className="quick-connect" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="quick-connect__title">
        View an account (read-only)
      </h3>
      <form className="quick-connect__form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          <span>Address to view (r…)</span>
          <input
            type="text"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            inputMode="text"
          />
        </label>
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="button" disabled={opening}>
          {opening ? 'Opening…' : 'View account'}
        </button>
      </form>
    </section>
  )
}

/** The account open read-only, above the ways to connect: what it is and how to close it. */
export function ViewedAccount({ address }: { address: string }) {
  return (
    <div className="wallet-details" data-testid="viewed-account">
      <p className="wallet-details__address">{address}</p>
      <p className="wallet-details__meta">
        Open read-only: connect its wallet below to act (airdrop, cancel, list, burn).
      </p>
      <div className="wallet-details__actions">
        <button type="button" className="button" onClick={() => void closeViewedAccount()}>
          Close account
        </button>
      </div>
    </div>
  )
}
