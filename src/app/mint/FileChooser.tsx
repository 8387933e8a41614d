import { useRef } from 'react'

/**
 * A button that opens the file chooser; the input itself is hidden from view and from Tab (the
 * button is the keyboard's way in), and labelled for tests and assistive technology alike.
 */
export function FileChooser({
  label,
  inputLabel,
  accept,
  disabled,
  onFile,
}: {
  label: string
  inputLabel: string
  accept: string
  disabled: boolean
  onFile: (file: File) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="mint-file-input"
        aria-label={inputLabel}
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          // Cleared so that choosing the same file again (after fixing it) is seen as a change.
          event.target.value = ''
          if (chosen) onFile(chosen)
        }}
      />
    </>
  )
}
