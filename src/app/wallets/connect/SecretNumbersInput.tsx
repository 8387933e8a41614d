import { useId, useState } from 'react'
import type { ClipboardEvent, KeyboardEventHandler, RefObject } from 'react'

import {
  SECRET_NUMBER_ROWS,
  SECRET_ROW_DIGITS,
  rowName,
  secretRowProblem,
  splitSecretNumbers,
} from '../../../shared/secretNumbers.ts'

interface SecretNumbersInputProps {
  /** The 8 row inputs, which the owner reads when connecting and clears afterwards. */
  rowsRef: RefObject<(HTMLInputElement | null)[]>
  /** Told whether every row is blank after each change. */
  onBlankChange: (blank: boolean) => void
  onKeyDown: KeyboardEventHandler<HTMLInputElement>
}

const ROWS = Array.from({ length: SECRET_NUMBER_ROWS }, (_, i) => i)

/**
 * Xaman's secret numbers: 8 rows of 6 digits, A to H. Each row is checked as it is typed (its last
 * digit is a checksum of the others), and a row in error is named at once. Uncontrolled, as the
 * other secret inputs: the digits live only in the inputs until they are sent to the worker; state
 * holds the rows' verdicts, never their digits. 48 digits pasted into a row fill all eight.
 */
export function SecretNumbersInput({ rowsRef, onBlankChange, onKeyDown }: SecretNumbersInputProps) {
  const id = useId()
  const [problems, setProblems] = useState<(string | null)[]>(() => ROWS.map(() => null))
  const inputs = () => rowsRef.current ?? []

  const check = (index: number, complete: boolean) => {
    const value = inputs()[index]?.value ?? ''
    const problem = value ? secretRowProblem(index, value, complete) : null
    setProblems((old) => old.map((p, i) => (i === index ? problem : p)))
    onBlankChange(inputs().every((input) => !input?.value.trim()))
    // A complete, right row moves on to the next.
    if (!problem && value.replace(/\s/g, '').length === SECRET_ROW_DIGITS && !complete)
      inputs()[index + 1]?.focus()
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const rows = splitSecretNumbers(event.clipboardData.getData('text'))
    if (!rows) return
    event.preventDefault()
    for (const [i, row] of rows.entries()) {
      const input = inputs()[i]
      if (input) input.value = row
    }
    setProblems(rows.map((row, i) => secretRowProblem(i, row)))
    onBlankChange(false)
  }
  const first = problems.find((p) => p !== null)

  return (
    <fieldset className="field secret-numbers" aria-describedby={first ? `${id}-error` : undefined}>
      <legend>Xaman&apos;s secret numbers: 8 rows of 6 digits (A to H)</legend>
      <div className="secret-numbers__rows">
        {ROWS.map((i) => (
          <label key={i} className="secret-numbers__row">
            <span>{rowName(i)}</span>
            <input
              ref={(el) => {
                const list = rowsRef.current ?? []
                list[i] = el
                rowsRef.current = list
              }}
              type="password"
              inputMode="numeric"
              maxLength={48}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              aria-label={`Row ${rowName(i)}`}
              aria-invalid={problems[i] ? true : undefined}
              onChange={() => check(i, false)}
              onBlur={() => check(i, true)}
              onPaste={onPaste}
              onKeyDown={onKeyDown}
            />
          </label>
        ))}
      </div>
      {first && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {first}
        </p>
      )}
    </fieldset>
  )
}
