import { expect, test } from './support/test.ts'
import type { Page, TestInfo } from '@playwright/test'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { installGemStandIn, regularKeyOf } from './support/gemStandIn.ts'
import { storedRows } from './support/hooks.ts'
import { expectConnected, openWalletDropdown, walletButton } from './support/shell.ts'

// Desktop and mobile run on the same sandbox ledger: each test and project has its own account.
const ACCOUNTS = { connect: [39, 40], refused: [41, 42], noAddress: [43, 44] } as const

function accountFor(testInfo: TestInfo, use: keyof typeof ACCOUNTS) {
  const index = ACCOUNTS[use][testInfo.project.name === 'mobile' ? 1 : 0]
  const account = demoAccounts().recipients[index]
  if (!account) throw new Error(`no demo recipient #${index + 1}`)
  return account
}

async function openSetup(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await page.getByRole('button', { name: 'Gem Wallet' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Regular Key Setup' })).toBeVisible()
  await expect(page.getByText('GEM Wallet installed')).toBeVisible()
}

/** Generates a key in the engine; returns the address the field shows. */
async function generateKey(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Generate New Regular Key' }).click()
  const field = page.getByLabel('Regular key address')
  await expect(field).toHaveValue(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/)
  return await field.inputValue()
}

async function expectMainShell(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toContainText('XRPL NFT Manager')
  await expect(page.getByTestId('footer-network')).toHaveText('Sandbox')
}

test('GEM Wallet sets a generated regular key; the app connects and restores it after a reload', async ({
  page,
}, testInfo) => {
  const account = accountFor(testInfo, 'connect')
  await installGemStandIn(page, { account })
  await openSetup(page)
  const submit = page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' })
  await expect(submit).toBeDisabled()

  const keyAddress = await generateKey(page)
  const panel = page.getByRole('region', { name: 'New regular key generated' })
  await expect(panel).toContainText(keyAddress)
  await expect(panel).toContainText('you never see it')
  await submit.click()

  await expect(page.getByRole('button', { name: 'Setting Up Regular Key...' })).toBeDisabled()
  const success = page.getByRole('region', { name: 'Regular Key Set Successfully!' })
  await expect(success).toBeVisible()
  await expect(success.getByTestId('setup-hash')).toHaveText(/^[0-9A-F]{64}$/)
  await expect(success.getByTestId('setup-primary')).toHaveText(account.classicAddress)
  await expect(success.getByTestId('setup-regular-key')).toHaveText(keyAddress)
  await expect(success).toContainText('Redirecting you to the main application...')
  await expectMainShell(page)
  await expectConnected(page, account.classicAddress)
  expect(await regularKeyOf(account.classicAddress)).toBe(keyAddress)

  // Session restore: the stored key brings the main shell straight back, without any setup (the
  // remembered method alone would open the Regular Key setup again).
  await page.reload()
  await expectMainShell(page)
  await expectConnected(page, account.classicAddress)
  await expect(page.getByRole('heading', { name: 'Regular Key Setup' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0)

  // 'Forget this device': the stored key is deleted, so a reload no longer reconnects.
  const dropdown = await openWalletDropdown(page)
  await dropdown.getByRole('button', { name: 'Forget this device' }).click()
  const confirm = page.getByRole('dialog', { name: 'Forget this device?' })
  await confirm.getByRole('button', { name: 'Forget this device' }).click()
  await expect(walletButton(page)).toHaveText('Connect Wallet')
  expect(await storedRows(page, 'storedKeys')).toEqual([])
  // After a reload no session comes back: the remembered method opens the setup again.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Regular Key Setup' })).toBeVisible()
  await expect(walletButton(page)).toHaveCount(0)
  // The key itself is still the account's RegularKey on the ledger: only this device forgot it.
  expect(await regularKeyOf(account.classicAddress)).toBe(keyAddress)
})

test('GEM Wallet rejecting the transaction shows the spec error and changes nothing', async ({
  page,
}, testInfo) => {
  const account = accountFor(testInfo, 'refused')
  const before = await regularKeyOf(account.classicAddress)
  await installGemStandIn(page, { account, setRegularKey: 'reject' })
  await openSetup(page)
  await generateKey(page)

  await page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }).click()

  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Failed to set regular key - unknown error',
  )
  await expect(page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' })).toBeEnabled()
  expect(await regularKeyOf(account.classicAddress)).toBe(before)
})

test('GEM Wallet giving no address shows the spec error', async ({ page }, testInfo) => {
  const account = accountFor(testInfo, 'noAddress')
  await installGemStandIn(page, { account, getAddress: 'refuse' })
  await openSetup(page)
  await generateKey(page)

  await page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }).click()

  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Failed to get address from GEM Wallet',
  )
})
