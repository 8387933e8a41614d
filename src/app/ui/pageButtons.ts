/**
 * The page buttons of a paged grid (spec part 2 §9): the first 5 pages, then an ellipsis and the last
 * page. A current page beyond the first 5 is shown too, between ellipses, so the user sees where they
 * are. Pages count from 1. Pure.
 */

/** A page number, or a gap. */
export type PageButton = number | 'gap'

/** Pages shown before the ellipsis. */
const LEADING_PAGES = 5

/** The buttons for `pages` pages with `current` shown. */
export function pageButtons(current: number, pages: number): PageButton[] {
  if (pages <= LEADING_PAGES + 1) return Array.from({ length: pages }, (_, i) => i + 1)
  const buttons: PageButton[] = Array.from({ length: LEADING_PAGES }, (_, i) => i + 1)
  if (current > LEADING_PAGES && current < pages) {
    if (current > LEADING_PAGES + 1) buttons.push('gap')
    buttons.push(current)
    if (current < pages - 1) buttons.push('gap')
  } else {
    buttons.push('gap')
  }
  buttons.push(pages)
  return buttons
}

/** How many pages `count` items fill at `size` a page (at least 1). */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size))
}
