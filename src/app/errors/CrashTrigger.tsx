import { useSyncExternalStore } from 'react'

import { crashArmed, subscribeCrash } from './crashSwitch.ts'

/**
 * e2e build only: renders nothing, and throws once window.__e2e.crashUi() armed the switch — an
 * uncaught render error like any other, under the error boundary.
 */
export function CrashTrigger() {
  if (useSyncExternalStore(subscribeCrash, crashArmed)) {
    throw new Error('Crash requested by the e2e test (window.__e2e.crashUi)')
  }
  return null
}
