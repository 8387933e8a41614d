import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { focusBefore } from './focusMemory.ts'
import { quietFocus } from './quietFocus.ts'
import { usePopup } from './usePopup.ts'
import './ui.css'

/** A modal dialog's content and how it closes. */
export interface ModalProps {
  /** The dialog's title (its accessible name). */
  title: string
  /** Called on Escape, on a press on the backdrop, and by the dialog's own buttons. */
  onClose: () => void
  children: ReactNode
}

/**
 * A modal dialog: render it only while it is open. Focus moves into it and stays there (Tab
 * cycles), Escape or a press outside closes it, and focus returns to where it was before.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  // Read as the dialog first renders: once it has, focus is inside it (usePopup moved it there).
  const [before] = useState(focusBefore)
  usePopup({ container: dialog, onClose })
  useEffect(
    () => () => {
      if (before?.isConnected) quietFocus(before)
    },
    [before],
  )
  return (
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  )
}
