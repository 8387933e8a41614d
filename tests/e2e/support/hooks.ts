/**
 * The e2e build's test hooks on `window.__e2e` (src/app/errors/e2eHooks.ts), and a read of the
 * page's IndexedDB as the app stores it, for the specs.
 */
import type { Page } from '@playwright/test'

import type { JobPlan, JobRequest } from '../../../src/worker/api.ts'

/** What the e2e build exposes. */
export interface E2eHooks {
  crashUi(): void
  fillMetadataCache(account: string, nftIds: string[]): Promise<number>
  metadataCacheEntries(): Promise<number>
  planJob(request: JobRequest): Promise<JobPlan>
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

/** Every row of one store of the app's IndexedDB, read in the page (what the app itself sees). */
export async function storedRows<T>(page: Page, store: string): Promise<T[]> {
  return (await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('xrpl-nft-manager')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    try {
      return await new Promise<unknown[]>((resolve, reject) => {
        const read = db.transaction(name).objectStore(name).getAll()
        read.onsuccess = () => resolve(read.result)
        read.onerror = () => reject(new Error(String(read.error)))
      })
    } finally {
      db.close()
    }
  }, store)) as T[]
}
