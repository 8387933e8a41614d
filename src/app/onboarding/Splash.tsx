import { getStarted } from '../state/session.ts'

/** STUB (onboarding helper replaces it; the NFT branch added Get Started for its e2e runs). */
export function Splash() {
  return (
    <main className="main">
      Splash
      <button type="button" onClick={() => void getStarted()}>
        Get Started
      </button>
    </main>
  )
}
