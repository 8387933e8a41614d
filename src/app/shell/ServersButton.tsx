import { useState } from 'react'

import { useNetworkStatus } from '../state/network.ts'
import { LoadingBoundary, lazyNamed } from '../ui/lazyNamed.tsx'

const ServersDialog = lazyNamed(() => import('./ServersDialog.tsx'), 'ServersDialog')

/** The host of an endpoint URL, for a short label. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return endpoint
  }
}

/** The server in use, in the footer; opens 'Servers' (the network's servers and the user's own). */
export function ServersButton() {
  const { endpoint } = useNetworkStatus()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="footer__servers"
        data-testid="servers-button"
        title="The ledger servers: add your own"
        onClick={() => setOpen(true)}
      >
        {endpoint ? `Server: ${hostOf(endpoint)}` : 'Servers'}
      </button>
      {open && (
        <LoadingBoundary>
          <ServersDialog onClose={() => setOpen(false)} />
        </LoadingBoundary>
      )}
    </>
  )
}
