import { useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'

import { shortAddress } from '../../../shared/format.ts'
import type { StoredSession } from '../../../worker/api.ts'
import { disconnectWallet, unlockStoredKey } from '../walletConnect.ts'
import { useSession } from '../../state/session.ts'
import { ErrorBox } from '../../ui/ErrorBox.tsx'

/**
 * A regular key kept on this device under a passphrase: the passphrase unlocks it (read from the
 * input only when submitted, straight to the worker). A wrong one changes nothing.
 */
export function UnlockKeyForm({ stored }: { stored: Readonly<StoredSession> }) {
  const { connecting } = useSession()
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const field = input.current
    if (!field || connecting) return
    const why = await unlockStoredKey(field.value)
    if (why === null) field.value = ''
    setError(why)
  }
  return (
    <form className="unlock-key" onSubmit={(event) => void submit(event)} data-testid="unlock-key">
      <h3 className="quick-connect__title">Unlock the key kept on this device</h3>
      <p className="tab-muted">
        The regular key of {shortAddress(stored.primaryAddress)} is stored here, encrypted with your
        passphrase.
      </p>
      <label htmlFor={id}>Passphrase</label>
      <input id={id} ref={input} type="password" autoComplete="current-password" />
      <ErrorBox message={error} />
      <div className="wallet-details__actions">
        <button type="submit" className="button button--primary" disabled={connecting}>
          {connecting ? 'Unlocking…' : 'Unlock'}
        </button>
        <button type="button" className="button" onClick={() => void disconnectWallet('device')}>
          Forget this key
        </button>
      </div>
    </form>
  )
}
