/** e2e helpers of the NFT collection: connecting the Sandbox demo holder through the UI. */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

import { connectDemoWallet, openMainShell } from './shell.ts'

/** The demo holder's NFT count (src/sandbox/demo: five collections). */
export const DEMO_HOLDER_NFTS = 250

/**
 * Opens the app and connects the Sandbox demo holder as a user does: past the splash and the method
 * chooser when they show, then the header's 'Connect Wallet' and 'Use demo wallet'.
 */
export async function connectDemo(page: Page): Promise<void> {
  await openMainShell(page)
  await connectDemoWallet(page)
  await expect(page.getByRole('heading', { name: 'NFT Collection' })).toBeVisible()
}

/** The collection's counts line ('n selected', 'n filtered', 'n total'). */
export function collectionCounts(page: Page): Locator {
  return page.getByTestId('collection-counts')
}

/** Waits until the whole list is in (the total count) and no longer loading from the ledger. */
export async function waitForNfts(page: Page, total = DEMO_HOLDER_NFTS): Promise<void> {
  await expect(collectionCounts(page)).toContainText(`${total} total`, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Load NFTs' })).toBeEnabled()
}

/** The card whose checkbox has this name. */
export function card(page: Page, name: string): Locator {
  return page
    .getByTestId('nft-card')
    .filter({ has: page.getByRole('checkbox', { name, exact: true }) })
}

/**
 * Waits until the metadata load is done but for the demo's slow documents (3 answer after 30 s):
 * the progress line says at least 247 of 250, or is gone.
 */
export async function waitForMetadata(page: Page, total = DEMO_HOLDER_NFTS): Promise<void> {
  const progress = page.getByTestId('load-progress')
  await expect
    .poll(
      async () => {
        // allTextContents does not wait: an absent line (load finished) gives [].
        const [text] = await progress.allTextContents()
        if (text === undefined) return true
        const done = /Loading metadata: (\d+) of/.exec(text)?.[1]
        return done !== undefined && Number(done) >= total - 3
      },
      { timeout: 45_000 },
    )
    .toBe(true)
}
