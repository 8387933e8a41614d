import { useEffect, useId, useState } from 'react'

import { errorMessage } from '../../../shared/errors.ts'
import { engine } from '../../engine.ts'
import { chooseMethod } from '../../state/sessionStart.ts'
import { switchAuthMethod } from '../walletConnect.ts'
import { gemInstalled } from '../adapters/gemWallet.ts'
import { runRegularKeySetup, STEP_TEXT } from './regularKeyFlow.ts'
import type { SetupStep, SetupSuccess } from './regularKeyFlow.ts'
import { SetupOptions } from './SetupOptions.tsx'
import { EMPTY_PROTECTION, KeyProtectionFields, protectionOf } from './KeyProtectionFields.tsx'
import type { ProtectionDraft } from './KeyProtectionFields.tsx'
import type { GemStatus } from './SetupOptions.tsx'
import { SetupSuccessPanel } from './SetupSuccessPanel.tsx'
import '../../onboarding/onboarding.css'

function submitLabel(gemStatus: GemStatus, busy: boolean): string {
  if (busy) return 'Setting Up Regular Key...'
  if (gemStatus === 'missing') return 'Install GEM Wallet First'
  return 'Set Regular Key with GEM Wallet'
}

/** Whether GEM Wallet answers on this page, checked once when the setup opens. */
function useGemStatus(): GemStatus {
  const [status, setStatus] = useState<GemStatus>('checking')
  useEffect(() => {
    let live = true
    void gemInstalled().then((installed) => {
      if (live) setStatus(installed ? 'installed' : 'missing')
    })
    return () => {
      live = false
    }
  }, [])
  return status
}

function GeneratedKeyPanel({ address }: { address: string }) {
  return (
    <section className="generated-key" aria-labelledby="generated-key-title">
      <h3 id="generated-key-title">New regular key generated</h3>
      <p className="generated-key__address">{address}</p>
      <p>
        Its private key was created on this device and stays inside the app&apos;s signing engine:
        you never see it, type it or copy it. After GEM Wallet sets this address as your regular
        key, it is stored here encrypted (with the passphrase you choose below), so the app can sign
        your bulk transactions.
      </p>
    </section>
  )
}

/**
 * The Regular Key setup (spec part 2 §2, §5, §8): GEM Wallet sets a key the engine generated as the
 * RegularKey of the user's account; the app then signs with that key and restores the session later.
 */
export function RegularKeySetup() {
  const gemStatus = useGemStatus()
  const [keyAddress, setKeyAddress] = useState('')
  const [step, setStep] = useState<SetupStep | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<SetupSuccess | null>(null)
  const [protection, setProtection] = useState<ProtectionDraft>(EMPTY_PROTECTION)
  const chosen = protectionOf(protection)
  const inputId = useId()
  const busy = step !== null

  async function generate(): Promise<void> {
    setError(null)
    try {
      setKeyAddress((await engine.prepareRegularKey()).regularKeyAddress)
    } catch (caught) {
      setError(errorMessage(caught, 'Could not generate a regular key'))
    }
  }

  async function submit(): Promise<void> {
    const address = keyAddress.trim()
    if (!address || busy || typeof chosen === 'string') return
    setError(null)
    try {
      setSuccess(await runRegularKeySetup(address, chosen, setStep))
    } catch (caught) {
      setError(errorMessage(caught, 'Regular Key setup failed'))
    } finally {
      setStep(null)
    }
  }

  if (success) {
    return (
      <main className="onboarding">
        <SetupSuccessPanel success={success} />
      </main>
    )
  }
  const canSubmit =
    !busy && keyAddress.trim() !== '' && gemStatus === 'installed' && typeof chosen !== 'string'
  return (
    <main className="onboarding">
      <header className="onboarding__hero">
        <h1>Regular Key Setup</h1>
        <p className="onboarding__lead">
          GEM Wallet sets a new regular key on your account. This app then signs your bulk
          transactions with that key, while your master key stays in GEM Wallet.
        </p>
      </header>
      <div className="onboarding__card setup">
        <SetupOptions gemStatus={gemStatus} />
        <label htmlFor={inputId}>Regular key address</label>
        <div className="setup__key-row">
          <input
            id={inputId}
            className="setup__key-input"
            value={keyAddress}
            readOnly
            placeholder="Generate a new regular key"
            spellCheck={false}
          />
          <button type="button" className="button" disabled={busy} onClick={() => void generate()}>
            Generate New Regular Key
          </button>
        </div>
        {keyAddress && <GeneratedKeyPanel address={keyAddress} />}
        {keyAddress && (
          <KeyProtectionFields draft={protection} onChange={setProtection} disabled={busy} />
        )}
        {keyAddress && typeof chosen === 'string' && (
          <p className="tab-muted" data-testid="setup-protection-hint">
            {chosen}
          </p>
        )}
        {step && (
          <p className="setup__progress" role="status">
            {STEP_TEXT[step]}
          </p>
        )}
        {error && (
          <p className="onboarding__error" role="alert">
            {error}
          </p>
        )}
        <button
          type="button"
          className="button button--primary setup__submit"
          disabled={!canSubmit}
          onClick={() => void submit()}
        >
          {submitLabel(gemStatus, busy)}
        </button>
      </div>
      <div className="onboarding__actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void switchAuthMethod()}
        >
          Back
        </button>
        <button
          type="button"
          className="ob-link"
          disabled={busy}
          onClick={() => void chooseMethod('seed', { toSeedField: true })}
        >
          Use a seed phrase instead
        </button>
      </div>
    </main>
  )
}
