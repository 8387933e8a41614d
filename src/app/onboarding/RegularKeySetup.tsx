/** STUB (onboarding helper replaces it). */
export function RegularKeySetup() {
  return <main className="main">RegularKeySetup</main>
}
