/**
 * Crossmark, as a holder uses it: the wallet menu finds the extension, Connect signs in there (the
 * app holds no key), the airdrop's confirmation says how many approvals it takes, and the job runs in
 * windows the extension approves at once. A refusal and a closed extension pause the job with the
 * wallet's words; Resume asks again; every NFT is offered exactly once, signed by the account's key.
 * Desktop only: Crossmark's library refuses to run under a phone's user agent (the list says so there).
 */
import { expect, test } from './support/test.ts'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { airdropHolder, offersOwnedBy } from './support/airdrop.ts'
import { installCrossmarkStandIn } from './support/crossmarkStandIn.ts'
import { regularKeyOf } from './support/gemStandIn.ts'
import { fundedAccount } from './support/ledger.ts'
import {
  expectConnected,
  ledgerConnected,
  openMainShell,
  openWalletDropdown,
} from './support/shell.ts'
import { expectAirdropComplete, startWalletAirdrop } from './support/airdrop.ts'
import { connectFromMenu, expectApprovesWithMaster } from './support/wallets.ts'

test.setTimeout(180_000)

const N = 120
/** Demo recipients 21–40: they accept offers but never accept them by themselves. */
const to = demoAccounts().recipients.slice(20, 40)

test('an airdrop approved in Crossmark: approvals before Start, a refusal and a closed wallet pause it, Resume finishes it once @desktop-only', async ({
  page,
}) => {
  const holder = await airdropHolder(N)
  const crossmark = await installCrossmarkStandIn(page, holder, ['approve', 'refuse', 'close'])
  await connectFromMenu(
    page,
    { id: 'crossmark', name: 'Crossmark', how: 'one approval for up to 50 transactions' },
    holder.address,
    N,
  )
  await expectApprovesWithMaster(page, 'Crossmark')

  const manager = await startWalletAirdrop(page, to, N, '3 (up to 50 transactions each)')

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
  await expectAirdropComplete(manager, N)

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

test("Crossmark sets up the app's regular key with one approval; the app signs with it from then on @desktop-only", async ({
  page,
}) => {
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

test('the method chooser lists the wallets found: Crossmark connects from there @desktop-only', async ({
  page,
}) => {
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
