import { useEffect, useId, useState } from 'react'

import { APPROVER_WALLETS } from '../../shared/wallets.ts'
import type { ApproverWalletId } from '../../shared/wallets.ts'
import { connectExternalWallet } from './walletConnect.ts'
import './wallet.css'
import { useSession } from '../state/session.ts'
import { EXTERNAL_WALLETS, walletAvailable } from './adapters/externalWallets.ts'
import type { Availability } from './adapters/externalWallets.ts'

/** How each wallet approves a job's transactions, as the list says it. */
const HOW: Readonly<Record<ApproverWalletId, string>> = {
  crossmark: `one approval for up to ${APPROVER_WALLETS.crossmark.perApproval} transactions`,
  gem: 'one approval per transaction',
  ledger: 'one approval per transaction, on the device',
  xaman: 'one approval per transaction, on your phone',
}

/**
 * The external wallets this device can use (the key stays in the wallet, which approves each job's
 * transactions): a Connect button for each one found, and for one not installed, where to get it.
 */
export function ExternalWalletList() {
  const titleId = useId()
  return (
    <section className="external-wallets" aria-labelledby={titleId}>
      <h3 id={titleId} className="quick-connect__title">
        Approve in your wallet
      </h3>
      <ul className="external-wallets__list">
        {EXTERNAL_WALLETS.map((id) => (
          <ExternalWalletItem key={id} id={id} />
        ))}
      </ul>
    </section>
  )
}

function ExternalWalletItem({ id }: { id: ApproverWalletId }) {
  const { connecting } = useSession()
  const [availability, setAvailability] = useState<Availability | null>(null)
  useEffect(() => {
    let live = true
    void walletAvailable(id).then((found) => live && setAvailability(found))
    return () => {
      live = false
    }
  }, [id])
  const { name } = APPROVER_WALLETS[id]
  return (
    <li className="external-wallets__item" data-wallet={id}>
      <span className="external-wallets__name">{name}</span>
      <span className="tab-muted">{HOW[id]}</span>
      {availability === null ? (
        <span className="tab-muted" role="status">
          Looking for {name}…
        </span>
      ) : availability.ok ? (
        <button
          type="button"
          className="button"
          disabled={connecting}
          onClick={() => void connectExternalWallet(id)}
        >
          Connect {name}
        </button>
      ) : (
        <span className="tab-muted">
          {availability.why}
          {availability.link && (
            <>
              {' · '}
              <a href={availability.link} target="_blank" rel="noreferrer noopener">
                Get {name}
              </a>
            </>
          )}
        </span>
      )}
    </li>
  )
}
