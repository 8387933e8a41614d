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
