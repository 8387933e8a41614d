import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

import { CrashTrigger } from './CrashTrigger.tsx'
import { disarmCrash } from './crashSwitch.ts'
import { RecoveryScreen } from './RecoveryScreen.tsx'

// The e2e build's test hooks (window.__e2e). The condition is a build-time constant, so a production
// build drops this import, CrashTrigger and the crash switch altogether.
if (import.meta.env.MODE === 'e2e') void import('./e2eHooks.ts')

interface ErrorBoundaryProps {
  children: ReactNode
}

interface ErrorBoundaryState {
  error: Error | null
}

/**
 * Catches any uncaught render error below it and shows the recovery screen instead of a blank page
 * (spec part 2 §4 Error boundary); the screen's 'Clear Cache & Recover' renders the app again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.MODE === 'e2e') disarmCrash()
    console.error('Uncaught UI error:', error, info.componentStack)
  }

  private readonly retry = (): void => {
    this.setState({ error: null })
  }

  override render(): ReactNode {
    if (this.state.error) return <RecoveryScreen error={this.state.error} onRetry={this.retry} />
    return (
      <>
        {this.props.children}
        {import.meta.env.MODE === 'e2e' && <CrashTrigger />}
      </>
    )
  }
}
