import { signingWallet, useSession } from '../state/session.ts'
import { askKeyRemoval } from './keyRemovalState.ts'

/**
 * On a finished job's card of a regular-key session: the key this app signs with can sign anything
 * until removed, so the end of the work is the moment to offer its removal.
 */
export function RemoveKeyHint() {
  const { wallet } = useSession()
  if (signingWallet(wallet)?.signing !== 'regular') return null
  return (
    <p className="tab-muted" data-testid="remove-key-hint">
      <button type="button" className="button" onClick={() => void askKeyRemoval()}>
        Done? Remove this app&apos;s signing key from your account
      </button>
    </p>
  )
}
