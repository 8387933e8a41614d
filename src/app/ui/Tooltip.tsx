import { useId, useState } from 'react'
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
  /**
   * The trigger is an item of a composite widget (a tab of a tablist), which may own only its items:
   * the bubble then has no role of its own and is read only as the trigger's description.
   */
  inComposite?: boolean
}

/**
 * A tooltip shown while its trigger is hovered or focused (not after a press, until the pointer
 * leaves), and read as the trigger's description.
 *
 * @example
 * ```tsx
 * <Tooltip text="Permanently destroy NFTs">{(props) => <button {...props}>Burn</button>}</Tooltip>
 * ```
 */
export function Tooltip({
  text,
  children,
  placement = 'below',
  align = 'center',
  inComposite = false,
}: TooltipProps) {
  const id = useId()
  // Pressed, the trigger has done its work: the bubble would only cover what the press opened.
  // It comes back once the pointer has left.
  const [pressed, setPressed] = useState(false)
  return (
    <span
      className="tooltip"
      data-placement={placement}
      data-align={align}
      data-pressed={pressed || undefined}
      onPointerDown={() => setPressed(true)}
      onPointerLeave={() => setPressed(false)}
    >
      {children({ 'aria-describedby': id })}
      <span
        id={id}
        className="tooltip__bubble"
        {...(inComposite ? { 'aria-hidden': true } : { role: 'tooltip' })}
      >
        {text}
      </span>
    </span>
  )
}
