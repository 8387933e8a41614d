/**
 * Getting around the app in e2e tests: from a fresh profile to the main shell (Splash 'Get Started'
 * → chooser 'Seed Phrase Access'), and connecting a wallet through the header's dropdown.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'

import { shortAddress } from '../../../src/shared/format.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'

/** The header's tablist: present only in the main shell. */
export function toolTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Tools' })
}

/**
 * From whatever start screen is showing (splash, method chooser or already the main shell) to the
 * main shell, without navigating. Use after a reload.
 */
export async function reachMainShell(page: Page): Promise<void> {
  const shell = toolTabs(page)
  const getStarted = page.getByRole('button', { name: 'Get Started' })
  const seedCard = page.getByRole('button', { name: 'Seed Phrase Access' })
  let choseSeed = false
  for (let step = 0; step < 6; step += 1) {
    await expect(shell.or(getStarted).or(seedCard).first()).toBeVisible()
    if (await shell.isVisible()) break
    // A short click timeout, then look again: once a click was reported as 'detached, retrying'
    // although the screen had already moved on (a CI run), and the plain click waited for a
    // button that was gone until the test timed out.
    const onChooser = !(await getStarted.isVisible())
    const next = onChooser ? seedCard : getStarted
    // A click reported failed may still have landed: the chooser seen counts.
    choseSeed ||= onChooser
    await next.click({ timeout: 3_000 }).catch(() => undefined)
  }
  await expect(shell).toBeVisible()
  if (choseSeed) {
    // The chooser's 'Seed Phrase Access' opens the wallet dropdown on its seed field (onboarding.spec
    // tests that landing); the specs start from the shell as a returning user sees it.
    const dropdown = walletDropdown(page)
    await expect(dropdown).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dropdown).toBeHidden()
  }
}

/** Opens the app and goes to the main shell (a fresh profile starts on the splash). */
export async function openMainShell(page: Page): Promise<void> {
  await page.goto('/')
  await reachMainShell(page)
}

/** The header's wallet button ('Connect Wallet' or 'Connected' + short address). */
export function walletButton(page: Page): Locator {
  return page.getByTestId('wallet-button')
}

/** The wallet dropdown, whichever state it is in. */
export function walletDropdown(page: Page): Locator {
  return page.getByRole('dialog', { name: /^(Connect XRPL Wallet|Wallet Details)$/ })
}

/** Opens the wallet dropdown (if it is not open yet) and returns it. */
export async function openWalletDropdown(page: Page): Promise<Locator> {
  const dropdown = walletDropdown(page)
  if (!(await dropdown.isVisible())) await walletButton(page).click()
  await expect(dropdown).toBeVisible()
  return dropdown
}

/**
 * Waits until the header shows the wallet as connected.
 *
 * @param address - the account expected (shown as first 6 + last 4 characters).
 */
export async function expectConnected(page: Page, address: string): Promise<void> {
  // The worker reads the account from the ledger first: seconds when the other worker's job keeps
  // the shared sandbox busy.
  await expect(walletButton(page)).toHaveText(`Connected ${shortAddress(address)}`, {
    timeout: 15_000,
  })
}

/**
 * Waits until the app's ledger connection is up: the footer's state reads Connected. On a loaded
 * machine it can take seconds after a page (re)loads, and a wallet connected meanwhile is refused
 * ('Not connected to the ledger', the demo wallet) or connects without its NFTs ('Failed to load
 * NFTs: Not connected to the ledger', not read again once the connection is up): the helpers that
 * connect a wallet wait for it first, as a user sees the footer say Connecting….
 */
export async function ledgerConnected(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo').getByTestId('connection-state')).toHaveText(
    'Connected',
    { timeout: 30_000 },
  )
}

/** Connects the sandbox's demo wallet through the dropdown's 'Use demo wallet'. */
export async function connectDemoWallet(page: Page): Promise<string> {
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  await dropdown.getByRole('button', { name: 'Use demo wallet' }).click()
  const address = demoAccounts().holder.address
  await expectConnected(page, address)
  return address
}

/** What Quick Connect is given. */
export interface QuickConnectInput {
  /** The sub-tab: 'Family Seed', 'Secp256k1' or 'Regular Key'. */
  tab: 'Family Seed' | 'Secp256k1' | 'Regular Key'
  secret: string
  /** Regular Key only: the account's address. */
  account?: string
}

/**
 * Once the ledger connection is up, fills Quick Connect in the (opened) dropdown and presses Connect
 * Wallet (does not wait for the result).
 *
 * @returns the dropdown.
 */
export async function quickConnect(page: Page, input: QuickConnectInput): Promise<Locator> {
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  await dropdown.getByRole('tab', { name: input.tab }).click()
  if (input.account !== undefined) {
    await dropdown.getByLabel('Account address').fill(input.account)
  }
  await secretInput(dropdown).fill(input.secret)
  await dropdown.getByRole('button', { name: 'Connect Wallet' }).click()
  return dropdown
}

/** The Quick Connect secret input (its label depends on the sub-tab). */
export function secretInput(dropdown: Locator): Locator {
  return dropdown.getByRole('textbox', { name: /^(Family Seed|Secp256k1 Private Key|Regular Key)/ })
}
