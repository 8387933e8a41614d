/**
 * The element the user last had focus on. A button that starts something is disabled while it works
 * ('Start Airdrop' → 'Processing...'), and a disabled element drops its focus to the page: the
 * dialog it then opens would give focus back to nothing, and a keyboard user would Tab from the top
 * again. Dialogs ask here where focus was before them.
 */
let last: HTMLElement | null = null

/**
 * Starts remembering where focus goes: at start, since the first dialog's code is loaded only when
 * it first opens, after its opener lost focus.
 */
export function startFocusMemory(): void {
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement) last = event.target
    },
    true,
  )
}

/** Where focus is, or — when it fell to the page — the element that last had it (if still shown). */
export function focusBefore(): HTMLElement | null {
  const active = document.activeElement
  if (active instanceof HTMLElement && active !== document.body) return active
  return last?.isConnected ? last : null
}
