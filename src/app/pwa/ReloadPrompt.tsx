import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'

import { appDb } from '../../db/queries/db.ts'
import { runningJobCount } from '../../db/queries/runningJobs.ts'
import { updateNotice } from './updateText.ts'

/** How long 'App ready to work offline.' stays up. */
const OFFLINE_READY_MS = 8_000

/**
 * Tells the user when the app works offline and when an update is waiting. The update is applied only
 * when the user asks, and never while a job runs on this device: the reload would stop the ledger
 * engine. A job is durable (it would resume after the reload), but stopping it mid-way is not the
 * user's wish; the prompt waits, and offers the reload once the job ends or is paused.
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
  // Unknown (still reading) counts as running: the reload is offered only once known to be safe.
  const running = useLiveQuery(() => runningJobCount(appDb()), [], 1)
  // 'Ready to work offline' is news, not a question: it goes by itself rather than sit over the
  // end of the page (an update waits for the user).
  useEffect(() => {
    if (!offlineReady || needRefresh) return
    const timer = setTimeout(() => setOfflineReady(false), OFFLINE_READY_MS)
    return () => clearTimeout(timer)
  }, [offlineReady, needRefresh, setOfflineReady])
  if (!offlineReady && !needRefresh) return null
  const close = () => {
    setOfflineReady(false)
    setNeedRefresh(false)
  }
  const notice = needRefresh ? updateNotice(running) : null
  return (
    <div className="toast" role="alert" data-testid="reload-prompt">
      <span>{notice ? notice.text : 'App ready to work offline.'}</span>
      {notice?.canReload && (
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
