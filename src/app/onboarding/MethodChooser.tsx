/** STUB (onboarding helper replaces it). */
export function MethodChooser() {
  return <main className="main">MethodChooser</main>
}
