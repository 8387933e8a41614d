/**
 * The error recovery screen's rules and numbers (spec part 2 §4 Error boundary, §8, §9), kept free of
 * browser and engine access so they can be tested on their own.
 */

/** sessionStorage key of the 'Refresh Page' timestamp (Unix ms). */
export const RECOVERY_KEY = 'error_recovery_attempt'
/** A refresh this recent makes the next start clear the metadata cache. */
export const RECOVERY_WINDOW_MS = 30_000
/** 'Clear Cache & Recover' retries rendering after this delay. */
export const CLEAR_RETRY_DELAY_MS = 1_000
/** On mobile, a metadata cache above this size (KB) earns the low-memory hint. */
export const LOW_MEMORY_CACHE_KB = 1_000
/** Viewports up to this width (CSS px) count as mobile. */
export const MOBILE_MAX_WIDTH = 768

const TOUCH_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|IEMobile|Opera Mini/i

/** A phone or tablet: a small viewport or a touch device's user agent. */
export function isMobileBrowser(viewportWidth: number, userAgent: string): boolean {
  return viewportWidth <= MOBILE_MAX_WIDTH || TOUCH_USER_AGENT.test(userAgent)
}

/** The recovery screen's title. */
export function recoveryTitle(mobile: boolean): string {
  return mobile ? 'Mobile Browser Issue' : 'Something went wrong'
}

/** The label of the button that reloads the page. */
export function refreshLabel(mobile: boolean): string {
  return mobile ? 'Try Again' : 'Refresh Page'
}

/**
 * The low-memory hint, or null when it does not apply (desktop, or a cache of 1000 KB or less).
 *
 * @param cacheKb - the metadata cache's size in KB (engine.getCacheStats().sizeKb).
 */
export function lowMemoryHint(mobile: boolean, cacheKb: number): string | null {
  if (!mobile || !(cacheKb > LOW_MEMORY_CACHE_KB)) return null
  return `Your device may be low on memory. Cache size: ${Math.round(cacheKb)}KB. Try clearing cache first.`
}

/**
 * Whether a stored 'Refresh Page' timestamp is recent enough for the start-up cleanup.
 *
 * @param stamp - the sessionStorage value (null when absent).
 * @param now - the current Unix ms.
 */
export function isRecentRecovery(stamp: string | null, now: number): boolean {
  if (stamp === null || !/^\d+$/.test(stamp)) return false
  const age = now - Number(stamp)
  return age >= 0 && age < RECOVERY_WINDOW_MS
}

/**
 * Whether a CacheStorage cache is one the app may drop while recovering: everything but the service
 * worker's precache, which holds the app shell and keeps the app opening offline.
 */
export function isDisposableCache(name: string): boolean {
  return !name.startsWith('workbox-precache')
}
