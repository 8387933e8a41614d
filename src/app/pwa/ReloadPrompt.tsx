import { useRegisterSW } from 'virtual:pwa-register/react'

/**
 * Tells the user when the app works offline and when an update is waiting. The update is applied only
 * when the user asks, because reloading stops the ledger engine. (Once jobs exist, this must also
 * wait for running jobs.)
 */
export function ReloadPrompt() {
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed:', error)
    },
  })
  if (!offlineReady && !needRefresh) return null
  const close = () => {
    setOfflineReady(false)
    setNeedRefresh(false)
  }
  return (
    <div className="toast" role="alert" data-testid="reload-prompt">
      <span>
        {needRefresh
          ? 'A new version is available. Reload to update.'
          : 'App ready to work offline.'}
      </span>
      {needRefresh && (
        <button type="button" onClick={() => void updateServiceWorker(true)}>
          Reload
        </button>
      )}
      <button type="button" onClick={close}>
        Close
      </button>
    </div>
  )
}
