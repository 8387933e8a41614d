import { useEffect, useState } from 'react'

import { clearForRecovery, metadataCacheKb, refreshForRecovery } from './recovery.ts'
import {
  CLEAR_RETRY_DELAY_MS,
  isMobileBrowser,
  lowMemoryHint,
  recoveryTitle,
  refreshLabel,
} from './recoveryRules.ts'
import './recovery.css'

interface RecoveryScreenProps {
  /** The error that was caught, shown under 'Error details'. */
  error: Error
  /** Renders the app again. */
  onRetry: () => void
}

/** On mobile, the metadata cache's size (the low-memory hint needs it); 0 until known. */
function useCacheKb(mobile: boolean): number {
  const [cacheKb, setCacheKb] = useState(0)
  useEffect(() => {
    if (!mobile) return
    let live = true
    void metadataCacheKb().then((kb) => {
      if (live) setCacheKb(kb)
    })
    return () => {
      live = false
    }
  }, [mobile])
  return cacheKb
}

/**
 * The error recovery screen (spec part 2 §4, §8): what happened, and three ways out — clear the
 * caches and render again, reload, or go back to the start page.
 */
export function RecoveryScreen({ error, onRetry }: RecoveryScreenProps) {
  const [mobile] = useState(() => isMobileBrowser(window.innerWidth, navigator.userAgent))
  const hint = lowMemoryHint(mobile, useCacheKb(mobile))
  const [clearing, setClearing] = useState(false)

  async function clearAndRecover(): Promise<void> {
    setClearing(true)
    await clearForRecovery()
    setTimeout(onRetry, CLEAR_RETRY_DELAY_MS)
  }

  return (
    <main className="recovery" aria-labelledby="recovery-title">
      <div className="recovery__card">
        <h1 id="recovery-title">{recoveryTitle(mobile)}</h1>
        <p>
          The app ran into an unexpected problem. Your stored wallet session and job history are
          kept on this device.
        </p>
        {hint && <p className="recovery__hint">{hint}</p>}
        <div className="recovery__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={clearing}
            onClick={() => void clearAndRecover()}
          >
            Clear Cache &amp; Recover
          </button>
          <button type="button" className="button" onClick={refreshForRecovery}>
            {refreshLabel(mobile)}
          </button>
          <button type="button" className="button" onClick={() => location.assign('/')}>
            Back to Home
          </button>
        </div>
        {clearing && <p role="status">Cache cleared. Recovering...</p>}
        <details className="recovery__details">
          <summary>Error details</summary>
          <pre>{error.message}</pre>
        </details>
      </div>
    </main>
  )
}
