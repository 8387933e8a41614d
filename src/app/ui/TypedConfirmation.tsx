import { useId } from 'react'

interface TypedConfirmationProps {
  /** The words to type, exactly (the spec's 'CANCEL {count} OFFERS', 'BURN {count} NFTS'). */
  expected: string
  typed: string
  onType: (typed: string) => void
  /** Enter in the field, once the words match (the caller checks what else must hold). */
  onEnter: () => void
  /** The label's and the field's classes, as the dialog lays them out. */
  labelClass: string
  inputClass: string
}

/** Whether the typed words are the expected ones (exactly: the spec asks for the exact text). */
export function typedMatches(typed: string, expected: string): boolean {
  return typed === expected
}

/**
 * 'Type {expected} to confirm' and its field. The words must be typed exactly as shown; when they
 * differ only in capitals or spaces, the field says so (a user who typed 'cancel 3 offers' sees why
 * Confirm stays off, instead of guessing).
 */
export function TypedConfirmation(props: TypedConfirmationProps) {
  const { expected, typed, onType, onEnter } = props
  const inputId = useId()
  const hintId = useId()
  const nearly =
    !typedMatches(typed, expected) &&
    typed.trim().replace(/\s+/g, ' ').toUpperCase() === expected.toUpperCase()
  return (
    <>
      <label htmlFor={inputId} className={props.labelClass}>
        Type <strong>{expected}</strong> to confirm
      </label>
      <input
        id={inputId}
        className={props.inputClass}
        value={typed}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-describedby={hintId}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && typedMatches(typed, expected)) onEnter()
        }}
      />
      <p id={hintId} className="typed-confirmation__hint" role="status">
        {nearly ? 'Almost: type it exactly as shown, in capital letters.' : ''}
      </p>
    </>
  )
}
