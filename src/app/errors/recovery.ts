/**
 * What the error recovery screen does to the device's state (spec part 2 §4 Error boundary): clear
 * the caches before retrying, remember a refresh, and finish that cleanup on the next start.
 */
import { logFailure } from '../../shared/errors.ts'
import { engine } from '../engine.ts'
import { applyDarkMode } from '../state/ui.ts'
import { isDisposableCache, isRecentRecovery, RECOVERY_KEY } from './recoveryRules.ts'

/** Reads and removes the 'Refresh Page' timestamp; null when absent or storage is blocked. */
function takeRecoveryStamp(): string | null {
  try {
    const stamp = sessionStorage.getItem(RECOVERY_KEY)
    sessionStorage.removeItem(RECOVERY_KEY)
    return stamp
  } catch {
    return null
  }
}

/**
 * At start-up, after a 'Refresh Page' less than 30 s ago: clears the metadata cache (a cache too big
 * for the device is the usual cause of a crash loop on phones). The timestamp is removed either way.
 */
export async function applyRecoveryOnStart(): Promise<void> {
  if (!isRecentRecovery(takeRecoveryStamp(), Date.now())) return
  await engine.clearMetadataCache().catch(logFailure('clearing the metadata cache on recovery'))
}

/** 'Refresh Page' / 'Try Again': records the attempt, then reloads. */
export function refreshForRecovery(): void {
  try {
    sessionStorage.setItem(RECOVERY_KEY, String(Date.now()))
  } catch {
    // Storage blocked: the reload still helps, only the cleanup on start is lost.
  }
  location.reload()
}

/** Drops the app's runtime caches in CacheStorage, keeping the service worker's precache. */
async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter(isDisposableCache).map((name) => caches.delete(name)))
}

/** Resets the preferences to their defaults, except hasSeenSplash (and the network in use). */
async function resetPreferences(): Promise<void> {
  applyDarkMode(false)
  await engine.saveSettings({ darkMode: false, preferredAuthMethod: null, ipfsGateways: [] })
}

/**
 * 'Clear Cache & Recover': the metadata cache, the runtime caches and the preferences. Each part is
 * tried even when another fails; the stored GEM session and job history stay.
 *
 * @returns true when every part was cleared.
 */
export async function clearForRecovery(): Promise<boolean> {
  const results = await Promise.allSettled([
    engine.clearMetadataCache(),
    clearRuntimeCaches(),
    resetPreferences(),
  ])
  const failures = results.filter((result) => result.status === 'rejected')
  for (const failure of failures) console.error('Recovery cleanup failed:', failure.reason)
  return failures.length === 0
}

/** The metadata cache's size in KB, or 0 when it cannot be read (the engine may be the problem). */
export async function metadataCacheKb(): Promise<number> {
  try {
    return (await engine.getCacheStats()).sizeKb
  } catch (error) {
    logFailure('reading the metadata cache size')(error)
    return 0
  }
}
