import { describe, expect, it } from 'vitest'

import {
  isDisposableCache,
  isMobileBrowser,
  isRecentRecovery,
  lowMemoryHint,
  recoveryTitle,
  refreshLabel,
} from '../../src/app/errors/recoveryRules.ts'

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36'

describe('the recovery screen on mobile and desktop', () => {
  it('counts a small viewport or a touch user agent as mobile', () => {
    expect(isMobileBrowser(1280, DESKTOP_UA)).toBe(false)
    expect(isMobileBrowser(375, DESKTOP_UA)).toBe(true)
    expect(isMobileBrowser(768, DESKTOP_UA)).toBe(true)
    expect(isMobileBrowser(769, DESKTOP_UA)).toBe(false)
    expect(isMobileBrowser(1280, PIXEL_UA)).toBe(true)
  })

  it("uses the spec's titles and refresh labels", () => {
    expect(recoveryTitle(false)).toBe('Something went wrong')
    expect(recoveryTitle(true)).toBe('Mobile Browser Issue')
    expect(refreshLabel(false)).toBe('Refresh Page')
    expect(refreshLabel(true)).toBe('Try Again')
  })

  it('hints at low memory only on mobile with a cache over 1000 KB', () => {
    expect(lowMemoryHint(true, 1000)).toBeNull()
    expect(lowMemoryHint(false, 5000)).toBeNull()
    expect(lowMemoryHint(true, 1000.4)).toBe(
      'Your device may be low on memory. Cache size: 1000KB. Try clearing cache first.',
    )
    expect(lowMemoryHint(true, 2048.6)).toBe(
      'Your device may be low on memory. Cache size: 2049KB. Try clearing cache first.',
    )
    expect(lowMemoryHint(true, Number.NaN)).toBeNull()
  })
})

describe('the refresh timestamp', () => {
  const now = 1_700_000_000_000

  it('is recent under 30 seconds', () => {
    expect(isRecentRecovery(String(now), now)).toBe(true)
    expect(isRecentRecovery(String(now - 29_999), now)).toBe(true)
    expect(isRecentRecovery(String(now - 30_000), now)).toBe(false)
  })

  it('is ignored when absent, malformed or from the future', () => {
    expect(isRecentRecovery(null, now)).toBe(false)
    expect(isRecentRecovery('soon', now)).toBe(false)
    expect(isRecentRecovery('', now)).toBe(false)
    expect(isRecentRecovery(String(now + 5_000), now)).toBe(false)
  })
})

describe('caches dropped while recovering', () => {
  it("keeps the service worker's precache, drops the rest", () => {
    expect(isDisposableCache('workbox-precache-v2-http://127.0.0.1:4173/')).toBe(false)
    expect(isDisposableCache('workbox-runtime-http://127.0.0.1:4173/')).toBe(true)
    expect(isDisposableCache('nft-images')).toBe(true)
  })
})
