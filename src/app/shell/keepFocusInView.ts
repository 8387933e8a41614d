/**
 * When the virtual keyboard opens, the page's viewport shrinks (index.html asks for
 * `interactive-widget=resizes-content`) and the field being typed in may end up under the keyboard
 * or the fixed footer. After each resize the focused field is scrolled back into view; the root's
 * scroll-padding (app.css) keeps it clear of the sticky header and the footer.
 */

/** Whether an element takes typing (a text field, a text area, an editable element). */
function takesTyping(element: Element | null): element is HTMLElement {
  if (element instanceof HTMLTextAreaElement) return true
  if (element instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'file', 'submit', 'reset'].includes(
      element.type,
    )
  }
  return element instanceof HTMLElement && element.isContentEditable
}

/** Starts watching the viewport's size; runs once at start. */
export function keepFocusedFieldInView(): void {
  let frame = 0
  const onResize = () => {
    cancelAnimationFrame(frame)
    frame = requestAnimationFrame(() => {
      const field = document.activeElement
      if (takesTyping(field)) field.scrollIntoView({ block: 'nearest' })
    })
  }
  window.addEventListener('resize', onResize)
  window.visualViewport?.addEventListener('resize', onResize)
}
