import type { ReactNode } from 'react'

/** The red box of a failure, announced to screen readers; nothing when there is no message. */
export function ErrorBox({ message }: { message: ReactNode }) {
  if (message === null || message === undefined || message === false || message === '') return null
  return (
    <p className="error-box" role="alert">
      {message}
    </p>
  )
}
