import { expect, test } from './support/test.ts'
import type { Page, TestInfo } from '@playwright/test'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import type { Wallet } from 'xrpl'

import { installGemStandIn, regularKeyOf } from './support/gemStandIn.ts'
import { fundedAccount } from './support/ledger.ts'
import { storedRows } from './support/hooks.ts'
import { expectConnected, openWalletDropdown, walletButton } from './support/shell.ts'
import { airdropHolder, offersOwnedBy } from './support/airdrop.ts'
import { expectAirdropComplete, startWalletAirdrop } from './support/airdrop.ts'
import { connectFromMenu } from './support/wallets.ts'

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
  await page.getByRole('button', { name: 'Gem Wallet', exact: true }).click()
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

/** The setup's protection: a passphrase (typed twice), or none (the risk read). */
async function chooseProtection(page: Page, passphrase: string | null): Promise<void> {
  await expect(page.getByTestId('setup-key-warning')).toContainText(
    'This key can sign any transaction of your account — payments included — until it is removed',
  )
  if (passphrase === null) {
    await page.getByLabel('Go without a passphrase').check()
    await expect(page.getByTestId('setup-no-passphrase-risk')).toContainText(
      'any script that runs in this page',
    )
    return
  }
  await page.getByLabel('Passphrase to protect the key on this device').fill(passphrase)
  await page.getByLabel('Repeat the passphrase').fill(passphrase)
}

/** The whole setup through the stand-in; returns the key set on the account. */
async function setUpKey(page: Page, account: Wallet, passphrase: string | null): Promise<string> {
  await installGemStandIn(page, { account })
  await openSetup(page)
  const keyAddress = await generateKey(page)
  await chooseProtection(page, passphrase)
  await page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }).click()
  await expectMainShell(page)
  await expectConnected(page, account.classicAddress)
  return keyAddress
}

async function expectMainShell(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toContainText('XRPL NFT Manager')
  await expect(page.getByTestId('footer-network')).toHaveText('Sandbox')
}

test(
  'GEM Wallet sets a generated regular key; the app connects and restores it after a reload',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const account = accountFor(testInfo, 'connect')
    await installGemStandIn(page, { account })
    await openSetup(page)
    const submit = page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' })
    await expect(submit).toBeDisabled()

    const keyAddress = await generateKey(page)
    const panel = page.getByRole('region', { name: 'New regular key generated' })
    await expect(panel).toContainText(keyAddress)
    await expect(panel).toContainText('you never see it')
    // Nothing is sent before the key's protection is chosen.
    await expect(submit).toBeDisabled()
    await expect(page.getByTestId('setup-protection-hint')).toContainText(
      'Choose a passphrase of at least 8 characters',
    )
    await chooseProtection(page, null)
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

    // 'Forget this device': the stored key is deleted, so a reload no longer reconnects; the dialog
    // says the key stays on the account and offers to remove it there first.
    const dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: 'Forget this device' }).click()
    const confirm = page.getByRole('dialog', { name: 'Forget this device?' })
    await expect(confirm).toContainText('The key is still set on your account')
    await expect(
      confirm.getByRole('button', { name: 'Remove it from the account first' }),
    ).toBeVisible()
    await confirm.getByRole('button', { name: 'Forget this device' }).click()
    await expect(walletButton(page)).toHaveText('Connect Wallet')
    expect(await storedRows(page, 'storedKeys')).toEqual([])
    // After a reload no session comes back: the remembered method opens the setup again.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Regular Key Setup' })).toBeVisible()
    await expect(walletButton(page)).toHaveCount(0)
    // The key itself is still the account's RegularKey on the ledger: only this device forgot it.
    expect(await regularKeyOf(account.classicAddress)).toBe(keyAddress)
  },
)

test(
  'GEM Wallet rejecting the transaction shows the spec error and changes nothing',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const account = accountFor(testInfo, 'refused')
    const before = await regularKeyOf(account.classicAddress)
    await installGemStandIn(page, { account, setRegularKey: 'reject' })
    await openSetup(page)
    await generateKey(page)
    await chooseProtection(page, null)

    await page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }).click()

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to set regular key - unknown error',
    )
    await expect(
      page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }),
    ).toBeEnabled()
    expect(await regularKeyOf(account.classicAddress)).toBe(before)
  },
)

test(
  'GEM Wallet giving no address shows the spec error',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const account = accountFor(testInfo, 'noAddress')
    await installGemStandIn(page, { account, getAddress: 'refuse' })
    await openSetup(page)
    await generateKey(page)
    await chooseProtection(page, null)

    await page.getByRole('button', { name: 'Set Regular Key with GEM Wallet' }).click()

    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Failed to get address from GEM Wallet',
    )
  },
)

const PASSPHRASE = 'correct horse battery'

test(
  'a passphrase protects the stored key: unlocked after a reload, and Disconnect keeps or forgets it @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const account = await fundedAccount('secp256k1')
    const keyAddress = await setUpKey(page, account, PASSPHRASE)
    const [row] = await storedRows<{ protection: string }>(page, 'storedKeys')
    expect(row?.protection).toBe('passphrase')

    // A reload: the app shows the account but cannot sign until the passphrase is given.
    await page.reload()
    await expectMainShell(page)
    const unlock = page.getByTestId('unlock-key')
    await expect(unlock).toBeVisible()
    await unlock.getByLabel('Passphrase').fill('wrong passphrase')
    await unlock.getByRole('button', { name: 'Unlock' }).click()
    await expect(unlock.getByRole('alert')).toHaveText(
      'Wrong passphrase: the key stays locked. Try again',
    )
    await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
    await unlock.getByRole('button', { name: 'Unlock' }).click()
    await expectConnected(page, account.classicAddress)

    // Disconnect, keeping the key: the next visit asks for the passphrase again.
    let dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: 'Disconnect Wallet' }).click()
    let choice = page.getByRole('dialog', { name: 'Disconnect: keep the key on this device?' })
    await expect(choice).toContainText('Either way the key stays set on your account')
    await choice.getByRole('button', { name: 'Keep this device able to sign' }).click()
    await expect(walletButton(page)).not.toHaveText(/^Connected/)
    await page.reload()
    await expect(page.getByTestId('unlock-key')).toBeVisible()
    await page.getByTestId('unlock-key').getByLabel('Passphrase').fill(PASSPHRASE)
    await page.getByTestId('unlock-key').getByRole('button', { name: 'Unlock' }).click()
    await expectConnected(page, account.classicAddress)

    // Disconnect, forgetting the key here: nothing comes back after a reload.
    dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: 'Disconnect Wallet' }).click()
    choice = page.getByRole('dialog', { name: 'Disconnect: keep the key on this device?' })
    await choice.getByRole('button', { name: 'Forget the key here' }).click()
    await expect(walletButton(page)).not.toHaveText(/^Connected/)
    expect(await storedRows(page, 'storedKeys')).toEqual([])
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Regular Key Setup' })).toBeVisible()
    await expect(page.getByTestId('unlock-key')).toHaveCount(0)
    // Still set on the account: only removing it there takes its power away.
    expect(await regularKeyOf(account.classicAddress)).toBe(keyAddress)
  },
)

test(
  'removing the signing key from the account through the app',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const account = await fundedAccount('secp256k1')
    const keyAddress = await setUpKey(page, account, null)
    const dropdown = await openWalletDropdown(page)
    await expect(dropdown.getByTestId('wallet-regular-key')).toHaveText(
      `Regular key: this device's signing key (${keyAddress})`,
    )
    await dropdown.getByRole('button', { name: 'Remove the signing key from the account' }).click()
    const dialog = page.getByRole('dialog', { name: "Remove this app's signing key?" })
    await expect(dialog.getByTestId('key-removal-fee')).toContainText('Network fee:')
    await dialog.getByRole('button', { name: 'Remove the key from my account' }).click()
    await expect(dialog.getByTestId('key-removal-outcome')).toContainText(
      "This app's signing key was removed from your account",
      { timeout: 30_000 },
    )
    expect(await regularKeyOf(account.classicAddress)).toBeNull()
    expect(await storedRows(page, 'storedKeys')).toEqual([])
    await dialog.getByRole('button', { name: 'Close' }).click()
    // The session is over: the account stays shown, read-only.
    await expect(walletButton(page)).not.toHaveText(/^Connected/)
  },
)

test('GEM Wallet approving each of 120 transactions: a rejection and a failing extension pause the airdrop, Resume finishes it once @desktop-only', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const N = 120
  const holder = await airdropHolder(N)
  const to = demoAccounts().recipients.slice(20, 40)
  const gem = await installGemStandIn(page, {
    account: holder,
    signTransaction: Array.from({ length: N + 2 }, (_, i) =>
      i === 29 ? 'reject' : i === 70 ? 'fail' : 'approve',
    ),
  })
  await connectFromMenu(
    page,
    { id: 'gem', name: 'GEM Wallet', how: 'one approval per transaction' },
    holder.address,
    N,
  )
  const manager = await startWalletAirdrop(page, to, N, '120 (one per transaction)', (confirm) =>
    // Above 25 approvals the confirmation proposes the way without them.
    expect(confirm.getByTestId('plan-approvals-hint')).toHaveText(
      "That is many: set up this app's regular key with GEM Wallet (one approval) from the wallet menu to run big jobs without approving each transaction.",
    ),
  )
  const step = manager.getByTestId('progress-step')
  await expect(step).toHaveText(
    'Waiting for your approval in GEM Wallet: you declined in GEM Wallet. Resume to be asked again',
    { timeout: 90_000 },
  )
  await manager.getByRole('button', { name: 'Resume' }).click()
  await expect(step).toHaveText(
    'Waiting for GEM Wallet: GEM Wallet failed: The extension stopped responding. Open it, then Resume',
    { timeout: 90_000 },
  )
  await manager.getByRole('button', { name: 'Resume' }).click()
  await expectAirdropComplete(manager, N)
  expect(gem.signs.filter((s) => s.answer === 'approve')).toHaveLength(N)
  const offers = await offersOwnedBy(holder.address)
  expect(offers).toHaveLength(N)
  expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(N)
})
