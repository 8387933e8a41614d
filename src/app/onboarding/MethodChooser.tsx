import { chooseMethod } from '../state/session.ts'

/** STUB (onboarding helper replaces it; the NFT branch added Seed Phrase Access for its e2e runs). */
export function MethodChooser() {
  return (
    <main className="main">
      MethodChooser
      <button type="button" onClick={() => void chooseMethod('seed')}>
        Seed Phrase Access
      </button>
    </main>
  )
}
