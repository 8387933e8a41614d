/**
 * The app on a phone (the mobile project's Pixel 7): the fixed chrome's share of the screen, the
 * folding header, one navigation, touch targets, safe areas, no sideways scrolling and the field
 * being typed in staying in view when the virtual keyboard opens.
 */
import type { Page } from '@playwright/test'

import { expect, test } from './support/test.ts'
import {
  connectDemoWallet,
  openMainShell,
  openWalletDropdown,
  toolTabs,
  walletButton,
} from './support/shell.ts'
import { scrollsSideways } from './support/page.ts'

const TAB_NAMES = ['Airdrop', 'Orders', 'List NFTs', 'Burn', 'Mint'] as const

/** Heights on screen of the sticky header's visible part and of the fixed footer. */
async function chrome(page: Page) {
  return await page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect()
    const footer = document.querySelector('footer')!.getBoundingClientRect()
    return {
      viewport: window.innerHeight,
      header: Math.max(0, Math.min(header.bottom, window.innerHeight) - Math.max(header.top, 0)),
      headerTop: header.top,
      footer: footer.height,
      footerTop: footer.top,
    }
  })
}

/**
 * The controls in `root` smaller than 44 × 44 px on screen (a checkbox or radio counts by its label
 * when the label wraps it). Links inside running text are exempt, as WCAG exempts them.
 */
async function smallTargets(page: Page, root: string): Promise<string[]> {
  return await page.evaluate((selector) => {
    const small: string[] = []
    const controls = document
      .querySelector(selector)!
      .querySelectorAll<HTMLElement>(
        'button, select, input, textarea, summary, [role="tab"], a.button',
      )
    for (const control of controls) {
      const target =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? (control.closest('label') ?? control)
          : control
      const box = target.getBoundingClientRect()
      // Not displayed, or hidden visually and worked through a visible control (a file input).
      if (box.width <= 1 || box.height <= 1) continue
      if (getComputedStyle(target).visibility === 'hidden') continue
      if (box.width < 44 || box.height < 44) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''
        small.push(
          `${control.tagName.toLowerCase()} '${name.slice(0, 30)}' ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return small
  }, root)
}

test.describe('on a phone @mobile-only', { tag: '@mobile-only' }, () => {
  test('the fixed chrome takes at most a fifth of the screen; the header folds while scrolling down and returns on the way up', async ({
    page,
  }) => {
    await openMainShell(page)
    await connectDemoWallet(page)
    await expect(page.getByTestId('footer-counts')).toContainText('NFTs: ', { timeout: 30_000 })

    const top = await chrome(page)
    expect((top.header + top.footer) / top.viewport).toBeLessThanOrEqual(0.2)
    // One footer line: its items share a row (centred on one line: a 44 px button beside text).
    const centres = await page.getByRole('contentinfo').evaluate((footer) =>
      [...footer.children]
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.height > 0)
        .map((box) => box.top + box.height / 2),
    )
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2)
    // The network state is labelled as the ledger's.
    await expect(page.getByRole('contentinfo').getByText('Ledger', { exact: true })).toBeVisible()

    // Scrolling down folds the top row (logo and controls); the tabs stay.
    await page.mouse.wheel(0, 900)
    await expect(page.locator('header')).toHaveAttribute('data-folded', 'true')
    await expect(async () => {
      const box = (await walletButton(page).boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(0)
    }).toPass()
    await expect(toolTabs(page)).toBeInViewport()
    const folded = await chrome(page)
    expect(folded.headerTop).toBeLessThanOrEqual(0)
    expect((folded.header + folded.footer) / folded.viewport).toBeLessThanOrEqual(0.15)
    await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
    await expect(page.getByRole('tabpanel', { name: 'Orders' })).toBeVisible()

    // Scrolling up brings it back.
    await page.mouse.wheel(0, -300)
    await expect(page.locator('header')).toHaveAttribute('data-folded', 'false')
    await expect(walletButton(page)).toBeInViewport()
  })

  test('one navigation: the tabs once, no menu repeating them', async ({ page }) => {
    await openMainShell(page)
    await expect(toolTabs(page).getByRole('tab')).toHaveText([...TAB_NAMES])
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0)
    await expect(page.getByRole('navigation')).toHaveCount(0)
    for (const name of TAB_NAMES) {
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
    }
    // Switching the authentication method lives in the wallet menu.
    const dropdown = await openWalletDropdown(page)
    await expect(dropdown.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  })

  test('every control of the shell and of the tabs is at least 44 × 44 px; nothing scrolls sideways at 375 px', async ({
    page,
  }) => {
    await openMainShell(page)
    await connectDemoWallet(page)
    await expect(page.getByTestId('footer-counts')).toContainText('NFTs: ', { timeout: 30_000 })
    expect(await smallTargets(page, 'header')).toEqual([])
    expect(await smallTargets(page, 'footer')).toEqual([])
    for (const name of TAB_NAMES) {
      await toolTabs(page).getByRole('tab', { name }).click()
      const panel = page.getByRole('tabpanel', { name })
      // Orders shows offers, Mint its steps: not the collection.
      const loaded =
        name === 'Orders'
          ? panel.getByTestId('offers-total')
          : name === 'Mint'
            ? panel.getByRole('heading', { name: '1. The NFTs' })
            : panel.getByRole('heading', { name: 'NFT Collection' })
      await expect(loaded).toBeVisible({ timeout: 30_000 })
      expect(await smallTargets(page, '[role="tabpanel"]'), name).toEqual([])
    }
    await page.setViewportSize({ width: 375, height: 812 })
    for (const name of TAB_NAMES) {
      await toolTabs(page).getByRole('tab', { name }).click()
      await expect(page.getByRole('tabpanel', { name })).toBeVisible()
      expect(await scrollsSideways(page), name).toBe(false)
    }
  })

  test('on a notched phone the header, the footer and the content stay clear of the safe areas', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setSafeAreaInsetsOverride', {
      insets: { top: 47, bottom: 34, left: 0, right: 0 },
    })
    await openMainShell(page)
    await connectDemoWallet(page)
    const banner = (await page.getByRole('note').boundingBox())!
    expect(banner.y).toBeGreaterThanOrEqual(47)
    // The footer's text sits above the home indicator.
    const footer = (await page.getByRole('contentinfo').boundingBox())!
    const viewport = page.viewportSize()!
    expect(footer.y + footer.height).toBe(viewport.height)
    const status = (await page
      .getByRole('contentinfo')
      .getByText('Ledger', { exact: true })
      .boundingBox())!
    expect(status.y + status.height).toBeLessThanOrEqual(viewport.height - 34)
    // Scrolled, the sticky header stops under the status bar, not behind it.
    await page.mouse.wheel(0, 900)
    await expect(async () => {
      const tabs = (await toolTabs(page).boundingBox())!
      expect(tabs.y).toBeGreaterThanOrEqual(47)
      expect(tabs.y).toBeLessThan(47 + 20)
    }).toPass()
  })

  test('the virtual keyboard opening does not hide the field being typed in', async ({ page }) => {
    await openMainShell(page)
    await connectDemoWallet(page)
    const search = page.getByLabel('Search by name (separate names with commas)')
    await search.scrollIntoViewIfNeeded()
    // The field near the bottom of the screen, just above the footer.
    await search.evaluate((field) => {
      const box = field.getBoundingClientRect()
      window.scrollBy(0, box.bottom - (window.innerHeight - 60))
    })
    await search.focus()
    const viewport = page.viewportSize()!
    // A keyboard of about 40 % of the screen: the page's viewport shrinks (resizes-content).
    await page.setViewportSize({ width: viewport.width, height: Math.round(viewport.height * 0.6) })
    await expect(async () => {
      const field = (await search.boundingBox())!
      const { footerTop } = await chrome(page)
      expect(field.y).toBeGreaterThanOrEqual(0)
      expect(field.y + field.height).toBeLessThanOrEqual(footerTop)
    }).toPass()
    await search.pressSequentially('Pixel')
    await expect(search).toHaveValue('Pixel')
    await expect(search).toBeFocused()
  })
})
