import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import { convertHexToString } from 'xrpl'
import type { AccountNFToken, AccountNFTsRequest, AccountNFTsResponse } from 'xrpl'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { withSandboxClient } from './support/gemStandIn.ts'
import { cacheEntries, waitForHooks } from './support/hooks.ts'
import type { E2eWindow } from './support/hooks.ts'

/** Demo holder NFTs whose metadata is inline (`data:` URIs): cached at once, nothing to fetch. */
async function inlineMetadataNfts(): Promise<string[]> {
  const holder = demoAccounts().holder.classicAddress
  const nfts = await withSandboxClient(async (client) => {
    const found: AccountNFToken[] = []
    let marker: unknown = undefined
    do {
      const request: AccountNFTsRequest = {
        command: 'account_nfts',
        account: holder,
        limit: 400,
        marker,
      }
      const page: AccountNFTsResponse = await client.request(request)
      found.push(...page.result.account_nfts)
      marker = page.result.marker
    } while (marker !== undefined)
    return found
  })
  return nfts
    .filter((nft) => nft.URI && convertHexToString(nft.URI).startsWith('data:'))
    .map((nft) => nft.NFTokenID)
}

/** Fills the metadata cache through the engine; returns its entry count. */
async function fillCache(page: Page): Promise<number> {
  const ids = await inlineMetadataNfts()
  expect(ids.length).toBeGreaterThan(0)
  const holder = demoAccounts().holder.classicAddress
  return await page.evaluate(
    ([account, nftIds]) =>
      (window as unknown as E2eWindow).__e2e!.fillMetadataCache(account, nftIds),
    [holder, ids] as const,
  )
}

async function crash(page: Page, isMobile: boolean): Promise<void> {
  await page.evaluate(() => (window as unknown as E2eWindow).__e2e!.crashUi())
  const title = isMobile ? 'Mobile Browser Issue' : 'Something went wrong'
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
}

test('a UI crash shows the recovery screen; Clear Cache & Recover brings the app back', async ({
  page,
  isMobile,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await page.getByRole('button', { name: 'Seed Phrase Access' }).click()
  await expect(page.getByRole('contentinfo')).toContainText('XRPL NFT Manager')
  await waitForHooks(page)
  expect(await fillCache(page)).toBeGreaterThan(0)

  await crash(page, isMobile)
  await expect(
    page.getByRole('button', { name: isMobile ? 'Try Again' : 'Refresh Page' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back to Home' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear Cache & Recover' }).click()

  await expect(page.getByRole('contentinfo')).toContainText('XRPL NFT Manager')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  expect(await cacheEntries(page)).toBe(0)

  // The preferred method was cleared, the splash flag kept: a new start opens the chooser.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose How to Connect' })).toBeVisible()
})

test('Refresh Page reloads, and a start within 30 s clears the metadata cache', async ({
  page,
  isMobile,
}) => {
  await page.goto('/')
  await waitForHooks(page)
  expect(await fillCache(page)).toBeGreaterThan(0)
  await crash(page, isMobile)

  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: isMobile ? 'Try Again' : 'Refresh Page' }).click(),
  ])

  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
  await waitForHooks(page)
  await expect.poll(() => cacheEntries(page)).toBe(0)
  expect(await page.evaluate(() => sessionStorage.getItem('error_recovery_attempt'))).toBeNull()
})

test('Back to Home goes to the root path', async ({ page, isMobile }) => {
  await page.goto('/?from=e2e')
  await waitForHooks(page)
  await crash(page, isMobile)

  await page.getByRole('button', { name: 'Back to Home' }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
})
