import { useId } from 'react'

import type { KeyProtection } from '../../../worker/api.ts'

/** The shortest passphrase the engine accepts. */
export const MIN_PASSPHRASE = 8

/** What the setup's protection fields hold. */
export interface ProtectionDraft {
  passphrase: string
  repeat: string
  /** The user declined a passphrase, having read what that risks. */
  declined: boolean
}

export const EMPTY_PROTECTION: ProtectionDraft = { passphrase: '', repeat: '', declined: false }

/** The protection to send, or why the fields are not ready yet. */
export function protectionOf(draft: ProtectionDraft): KeyProtection | string {
  if (draft.declined) return { kind: 'device' }
  if ([...draft.passphrase].length < MIN_PASSPHRASE) {
    return `Choose a passphrase of at least ${MIN_PASSPHRASE} characters, or go without one`
  }
  if (draft.passphrase !== draft.repeat) return 'The two passphrases differ'
  return { kind: 'passphrase', passphrase: draft.passphrase }
}

/**
 * Before GEM Wallet opens: what the key can do, and how it is kept here — a passphrase that wraps it
 * (asked again after a reload), or, declined, the browser alone, with what that risks.
 */
export function KeyProtectionFields({
  draft,
  onChange,
  disabled,
}: {
  draft: ProtectionDraft
  onChange: (draft: ProtectionDraft) => void
  disabled: boolean
}) {
  const ids = { pass: useId(), repeat: useId(), decline: useId() }
  return (
    <fieldset className="setup__protection" disabled={disabled}>
      <legend>Before you continue</legend>
      <p className="setup__warning" data-testid="setup-key-warning">
        This key can sign <strong>any</strong> transaction of your account — payments included —
        until it is removed from the account. Remove it when you are done (Wallet Details → Remove
        the signing key from the account).
      </p>
      <label htmlFor={ids.pass}>Passphrase to protect the key on this device</label>
      <input
        id={ids.pass}
        type="password"
        autoComplete="new-password"
        value={draft.passphrase}
        disabled={draft.declined}
        onChange={(event) => onChange({ ...draft, passphrase: event.target.value })}
      />
      <label htmlFor={ids.repeat}>Repeat the passphrase</label>
      <input
        id={ids.repeat}
        type="password"
        autoComplete="new-password"
        value={draft.repeat}
        disabled={draft.declined}
        onChange={(event) => onChange({ ...draft, repeat: event.target.value })}
      />
      <p className="tab-muted">
        The key is encrypted with it and the passphrase is kept nowhere: after a reload the app asks
        for it before it can sign. Forgotten, the key cannot be recovered (set up a new one).
      </p>
      <label htmlFor={ids.decline} className="setup__decline">
        <input
          id={ids.decline}
          type="checkbox"
          checked={draft.declined}
          onChange={(event) => onChange({ ...draft, declined: event.target.checked })}
        />{' '}
        Go without a passphrase
      </label>
      {draft.declined && (
        <p className="setup__risk" role="note" data-testid="setup-no-passphrase-risk">
          Without a passphrase the key is kept under a key of this browser: any script that runs in
          this page (a malicious extension, say) could use it to sign for your account, and a copy
          of this browser&apos;s profile may reveal it.
        </p>
      )}
    </fieldset>
  )
}
