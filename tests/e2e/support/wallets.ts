/** e2e helpers of the external wallets (their stand-ins are in this folder). */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

import { expectConnected, ledgerConnected, openMainShell, openWalletDropdown } from './shell.ts'

/**
 * Opens the app and connects the wallet listed as `wallet` in the wallet menu (its item must say
 * `how` it approves), then waits until `address` is connected with its `nfts` NFTs listed. Returns
 * the wallet list's item.
 */
export async function connectFromMenu(
  page: Page,
  wallet: { id: string; name: string; how: string },
  address: string,
  nfts: number,
): Promise<Locator> {
  await openMainShell(page)
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  const item = dropdown.locator(`[data-wallet="${wallet.id}"]`)
  await expect(item).toContainText(wallet.how)
  await item.getByRole('button', { name: `Connect ${wallet.name}` }).click()
  await expectConnected(page, address)
  await expect(page.getByTestId('collection-counts')).toContainText(`${nfts} total`, {
    timeout: 30_000,
  })
  return item
}

/** The wallet menu says the wallet approves the account's jobs (with its master key). */
export async function expectApprovesWithMaster(page: Page, name: string): Promise<void> {
  const menu = await openWalletDropdown(page)
  await expect(menu).toContainText(`${name} approves each job's transactions (its master key)`)
  await page.keyboard.press('Escape')
}
