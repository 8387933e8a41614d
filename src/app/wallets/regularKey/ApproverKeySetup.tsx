import { useState } from 'react'

import { errorMessage } from '../../../shared/errors.ts'
import { APPROVER_WALLETS } from '../../../shared/wallets.ts'
import type { WalletInfo } from '../../../worker/api.ts'
import { engine } from '../../engine.ts'
import { EMPTY_PROTECTION, KeyProtectionFields, protectionOf } from './KeyProtectionFields.tsx'
import type { ProtectionDraft } from './KeyProtectionFields.tsx'
import { completeRegularKey } from '../walletConnect.ts'

type Step = 'closed' | 'choosing' | 'approving' | 'confirming'

/**
 * For an external wallet's session: set up this app's regular key with one approval in the wallet,
 * so that big jobs run without asking the wallet for each transaction. The key is kept here as the
 * GEM Wallet setup keeps it (a passphrase, or this browser's key), and can be removed from the
 * account later (Wallet Details).
 */
export function ApproverKeySetup({ wallet }: { wallet: Readonly<WalletInfo> }) {
  const [step, setStep] = useState<Step>('closed')
  const [draft, setDraft] = useState<ProtectionDraft>(EMPTY_PROTECTION)
  const [error, setError] = useState<string | null>(null)
  /** The SetRegularKey went to the ledger: a retry only waits for it again. */
  const [submitted, setSubmitted] = useState(false)
  if (!wallet.approver) return null
  const { name } = APPROVER_WALLETS[wallet.approver]
  const chosen = protectionOf(draft)
  const busy = step === 'approving' || step === 'confirming'

  const run = async () => {
    if (typeof chosen === 'string') return
    setError(null)
    try {
      if (!submitted) {
        setStep('approving')
        await engine.prepareRegularKey()
        await engine.approveRegularKey(chosen)
        setSubmitted(true)
      }
      setStep('confirming')
      await completeRegularKey(wallet.address, chosen)
    } catch (caught) {
      setError(errorMessage(caught, 'The regular key was not set'))
      setStep('choosing')
    }
  }

  if (wallet.signing === 'regular') {
    // A new regular key would replace the one the wallet signs with.
    return null
  }
  if (step === 'closed') {
    return (
      <div className="approver-key">
        <p className="tab-muted">
          Big jobs: one approval in {name} sets up this app&apos;s own regular key; the app then
          signs jobs without asking {name} for each transaction.
        </p>
        <button type="button" className="button" onClick={() => setStep('choosing')}>
          Set up this app&apos;s regular key
        </button>
      </div>
    )
  }
  return (
    <div className="approver-key">
      <KeyProtectionFields draft={draft} onChange={setDraft} disabled={busy} />
      {typeof chosen === 'string' && <p className="tab-muted">{chosen}</p>}
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <p className="tab-muted" role="status">
        {step === 'approving'
          ? `Approve the SetRegularKey in ${name}…`
          : step === 'confirming'
            ? 'Waiting for the ledger to validate it…'
            : ''}
      </p>
      <div className="wallet-details__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || typeof chosen === 'string'}
          onClick={() => void run()}
        >
          Approve in {name}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setStep('closed')}>
          Not now
        </button>
      </div>
    </div>
  )
}
