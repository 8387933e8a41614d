import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import type { Wallet } from 'xrpl'
import { dropsToXrp } from 'xrpl'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  fundedAccount,
  fundedSecretNumbersAccount,
  setFreshRegularKey,
  withSandbox,
} from './support/ledger.ts'
import {
  expectConnected,
  ledgerConnected,
  openMainShell,
  openWalletDropdown,
  quickConnect,
  secretInput,
  walletButton,
  walletDropdown,
} from './support/shell.ts'

const { holder, unfunded } = demoAccounts()

/** The dropdown's red error box. */
function errorBox(page: Page) {
  return walletDropdown(page).getByRole('alert')
}

test.describe('Quick Connect', () => {
  test('a family seed (s…) connects; the dropdown closes; Disconnect Wallet disconnects', async ({
    page,
  }) => {
    await openMainShell(page)
    await expect(walletButton(page)).toHaveText('Connect Wallet')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Wallet Disconnected')

    const dropdown = await openWalletDropdown(page)
    await expect(dropdown.getByRole('heading', { name: 'Connect XRPL Wallet' })).toBeVisible()
    await expect(dropdown.getByRole('tab', { name: 'Family Seed' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(dropdown).toContainText('never stored or transmitted')
    await expect(secretInput(dropdown)).toHaveAttribute('type', 'password')

    await quickConnect(page, { tab: 'Family Seed', secret: holder.seed ?? '' })
    await expectConnected(page, holder.address)
    await expect(walletDropdown(page)).toBeHidden()
    await expect(footer).toContainText('Wallet Connected')

    const details = await openWalletDropdown(page)
    await expect(details.getByRole('heading', { name: 'Wallet Details' })).toBeVisible()
    await expect(details).toContainText('Wallet Connected')
    await expect(details.getByTestId('wallet-address')).toHaveText(holder.address)
    // The XRP as the validated ledger has it: the balance, the reserve its objects hold, the rest.
    const { balance, reserve } = await withSandbox(async (client) => {
      const account = await client.request({
        command: 'account_info',
        account: holder.address,
        ledger_index: 'validated',
      })
      const server = await client.request({ command: 'server_info' })
      const ledger = server.result.info.validated_ledger!
      const data = account.result.account_data
      return {
        balance: Number(dropsToXrp(data.Balance)),
        reserve: ledger.reserve_base_xrp + data.OwnerCount * ledger.reserve_inc_xrp,
      }
    })
    expect(reserve).toBeGreaterThan(0)
    const spendable = Math.round((balance - reserve) * 1e6) / 1e6
    await expect(details.getByTestId('wallet-balance')).toHaveText(
      `Balance: ${balance} XRP · ${spendable} XRP spendable (${Math.round(reserve * 1e6) / 1e6} XRP held by the reserve)`,
    )
    await expect(
      details.getByRole('button', { name: 'Switch Authentication Method' }),
    ).toBeVisible()

    await details.getByRole('button', { name: 'Disconnect Wallet' }).click()
    await expect(walletDropdown(page)).toBeHidden()
    await expect(walletButton(page)).toHaveText('Connect Wallet')
    await expect(footer).toContainText('Wallet Disconnected')
    // The secret typed earlier is gone.
    const again = await openWalletDropdown(page)
    await expect(secretInput(again)).toHaveValue('')
  })

  test(
    'an ed25519 seed (sEd…) of a funded account connects',
    { tag: '@desktop-only' },
    async ({ page }) => {
      const account = await fundedAccount('ed25519')
      expect(account.seed).toMatch(/^sEd/)
      await openMainShell(page)
      await quickConnect(page, { tab: 'Family Seed', secret: account.seed ?? '' })
      await expectConnected(page, account.address)
    },
  )

  for (const [form, key] of [
    ['66 hex digits starting with 00', holder.privateKey],
    ['64 hex digits', holder.privateKey.slice(2)],
  ] as const) {
    test(
      `a secp256k1 private key of ${form} connects`,
      { tag: '@desktop-only' },
      async ({ page }) => {
        await openMainShell(page)
        const dropdown = await openWalletDropdown(page)
        await dropdown.getByRole('tab', { name: 'Secp256k1' }).click()
        await expect(dropdown.getByLabel('Secp256k1 Private Key (hex)')).toBeVisible()
        await quickConnect(page, { tab: 'Secp256k1', secret: key })
        await expectConnected(page, holder.address)
      },
    )
  }

  test.describe('with a regular key set on a funded account', () => {
    let account: Wallet
    let regularKey: Wallet
    test.beforeAll(async () => {
      account = await fundedAccount('secp256k1')
      regularKey = await setFreshRegularKey(account)
    })

    test(
      'the regular key and the account address connect',
      { tag: '@desktop-only' },
      async ({ page }) => {
        await openMainShell(page)
        await quickConnect(page, {
          tab: 'Regular Key',
          secret: regularKey.seed ?? '',
          account: account.address,
        })
        await expectConnected(page, account.address)
        const details = await openWalletDropdown(page)
        await expect(details.getByTestId('wallet-address')).toHaveText(account.address)
        await expect(details).toContainText(`signs with its regular key ${regularKey.address}`)
      },
    )

    test(
      'another key is refused as not the regular key',
      { tag: '@desktop-only' },
      async ({ page }) => {
        await openMainShell(page)
        await quickConnect(page, {
          tab: 'Regular Key',
          secret: holder.seed ?? '',
          account: account.address,
        })
        await expect(errorBox(page)).toHaveText(
          `This key is not the regular key of ${account.address}`,
        )
        await expect(walletButton(page)).toHaveText('Connect Wallet')
      },
    )
  })
})

test.describe('Secret Numbers (Xaman)', () => {
  test('a mistyped row is named as it is typed; corrected, the secret numbers connect', async ({
    page,
  }) => {
    const { rows, account } = await fundedSecretNumbersAccount()
    await openMainShell(page)
    await ledgerConnected(page)
    const dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('tab', { name: 'Secret Numbers' }).click()
    const connect = dropdown.getByRole('button', { name: 'Connect Wallet' })
    await expect(connect).toBeDisabled()
    const rowInput = (letter: string) => dropdown.getByLabel(`Row ${letter}`, { exact: true })
    await expect(rowInput('A')).toHaveAttribute('type', 'password')

    // Row C with its last digit (the checksum) mistyped: any other digit there is wrong.
    const c = rows[2]!
    const typo = `${c.slice(0, 5)}${(Number(c[5]) + 1) % 10}`
    for (const [i, letter] of ['A', 'B', 'C'].entries()) {
      await rowInput(letter).pressSequentially(i === 2 ? typo : rows[i]!)
    }
    const alert = dropdown.getByRole('alert')
    await expect(alert).toHaveText(
      'Row C does not check out: a digit is mistyped (or the rows are out of order)',
    )
    await expect(rowInput('C')).toHaveAttribute('aria-invalid', 'true')
    await expect(rowInput('A')).not.toHaveAttribute('aria-invalid', 'true')

    // Corrected, and the rest typed: the error goes, and Connect signs in with the derived key.
    await rowInput('C').fill(c)
    await expect(alert).toHaveCount(0)
    for (const [i, letter] of ['D', 'E', 'F', 'G', 'H'].entries()) {
      await rowInput(letter).fill(rows[i + 3]!)
    }
    await connect.click()
    await expectConnected(page, account.address)
  })

  test('48 digits pasted into row A fill the eight rows', async ({ page }) => {
    const { rows, account } = await fundedSecretNumbersAccount()
    await openMainShell(page)
    await ledgerConnected(page)
    const dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('tab', { name: 'Secret Numbers' }).click()
    const rowA = dropdown.getByLabel('Row A', { exact: true })
    await rowA.focus()
    await page.evaluate((text) => {
      const data = new DataTransfer()
      data.setData('text', text)
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, rows.join(' '))
    await expect(dropdown.getByLabel('Row H', { exact: true })).toHaveValue(rows[7]!)
    await dropdown.getByRole('button', { name: 'Connect Wallet' }).click()
    await expectConnected(page, account.address)
  })
})

test.describe('Quick Connect errors', () => {
  test('a blank input: Connect Wallet is disabled, and Enter says what is missing', async ({
    page,
  }) => {
    await openMainShell(page)
    const dropdown = await openWalletDropdown(page)
    const connect = dropdown.getByRole('button', { name: 'Connect Wallet' })
    await expect(connect).toBeDisabled()
    await secretInput(dropdown).fill('   ')
    await expect(connect).toBeDisabled()
    await secretInput(dropdown).press('Enter')
    await expect(errorBox(page)).toHaveText('Please enter your wallet key')
  })

  test('an invalid seed, and Enter submits', { tag: '@desktop-only' }, async ({ page }) => {
    await openMainShell(page)
    const dropdown = await openWalletDropdown(page)
    await secretInput(dropdown).fill('not-a-seed')
    await secretInput(dropdown).press('Enter')
    await expect(errorBox(page)).toHaveText('Invalid seed phrase: a family seed starts with "s"')
    // A seed with one character changed fails its checksum.
    const seed = holder.seed ?? ''
    const broken = seed.slice(0, -1) + (seed.endsWith('a') ? 'b' : 'a')
    await quickConnect(page, { tab: 'Family Seed', secret: broken })
    await expect(errorBox(page)).toHaveText(
      'Invalid seed phrase: the checksum does not match (a character is wrong or missing)',
    )
    await expect(walletButton(page)).toHaveText('Connect Wallet')
  })

  test('an unfunded account is not activated', { tag: '@desktop-only' }, async ({ page }) => {
    await openMainShell(page)
    const [stranger] = unfunded
    await quickConnect(page, { tab: 'Family Seed', secret: stranger?.seed ?? '' })
    await expect(errorBox(page)).toHaveText(
      `Account ${stranger?.address} is not activated on Sandbox`,
    )
  })
})

test.describe('the dropdown', () => {
  test('Escape closes it and focus returns to the wallet button; so does a press outside', async ({
    page,
  }) => {
    await openMainShell(page)
    const dropdown = await openWalletDropdown(page)
    // Focus moved into the dropdown when it opened.
    await expect
      .poll(() => dropdown.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true)
    await page.keyboard.press('Escape')
    await expect(dropdown).toBeHidden()
    await expect(walletButton(page)).toBeFocused()
    await expect(walletButton(page)).toHaveAttribute('aria-expanded', 'false')

    await openWalletDropdown(page)
    await page.getByRole('note').click()
    await expect(walletDropdown(page)).toBeHidden()
  })

  test('Show reveals the secret; the method buttons carry their badges and tooltips', async ({
    page,
  }) => {
    await openMainShell(page)
    const dropdown = await openWalletDropdown(page)
    await secretInput(dropdown).fill('sEcret')
    await dropdown.getByRole('button', { name: 'Show secret' }).click()
    await expect(secretInput(dropdown)).toHaveAttribute('type', 'text')
    await dropdown.getByRole('button', { name: 'Show secret' }).click()
    await expect(secretInput(dropdown)).toHaveAttribute('type', 'password')

    const gem = dropdown.getByRole('button', { name: /^Gem Wallet/ })
    await expect(gem).toContainText('Recommended')
    await expect(gem).toHaveAccessibleDescription(
      'Browser extension with secure transaction approval',
    )
    const seed = dropdown.getByRole('button', { name: /^Seed Phrase/ })
    await expect(seed).toContainText('Advanced')
    await expect(seed).toHaveAccessibleDescription('Direct access with seed phrase or private key')

    // Regular Key asks for the account too; arrow keys move between the sub-tabs (Secret Numbers,
    // the last, comes before Family Seed going left).
    await dropdown.getByRole('tab', { name: 'Family Seed' }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect(dropdown.getByRole('tab', { name: 'Secret Numbers' })).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(dropdown.getByRole('tab', { name: 'Regular Key' })).toBeFocused()
    await expect(dropdown.getByLabel('Account address')).toBeVisible()
  })

  test('Seed Phrase keeps the main shell; Gem Wallet leaves for the Regular Key setup', async ({
    page,
  }) => {
    await openMainShell(page)
    let dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: /^Seed Phrase/ }).click()
    await expect(page.getByRole('tablist', { name: 'Tools' })).toBeVisible()
    dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: /^Gem Wallet/ }).click()
    await expect(page.getByRole('tablist', { name: 'Tools' })).toBeHidden()
  })
})
