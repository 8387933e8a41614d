import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'

import {
  connectDemoWallet,
  openMainShell,
  openWalletDropdown,
  walletButton,
  walletDropdown,
} from './support/shell.ts'

/** The main shell: its footer names the product and the network in use. */
async function expectMainShell(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('XRPL NFT Manager')
  await expect(page.getByTestId('footer-network')).toHaveText('Sandbox')
}

async function openChooser(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose How to Connect' })).toBeVisible()
}

test('a first visit shows the splash; Get Started opens the chooser and Back returns', async ({
  page,
}) => {
  await page.goto('/')

  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible()
  const features = page.getByRole('region', { name: 'Features' })
  for (const feature of ['Bulk Airdrops', 'Offer Management', 'NFT Burning', 'Enterprise Security'])
    await expect(features.getByRole('heading', { name: feature })).toBeVisible()
  // Burning works: nothing on the splash says it is still to come.
  await expect(page.getByText('Coming Soon')).toHaveCount(0)
  const methods = page.getByRole('region', { name: 'Ways to connect' })
  await expect(methods.getByRole('heading', { level: 3 })).toHaveText([
    'Gem Wallet',
    'Crossmark, Ledger or Xaman',
    'Seed Phrase Access',
  ])
  await expect(page.getByText('Join thousands of users managing NFTs securely')).toBeVisible()

  await page.getByRole('button', { name: 'Get Started' }).click()

  const gem = page.getByRole('article', { name: 'Gem Wallet' })
  const seed = page.getByRole('article', { name: 'Seed Phrase Access' })
  await expect(gem).toContainText('Recommended')
  await expect(seed).toContainText('Direct Control')
  for (const card of [gem, seed]) {
    await expect(card.getByRole('heading', { name: 'Benefits' })).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Considerations' })).toBeVisible()
  }
  await expect(page.getByText('You can switch methods later')).toBeVisible()

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
})

test('Seed Phrase Access lands on the seed field of the main shell, and is remembered', async ({
  page,
}) => {
  await openChooser(page)

  // Scrolled down to the card (a phone scrolls the chooser), the shell still opens at its top.
  const seed = page.getByRole('button', { name: 'Seed Phrase Access' })
  await seed.scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, 2_000)
  // The scenario: the chooser really is scrolled when the card is pressed.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await seed.click()
  await expectMainShell(page)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  // The card promised a seed: the wallet menu is open on it, and typing goes into it.
  const menu = walletDropdown(page)
  await expect(menu).toBeVisible()
  const field = menu.getByLabel(/^Family Seed \(starts with/)
  await expect(field).toBeFocused()
  await page.keyboard.type('sn')
  await expect(field).toHaveValue('sn')

  // A returning user is not greeted by the menu: the shell, closed, behind its Connect button.
  await page.reload()
  await expectMainShell(page)
  await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0)
  await expect(walletButton(page)).toHaveText('Connect Wallet')
  await expect(menu).toBeHidden()
})

test(
  'Switch Authentication Method disconnects and shows the chooser, remembered after a reload',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await openMainShell(page)
    await connectDemoWallet(page)

    const dropdown = await openWalletDropdown(page)
    await dropdown.getByRole('button', { name: 'Switch Authentication Method' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose How to Connect' }),
    ).toBeVisible()

    // The preferred method is forgotten and the wallet is gone: the chooser again, then a shell that
    // offers to connect.
    await page.reload()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose How to Connect' }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Seed Phrase Access' }).click()
    await expect(walletButton(page)).toHaveText('Connect Wallet')
  },
)

test(
  'without GEM Wallet the setup says so and cannot be submitted',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await openChooser(page)
    await page.getByRole('button', { name: 'Gem Wallet', exact: true }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Regular Key Setup' })).toBeVisible()
    await expect(page.getByText('GEM Wallet not installed')).toBeVisible()
    const submit = page.getByRole('button', { name: 'Install GEM Wallet First' })
    await expect(submit).toBeDisabled()
    await expect(page.getByText('Needs your seed phrase, which is less secure')).toBeVisible()
    await expect(page.getByRole('radio', { name: /Direct XRPL/ })).toBeDisabled()

    await page.getByRole('button', { name: 'Generate New Regular Key' }).click()
    await expect(page.getByLabel('Regular key address')).toHaveValue(
      /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    )
    await expect(submit).toBeDisabled()

    await page.getByRole('button', { name: 'Back' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose How to Connect' }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Gem Wallet', exact: true }).click()
    await page.getByRole('button', { name: 'Use a seed phrase instead' }).click()
    await expectMainShell(page)
    await expect(walletDropdown(page).getByLabel(/^Family Seed \(starts with/)).toBeFocused()
  },
)

test('the onboarding screens follow dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await page.evaluate(() => document.documentElement.classList.add('dark'))

  const card = page.getByRole('region', { name: 'Features' }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  const colours = await card.evaluate((element) => {
    const style = getComputedStyle(element)
    return { background: style.backgroundColor, text: style.color }
  })
  const luminance = (rgb: string) =>
    (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, part) => sum + Number(part), 0)
  expect(luminance(colours.background)).toBeLessThan(luminance(colours.text))
})

test('the first visit shows the shape of the screen while the session starts, not a bare Loading…', async ({
  page,
}) => {
  // The ledger engine's script is held back until the skeleton was seen: the session cannot start
  // without it, so the wait is the engine's, whatever the machine's speed.
  const html = await (await page.request.get('/')).text()
  const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1]
  expect(entry).toBeDefined()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let heldBack = 0
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    if (!route.request().url().endsWith(entry!)) {
      heldBack += 1
      await held
    }
    await route.continue()
  })
  await page.goto('/')
  await expect.poll(() => heldBack).toBe(1)
  const skeleton = page.getByTestId('starting')
  await expect(skeleton).toBeVisible()
  await expect(skeleton).toHaveAttribute('aria-busy', 'true')
  await expect(skeleton).toHaveText('Loading XRPL NFT Manager…')
  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeHidden()
  release()
  // The worker now loads and the session starts: on a loaded machine that takes more than the
  // default five seconds.
  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(skeleton).toBeHidden()
})
