import { useId, useState } from 'react'
import type { KeyboardEventHandler, RefObject } from 'react'

/** The secret field and what its owner needs to know about it. */
interface SecretInputProps {
  /** The input, which the owner reads when connecting and clears afterwards. */
  inputRef: RefObject<HTMLInputElement | null>
  label: string
  /** Told whether the input is blank (empty or whitespace) after each change. */
  onBlankChange: (blank: boolean) => void
  onKeyDown: KeyboardEventHandler<HTMLInputElement>
}

/**
 * A password input with a show/hide toggle. Uncontrolled on purpose: the secret lives only in the
 * DOM input until it is sent to the worker, never in React or valtio state.
 */
export function SecretInput({ inputRef, label, onBlankChange, onKeyDown }: SecretInputProps) {
  const [visible, setVisible] = useState(false)
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="secret-input">
        <input
          ref={inputRef}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event) => onBlankChange(!event.target.value.trim())}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="secret-input__toggle"
          aria-label="Show secret"
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  )
}
