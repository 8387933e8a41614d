import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'

import type { CredentialKind } from '../../../worker/api.ts'
import { useNetworkStatus } from '../../state/network.ts'
import { connectDemoWallet, connectWithCredential } from '../walletConnect.ts'
import { useSession } from '../../state/session.ts'
import { takeSecretFocus } from '../../state/ui.ts'
import { CredentialTabs } from './CredentialTabs.tsx'
import { CREDENTIAL_TAB } from './credentialTabs.ts'
import { SecretInput } from './SecretInput.tsx'
import { SecretNumbersInput } from './SecretNumbersInput.tsx'

/**
 * 'Quick Connect with Seed/Key': a credential kind, the secret (and, for a regular key, the
 * account it signs for), Connect. The secret is read from the input only when connecting and goes
 * straight to the worker: it is never kept in state.
 */
export function QuickConnectForm() {
  const { connecting, error } = useSession()
  const { network } = useNetworkStatus()
  const [kind, setKind] = useState<CredentialKind>('familySeed')
  const [blank, setBlank] = useState(true)
  const [account, setAccount] = useState('')
  const secret = useRef<HTMLInputElement>(null)
  const rows = useRef<(HTMLInputElement | null)[]>([])
  const ids = useId()
  const tab = CREDENTIAL_TAB[kind]
  // Runs before the dropdown's own focus move, which then leaves focus where it is.
  useEffect(() => {
    if (takeSecretFocus()) secret.current?.focus()
  }, [])

  const connect = async () => {
    const inputs = kind === 'secretNumbers' ? rows.current : [secret.current]
    if (inputs.length === 0 || inputs.some((input) => !input) || connecting) return
    const connected = await connectWithCredential({
      kind,
      secret: inputs.map((input) => input!.value).join(' '),
      ...(kind === 'regularKey' ? { account } : {}),
    })
    if (connected) {
      for (const input of inputs) input!.value = ''
      setBlank(true)
    }
  }
  const select = (next: CredentialKind) => {
    setKind(next)
    setBlank(true)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void connect()
  }
  // Enter submits even when the input is blank (the button is then disabled), so the user is
  // told what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void connect()
  }

  return (
    <section className="quick-connect" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="quick-connect__title">
        Quick Connect with Seed/Key
      </h3>
      <CredentialTabs
        current={kind}
        onSelect={select}
        panelId={`${ids}-panel`}
        idPrefix={`${ids}-tab`}
      />
      <form
        id={`${ids}-panel`}
        role="tabpanel"
        aria-labelledby={`${ids}-tab-${kind}`}
        className="quick-connect__form"
        onSubmit={onSubmit}
      >
        <p className="security-notice">
          <strong>Secure:</strong> your seed or key is never stored or transmitted. It stays in this
          browser tab, in memory only, and signs transactions on this device.
        </p>
        {kind === 'regularKey' && (
          <label className="field">
            <span>Account address (r…)</span>
            <input
              type="text"
              value={account}
              onChange={(event) => setAccount(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
            />
          </label>
        )}
        {kind === 'secretNumbers' ? (
          <SecretNumbersInput rowsRef={rows} onBlankChange={setBlank} onKeyDown={onKeyDown} />
        ) : (
          <SecretInput
            inputRef={secret}
            label={tab.inputLabel}
            onBlankChange={setBlank}
            onKeyDown={onKeyDown}
          />
        )}
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={blank || connecting}>
          {connecting ? 'Connecting...' : 'Connect Wallet'}
        </button>
        {network === 'sandbox' && (
          <button
            type="button"
            className="button"
            disabled={connecting}
            onClick={() => void connectDemoWallet()}
          >
            Use demo wallet
          </button>
        )}
      </form>
    </section>
  )
}
