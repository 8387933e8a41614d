/**
 * e2e build only: a switch that makes the UI throw on its next render, so tests can reach the
 * recovery screen. Imported only behind `import.meta.env.MODE === 'e2e'`, so a production build
 * leaves it out entirely.
 */
let armed = false
const listeners = new Set<() => void>()

/** Makes CrashTrigger throw on its next render (and keep throwing until the boundary caught it). */
export function armCrash(): void {
  armed = true
  for (const listener of listeners) listener()
}

/** The boundary caught the crash: renders succeed again. */
export function disarmCrash(): void {
  armed = false
}

/** Whether the next render throws. */
export function crashArmed(): boolean {
  return armed
}

/** useSyncExternalStore's subscribe. */
export function subscribeCrash(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
