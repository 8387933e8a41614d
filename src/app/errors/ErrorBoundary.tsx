import type { ReactNode } from 'react'

/** STUB (onboarding helper replaces it): the error boundary and its recovery screen. */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return <>{children}</>
}
