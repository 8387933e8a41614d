/** The e2e build's test hooks on `window.__e2e` (src/app/errors/e2eHooks.ts), for the specs. */
import type { Page } from '@playwright/test'

/** What the e2e build exposes. */
export interface E2eHooks {
  crashUi(): void
  fillMetadataCache(account: string, nftIds: string[]): Promise<number>
  metadataCacheEntries(): Promise<number>
}

/** The page's window, with the hooks once the app has installed them. */
export type E2eWindow = { __e2e?: E2eHooks }

/** Waits until the app has installed its hooks. */
export async function waitForHooks(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as E2eWindow).__e2e !== undefined)
}

/** How many entries the metadata cache holds in the page's IndexedDB (every account's). */
export async function cacheEntries(page: Page): Promise<number> {
  await waitForHooks(page)
  return await page.evaluate(() => (window as unknown as E2eWindow).__e2e!.metadataCacheEntries())
}
