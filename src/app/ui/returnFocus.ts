/**
 * Focus going back to the button that opened a popup. Apart from usePopup.ts: the header's wallet
 * button needs it on the first screen, the popups themselves load on demand.
 */
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

import { quietFocus } from './quietFocus.ts'

/**
 * Gives focus back to `trigger` when a popup closes while focus was inside it (focus is then left
 * on the page body). A press on another control keeps the focus it moved there.
 *
 * @param open - whether the popup is open.
 * @param trigger - the button that opened it.
 */
export function useReturnFocus(open: boolean, trigger: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open)
  useEffect(() => {
    const closed = wasOpen.current && !open
    wasOpen.current = open
    if (!closed) return
    const active = document.activeElement
    if (active === null || active === document.body)
      if (trigger.current) quietFocus(trigger.current)
  }, [open, trigger])
}
