import { useLiveQuery } from 'dexie-react-hooks'
import { useRegisterSW } from 'virtual:pwa-register/react'

import { appDb } from '../../db/queries/db.ts'
import { runningJobCount } from '../../db/queries/runningJobs.ts'

/**
 * Tells the user when the app works offline and when an update is waiting. The update is applied only
 * when the user asks, because reloading stops the ledger engine. A running job is durable (it resumes
 * after the reload without doing anything twice), but it pauses meanwhile, so the prompt says so.
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
  const running = useLiveQuery(() => runningJobCount(appDb()), [], 0)
  if (!offlineReady && !needRefresh) return null
  const close = () => {
    setOfflineReady(false)
    setNeedRefresh(false)
  }
  return (
    <div className="toast" role="alert" data-testid="reload-prompt">
      <span>
        {needRefresh
          ? `A new version is available. Reload to update.${running > 0 ? ' A job is running: it stops for the reload and then resumes where it was.' : ''}`
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
