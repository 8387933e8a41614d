/**
 * WCAG 2.2 AA on every screen (axe-core's WCAG 2.0–2.2 A and AA rules), in light and dark mode, on a
 * desktop and a phone (the two projects): the start screens, the wallet menu, the collection and each
 * tab with the demo holder's NFTs, and Wallet Details. A violation fails the test with the rule, its
 * impact and where it is, so a regression of contrast, roles or names shows in CI.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { DEMO_HOLDER_NFTS, connectDemo, waitForNfts } from './support/nfts.ts'
import { openWalletDropdown, toolTabs, walletDropdown } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** The screen's WCAG A and AA violations, one line each: rule, impact, count and the first places. */
async function violations(page: Page): Promise<string[]> {
  // Transitions end before the scan (spinners go on): a colour caught mid-fade is not the colour shown.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish()
    }
  })
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze()
  return violations.map((v) => {
    const where = v.nodes.slice(0, 3).map((node) => node.target.join(' > '))
    const why = v.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''
    return `${v.id} (${v.impact ?? 'n/a'}) × ${v.nodes.length}: ${where.join(' | ')} — ${why}`
  })
}

/**
 * Controls a finger points at that are smaller than 44 × 44 px (WCAG 2.5.5's size, which the app
 * keeps on touch screens), by their text: links inside a sentence are exempt, as the rule says.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], select, summary, input:not([type="hidden"]), [role="checkbox"], [role="tab"], [role="button"]'
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect()
      // Hidden, or visually hidden behind the control that takes the tap (a file input's drop zone).
      if (box.width <= 1 || box.height <= 1 || element.closest('[aria-hidden="true"]')) continue
      if (element.tagName === 'A' && element.parentElement?.tagName === 'P') continue
      // A box the control sits in counts when the whole box takes the tap (a label around a check box).
      const target = element.closest('label') ?? element
      const size = target.getBoundingClientRect()
      if (size.width < 44 || size.height < 44) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()
        small.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(size.width)}×${Math.round(size.height)}`,
        )
      }
    }
    return [...new Set(small)]
  })
}

/** Asserts the screen has no violation, naming it (softly: every screen of the test is scanned). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect.soft(await violations(page), `axe violations on ${screen}`).toEqual([])
  if (test.info().project.name === 'mobile') {
    expect.soft(await smallTargets(page), `touch targets under 44 px on ${screen}`).toEqual([])
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    test.use({ colorScheme: theme })

    test(`the start screens and the wallet menu (${theme})`, async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
      await expectAccessible(page, 'the splash')
      await page.getByRole('button', { name: 'Get Started' }).click()
      await expect(
        page.getByRole('heading', { level: 1, name: 'Choose How to Connect' }),
      ).toBeVisible()
      await expectAccessible(page, 'the method chooser')
      await page.getByRole('button', { name: 'Seed Phrase Access' }).click()
      await expect(toolTabs(page)).toBeVisible()
      // The chooser's card opens the wallet menu on its seed field.
      await expect(walletDropdown(page)).toBeVisible()
      await expectAccessible(page, 'the wallet menu')
      await page.keyboard.press('Escape')
      await expect(walletDropdown(page)).toBeHidden()
      await expectAccessible(page, 'the main shell without a wallet')
      await openWalletDropdown(page)
    })
  })
}

/** Scans the Airdrop tab with the collection, the other tabs and Wallet Details, in one theme. */
async function scanConnectedScreens(page: Page, theme: string): Promise<void> {
  for (const tab of ['Airdrop', 'Orders', 'List NFTs', 'Burn', 'Mint']) {
    await toolTabs(page).getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible()
    await expect(page.getByText(/^Loading/).first()).toBeHidden({ timeout: 30_000 })
    await expectAccessible(page, `the ${tab} tab (${theme})`)
  }
  await openWalletDropdown(page)
  await expectAccessible(page, `Wallet Details (${theme})`)
  await page.keyboard.press('Escape')
}

test.describe('with the demo holder', () => {
  test.use({ colorScheme: 'light' })

  // One load of the 250 NFTs for both themes: the header's toggle switches to dark, as a user does.
  test('the collection, each tab and Wallet Details, light then dark', async ({ page }) => {
    test.setTimeout(150_000)
    await connectDemo(page)
    await waitForNfts(page, DEMO_HOLDER_NFTS)
    await scanConnectedScreens(page, 'light')
    await page.getByRole('button', { name: 'Dark mode' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await scanConnectedScreens(page, 'dark')
  })
})
