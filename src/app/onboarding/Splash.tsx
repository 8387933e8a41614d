/** STUB (onboarding helper replaces it). */
export function Splash() {
  return <main className="main">Splash</main>
}
