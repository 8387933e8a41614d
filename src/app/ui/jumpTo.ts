/**
 * Jumps to a section of the page by its id and gives it the focus, so the keyboard and a screen
 * reader are where the eyes are. A jump, not a smooth scroll: from deep in the virtualized grid, rows
 * measured on the way move the page and stop a smooth scroll short. The page's scroll padding keeps
 * the section clear of the sticky header (see Header). The section needs `tabIndex={-1}`.
 *
 * @returns whether the section was on the page.
 */
export function jumpTo(id: string): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  target.scrollIntoView({ block: 'start', behavior: 'instant' })
  target.focus({ preventScroll: true })
  return true
}

/**
 * Brings an element that just changed into view and gives it the focus (a heading with
 * `tabIndex={-1}`): a smooth scroll, or a jump where the user asked for reduced motion. For a short
 * way above the virtualized grid (see jumpTo for why a long one jumps).
 */
export function reveal(target: HTMLElement): void {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  target.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' })
  target.focus({ preventScroll: true })
}
