import { useEffect } from 'react'

import { enterMainShell } from '../../state/sessionStart.ts'
import type { SetupSuccess } from './regularKeyFlow.ts'

/** The spec's delay between the success panel and the main application (part 2 §9). */
export const REDIRECT_DELAY_MS = 2_000

/**
 * The success panel (spec part 2 §2): the transaction hash, the primary account and the regular
 * key, then the main application after two seconds.
 */
export function SetupSuccessPanel({ success }: { success: SetupSuccess }) {
  useEffect(() => {
    const timer = setTimeout(enterMainShell, REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  return (
    <section className="setup-success" aria-labelledby="setup-success-title">
      <h2 id="setup-success-title">Regular Key Set Successfully!</h2>
      <dl className="setup-success__facts">
        <dt>Transaction hash</dt>
        <dd data-testid="setup-hash">{success.hash}</dd>
        <dt>Primary account</dt>
        <dd data-testid="setup-primary">{success.primaryAddress}</dd>
        <dt>Regular key</dt>
        <dd data-testid="setup-regular-key">{success.regularKeyAddress}</dd>
      </dl>
      <p role="status">Redirecting you to the main application...</p>
    </section>
  )
}
