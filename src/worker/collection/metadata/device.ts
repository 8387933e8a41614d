/**
 * Whether the engine runs on a mobile device, where the spec caps the metadata cache at 3 MB
 * (mobile browsers evict storage aggressively and have small quotas).
 */

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i

/** Whether a user-agent string names a mobile browser. */
export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_AGENT.test(userAgent)
}

/**
 * Detects a mobile device from `navigator.userAgent` (available in workers too); false where there is
 * no navigator (Node before 21) or no user agent.
 */
export function detectMobile(): boolean {
  const nav = (globalThis as { navigator?: { userAgent?: unknown } }).navigator
  return typeof nav?.userAgent === 'string' && isMobileUserAgent(nav.userAgent)
}
