/**
 * The header of a phone folds its top row (brand and controls) away while the page scrolls down and
 * brings it back on the way up, so that the fixed chrome leaves the screen to the content; the tab
 * bar stays. The CSS decides where it folds (narrow screens only).
 */
import { useEffect, useState } from 'react'
import type { RefObject } from 'react'

/** Pixels of scroll in one direction before the header reacts (a jitter is not a direction). */
const SCROLL_SLACK_PX = 8

/** What the header knows when the page scrolls. */
export interface ScrollMoment {
  /** The page's scroll offset now, and at the previous event. */
  y: number
  lastY: number
  /** Below this offset the header never folds (its full height is still on screen). */
  foldFrom: number
  /** A popup of the header is open (the wallet dropdown): it stays unfolded. */
  popupOpen: boolean
}

/**
 * Whether the header is folded after a scroll event. Pure.
 *
 * @param folded - whether it was folded before the event.
 * @param moment - the scroll offsets and the header's state.
 */
export function foldedAfterScroll(folded: boolean, moment: ScrollMoment): boolean {
  const { y, lastY, foldFrom, popupOpen } = moment
  if (popupOpen || y <= foldFrom) return false
  if (y > lastY + SCROLL_SLACK_PX) return true
  if (y < lastY - SCROLL_SLACK_PX) return false
  return folded
}

/**
 * Folds the header while the page scrolls down; unfolds it on the way up, near the top, while a
 * popup is open, or when keyboard focus enters its top row.
 *
 * @param header - the header element; the hook sets `--header-fold` on it (how far to slide up).
 * @param tabs - the row that stays (the tab bar's row).
 * @param popupOpen - whether a popup of the header is open.
 * @returns whether the header is folded.
 */
export function useCollapsingHeader(
  header: RefObject<HTMLElement | null>,
  tabs: RefObject<HTMLElement | null>,
  popupOpen: boolean,
): boolean {
  const [folded, setFolded] = useState(false)
  useEffect(() => {
    const element = header.current
    if (!element) return
    let lastY = window.scrollY
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const y = window.scrollY
        // The tab row's offset is the height of what folds away (it changes with the width).
        const fold = tabs.current?.offsetTop ?? 0
        element.style.setProperty('--header-fold', `-${fold}px`)
        setFolded((before) =>
          foldedAfterScroll(before, { y, lastY, foldFrom: element.offsetHeight, popupOpen }),
        )
        lastY = y
      })
    }
    // Keyboard focus in the folded row brings it back into view.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !tabs.current?.contains(event.target)) setFolded(false)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('focusin', onFocusIn)
    return () => {
      window.removeEventListener('scroll', onScroll)
      element.removeEventListener('focusin', onFocusIn)
      cancelAnimationFrame(frame)
    }
  }, [header, tabs, popupOpen])
  return folded && !popupOpen
}
