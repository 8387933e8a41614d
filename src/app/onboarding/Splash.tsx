import { getStarted } from '../state/session.ts'

/**
 * STUB (onboarding helper replaces it; its real splash must keep the 'Get Started' button, which
 * the e2e helper openMainShell clicks).
 */
export function Splash() {
  return (
    <main className="main">
      <button type="button" onClick={() => void getStarted()}>
        Get Started
      </button>
    </main>
  )
}
