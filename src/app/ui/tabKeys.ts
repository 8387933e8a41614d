/**
 * Keyboard movement inside a tablist (WAI-ARIA tabs pattern): arrow keys move to the previous or
 * next tab (wrapping), Home and End to the first and last; the moved-to tab is selected and focused.
 */
import type { KeyboardEvent } from 'react'

/**
 * The tab an arrow, Home or End key moves to, or null for any other key.
 *
 * @param key - the pressed key.
 * @param tabs - the tabs in order.
 * @param current - the focused tab.
 */
export function tabAfterKey<T>(key: string, tabs: readonly T[], current: T): T | null {
  const index = tabs.indexOf(current)
  if (tabs.length === 0) return null
  let next: T | undefined
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      next = tabs[(index + 1) % tabs.length]
      break
    case 'ArrowLeft':
    case 'ArrowUp':
      next = tabs[(index - 1 + tabs.length) % tabs.length]
      break
    case 'Home':
      next = tabs[0]
      break
    case 'End':
      next = tabs[tabs.length - 1]
      break
  }
  return next ?? null
}

/**
 * A keydown handler for a tablist whose tab buttons carry `data-tab` with their id.
 *
 * @param tabs - the tab ids in order.
 * @param current - the selected tab.
 * @param select - selects a tab.
 */
export function tabListKeyDown<T extends string>(
  tabs: readonly T[],
  current: T,
  select: (tab: T) => void,
): (event: KeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const next = tabAfterKey(event.key, tabs, current)
    if (next === null) return
    event.preventDefault()
    select(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus()
  }
}
