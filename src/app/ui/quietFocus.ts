/**
 * Focus moved by a script (a menu opening on its first item, a dialog giving focus back) is not the
 * user pointing at something: after a key press the browser still counts it as `:focus-visible`, and
 * the element's tooltip would open over what the user is reading (the wallet menu's first method over
 * its Quick Connect title). The element is marked until it loses focus, and the tooltip's CSS skips a
 * marked trigger; the focus ring stays.
 */

/** The attribute that marks an element focused by a script (see the module comment). */
export const QUIET_FOCUS_ATTRIBUTE = 'data-quiet-focus'

/**
 * Focuses `element` for the user without opening its tooltip.
 *
 * @param options - passed to `focus()`.
 */
export function quietFocus(element: HTMLElement, options?: FocusOptions): void {
  element.setAttribute(QUIET_FOCUS_ATTRIBUTE, '')
  element.addEventListener('blur', () => element.removeAttribute(QUIET_FOCUS_ATTRIBUTE), {
    once: true,
  })
  element.focus(options)
}
