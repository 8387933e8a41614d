import { useId } from 'react'
import type { ReactNode } from 'react'

import './ui.css'

/** The props a tooltip's trigger must carry so assistive technology reads the tooltip. */
export interface TooltipTriggerProps {
  'aria-describedby': string
}

/** A tooltip's text and its trigger. */
export interface TooltipProps {
  /** The tooltip's text (spec texts verbatim). */
  text: string
  /** Renders the trigger (a focusable element) with the given props spread onto it. */
  children: (props: TooltipTriggerProps) => ReactNode
  /** Which side of the trigger the bubble appears on. Default below. */
  placement?: 'below' | 'above'
  /**
   * How the bubble lines up with the trigger: centred, or from its start or end edge (for triggers
   * near the side of the screen, so the bubble stays on it). Default center.
   */
  align?: 'center' | 'start' | 'end'
}

/**
 * A tooltip shown while its trigger is hovered or focused, and read as the trigger's description.
 *
 * @example
 * ```tsx
 * <Tooltip text="Permanently destroy NFTs">{(props) => <button {...props}>Burn</button>}</Tooltip>
 * ```
 */
export function Tooltip({ text, children, placement = 'below', align = 'center' }: TooltipProps) {
  const id = useId()
  return (
    <span className="tooltip" data-placement={placement} data-align={align}>
      {children({ 'aria-describedby': id })}
      <span id={id} role="tooltip" className="tooltip__bubble">
        {text}
      </span>
    </span>
  )
}
