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
}

/**
 * A tooltip shown while its trigger is hovered or focused, and read as the trigger's description.
 *
 * @example
 * ```tsx
 * <Tooltip text="Permanently destroy NFTs">{(props) => <button {...props}>Burn</button>}</Tooltip>
 * ```
 */
export function Tooltip({ text, children, placement = 'below' }: TooltipProps) {
  const id = useId()
  return (
    <span className="tooltip" data-placement={placement}>
      {children({ 'aria-describedby': id })}
      <span id={id} role="tooltip" className="tooltip__bubble">
        {text}
      </span>
    </span>
  )
}
