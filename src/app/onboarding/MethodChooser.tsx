import { chooseMethod } from '../state/session.ts'

/**
 * STUB (onboarding helper replaces it; its real chooser must keep a card button named 'Seed Phrase
 * Access', which the e2e helper openMainShell clicks).
 */
export function MethodChooser() {
  return (
    <main className="main">
      <button type="button" onClick={() => void chooseMethod('seed')}>
        Seed Phrase Access
      </button>
    </main>
  )
}
