/**
 * Crossmark, as a holder uses it: the wallet menu finds the extension, Connect signs in there (the
 * app holds no key), the airdrop's confirmation says how many approvals it takes, and the job runs in
 * windows the extension approves at once. A refusal and a closed extension pause the job with the
 * wallet's words; Resume asks again; every NFT is offered exactly once, signed by the account's key.
 */
import { expect, test } from './support/test.ts'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  airdropHolder,
  chooseCsv,
  distributionCsv,
  managerPanel,
  offersOwnedBy,
  selectAllNfts,
} from './support/airdrop.ts'
import { installCrossmarkStandIn } from './support/crossmarkStandIn.ts'
import { regularKeyOf } from './support/gemStandIn.ts'
import { fundedAccount } from './support/ledger.ts'
import {
  expectConnected,
  ledgerConnected,
  openMainShell,
  openWalletDropdown,
} from './support/shell.ts'

test.setTimeout(180_000)

const N = 60
/** Demo recipients 21–40: they accept offers but never accept them by themselves. */
const to = demoAccounts().recipients.slice(20, 40)

test('an airdrop approved in Crossmark: approvals before Start, a refusal and a closed wallet pause it, Resume finishes it once', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'Crossmark is a desktop browser extension')
  const holder = await airdropHolder(N)
  const crossmark = await installCrossmarkStandIn(page, holder, ['approve', 'refuse', 'close'])
  await openMainShell(page)
  await ledgerConnected(page)

  const dropdown = await openWalletDropdown(page)
  const item = dropdown.locator('[data-wallet="crossmark"]')
  await expect(item).toContainText('one approval for up to 50 transactions')
  await item.getByRole('button', { name: 'Connect Crossmark' }).click()
  await expectConnected(page, holder.address)
  await expect(page.getByTestId('collection-counts')).toContainText(`${N} total`, {
    timeout: 30_000,
  })
  const menu = await openWalletDropdown(page)
  await expect(menu).toContainText("Crossmark approves each job's transactions (its master key)")
  await page.keyboard.press('Escape')

  await page.getByRole('tab', { name: 'Airdrop' }).click()
  await chooseCsv(page, 'crossmark.csv', distributionCsv(to.map((w) => [w.address, N / to.length])))
  await selectAllNfts(page, N)
  const manager = managerPanel(page)
  await manager.getByRole('button', { name: 'Start Airdrop' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
  await expect(confirm.getByTestId('plan-transactions')).toHaveText(String(N))
  await expect(confirm.getByTestId('plan-approvals')).toHaveText('2 (up to 50 transactions each)')
  await confirm.getByRole('button', { name: 'Confirm and start' }).click()

  // The second window is refused: what the first approved is offered, the job waits for the user.
  const step = manager.getByTestId('progress-step')
  await expect(step).toHaveText(
    'Waiting for your approval in Crossmark: you declined in Crossmark. Resume to be asked again',
    { timeout: 60_000 },
  )
  await manager.getByRole('button', { name: 'Resume' }).click()
  // The third closes without an answer.
  await expect(step).toHaveText(
    'Waiting for Crossmark: Crossmark closed without an answer. Open it, then Resume',
    { timeout: 60_000 },
  )
  await manager.getByRole('button', { name: 'Resume' }).click()
  const results = manager.getByTestId('airdrop-results')
  await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
    timeout: 90_000,
  })
  await expect(results.getByTestId('results-successful')).toHaveText(String(N))

  expect(crossmark.rounds.map((r) => r.answer).slice(0, 3)).toEqual(['approve', 'refuse', 'close'])
  const approved = crossmark.rounds.filter((r) => r.answer === 'approve')
  expect(approved.reduce((sum, r) => sum + r.size, 0)).toBe(N)
  for (const r of approved) expect(r.size).toBeLessThanOrEqual(50)
  // On the ledger: one zero-amount offer per NFT, to its recipient, N in all.
  const offers = await offersOwnedBy(holder.address)
  expect(offers).toHaveLength(N)
  expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(N)
  const perRecipient = new Map<string, number>()
  for (const o of offers)
    perRecipient.set(o.Destination!, (perRecipient.get(o.Destination!) ?? 0) + 1)
  expect(Object.fromEntries(perRecipient)).toEqual(
    Object.fromEntries(to.map((w) => [w.address, N / to.length])),
  )
})

test("Crossmark sets up the app's regular key with one approval; the app signs with it from then on", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'Crossmark is a desktop browser extension')
  const account = await fundedAccount('secp256k1')
  const crossmark = await installCrossmarkStandIn(page, account)
  await openMainShell(page)
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  await dropdown
    .locator('[data-wallet="crossmark"]')
    .getByRole('button', { name: 'Connect Crossmark' })
    .click()
  await expectConnected(page, account.address)
  const menu = await openWalletDropdown(page)
  await menu.getByRole('button', { name: "Set up this app's regular key" }).click()
  await menu.getByLabel('Go without a passphrase').check()
  await menu.getByRole('button', { name: 'Approve in Crossmark' }).click()
  await expect(menu.getByTestId('wallet-regular-key')).toContainText("this device's signing key", {
    timeout: 30_000,
  })
  await expect(menu).toContainText('signs with its regular key')
  await expect(menu).not.toContainText('Crossmark approves')
  expect(crossmark.rounds.map((r) => [r.answer, r.size])).toEqual([['approve', 1]])
  expect(await regularKeyOf(account.address)).toMatch(/^r/)
})

test('the method chooser lists the wallets found: Crossmark connects from there', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'Crossmark is a desktop browser extension')
  const account = await fundedAccount('secp256k1')
  await installCrossmarkStandIn(page, account)
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose How to Connect' })).toBeVisible()
  const wallets = page.getByRole('region', { name: 'Approve in your wallet' })
  // GEM Wallet is not installed here: it says so, with where to get it.
  await expect(wallets.locator('[data-wallet="gem"]')).toContainText(
    'GEM Wallet is not installed in this browser',
  )
  await expect(
    wallets.locator('[data-wallet="gem"]').getByRole('link', { name: 'Get GEM Wallet' }),
  ).toHaveAttribute('href', 'https://gemwallet.app')
  await wallets
    .locator('[data-wallet="crossmark"]')
    .getByRole('button', { name: 'Connect Crossmark' })
    .click()
  await expectConnected(page, account.address)
})
