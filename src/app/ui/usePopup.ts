/**
 * The behaviour every popup shares (wallet dropdown, modals): focus moves into it when
 * it opens, Tab cycles inside it, Escape and a press outside close it.
 */
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

import { quietFocus } from './quietFocus.ts'

/** What a popup needs from its owner. */
export interface PopupOptions {
  /** The popup's element (rendered only while open). */
  container: RefObject<HTMLElement | null>
  /** Called on Escape and on a press outside the popup (and outside `ignore`). */
  onClose: () => void
  /** An element whose presses do not count as outside: the button that toggles the popup. */
  ignore?: RefObject<HTMLElement | null>
  /** Keep Tab and Shift+Tab inside the popup (modal behaviour). Default true. */
  trapFocus?: boolean
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/**
 * The elements of `root` that Tab reaches, in order.
 *
 * @param root - the container to search.
 */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.getClientRects().length > 0,
  )
}

/** Moves Tab from the last element to the first and Shift+Tab from the first to the last. */
function cycleTab(root: HTMLElement, event: KeyboardEvent): void {
  const items = focusableIn(root)
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = document.activeElement
  const outside = !(active instanceof Node) || !root.contains(active)
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * Wires a popup's focus, keyboard and outside-press behaviour for as long as the calling component
 * is mounted: render the component only while the popup is open.
 *
 * @param options - the popup's element, how to close it, and whether focus is trapped.
 */
export function usePopup({ container, onClose, ignore, trapFocus = true }: PopupOptions): void {
  // The latest onClose without re-running the effect (it is usually a fresh closure each render).
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const root = container.current
    if (!root) return
    const active = document.activeElement
    if (!(active instanceof Node) || !root.contains(active)) {
      quietFocus(focusableIn(root)[0] ?? root)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        close.current()
      } else if (event.key === 'Tab' && trapFocus) {
        cycleTab(root, event)
      }
    }
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target
      if (!(target instanceof Node)) return
      if (root.contains(target) || ignore?.current?.contains(target)) return
      close.current()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [container, ignore, trapFocus])
}
