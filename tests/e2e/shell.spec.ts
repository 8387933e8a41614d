import { expect, test } from './support/test.ts'

import {
  connectDemoWallet,
  openMainShell,
  openWalletDropdown,
  reachMainShell,
  toolTabs,
  walletButton,
  walletDropdown,
} from './support/shell.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { nftsHeldBy, offersOwnedBy } from './support/airdrop.ts'
import { keepScreenshot, scrollsSideways } from './support/page.ts'
import { storedRows } from './support/hooks.ts'

const TOOLTIPS = {
  Airdrop: 'Distribute NFTs to multiple recipients at once',
  Orders: 'Manage your NFT sell offers and marketplace orders',
  'List NFTs': 'Create sell offers for your NFTs on a marketplace',
  Burn: 'Permanently destroy NFTs in bulk with advanced filtering',
  Mint: 'Mint a collection in bulk, straight to its holders; reveal or repair its links',
} as const

test('the header: title, the tabs with tooltips, a real tablist with arrow keys', async ({
  page,
}) => {
  await openMainShell(page)
  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible()

  const tabs = toolTabs(page).getByRole('tab')
  await expect(tabs).toHaveText(Object.keys(TOOLTIPS))
  for (const [name, tooltip] of Object.entries(TOOLTIPS)) {
    await expect(toolTabs(page).getByRole('tab', { name })).toHaveAccessibleDescription(tooltip)
  }

  const airdrop = toolTabs(page).getByRole('tab', { name: 'Airdrop' })
  await expect(airdrop).toHaveAttribute('aria-selected', 'true')
  const panel = page.getByRole('tabpanel', { name: 'Airdrop' })
  await expect(panel.getByRole('heading', { level: 2, name: 'Airdrop', exact: true })).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'XRPL NFT Bulk Distribution' })).toBeVisible()
  await expect(panel).toContainText('No Wallet Connected')

  await airdrop.focus()
  await page.keyboard.press('ArrowRight')
  const orders = toolTabs(page).getByRole('tab', { name: 'Orders' })
  await expect(orders).toBeFocused()
  await expect(orders).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: 'Orders' })).toBeVisible()
  await page.keyboard.press('End')
  await expect(toolTabs(page).getByRole('tab', { name: 'Mint' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('ArrowRight')
  await expect(airdrop).toBeFocused()

  await toolTabs(page).getByRole('tab', { name: 'List NFTs' }).click()
  await expect(page.getByRole('tabpanel', { name: 'List NFTs' })).toBeVisible()
})

test('a tab shows its tooltip on hover or keyboard focus, never after a tap or a focus by script', async ({
  page,
  isMobile,
}) => {
  await openMainShell(page)
  // The tablist owns only tabs: a tab's tooltip is its description, shown beside it, not a role.
  const tooltip = (name: keyof typeof TOOLTIPS) =>
    toolTabs(page).getByText(TOOLTIPS[name], { exact: true })
  const tab = (name: keyof typeof TOOLTIPS) => toolTabs(page).getByRole('tab', { name })
  await expect(tooltip('Burn')).toBeHidden()
  if (isMobile) {
    // A tap selects the tab and leaves no bubble over the page.
    await tab('Burn').tap()
    await expect(tab('Burn')).toHaveAttribute('aria-selected', 'true')
    await expect(tooltip('Burn')).toBeHidden()
  } else {
    await tab('Burn').hover()
    await expect(tooltip('Burn')).toBeVisible()
    // A click has done what the tooltip announced: it shuts, and stays shut under the pointer.
    await tab('Burn').click()
    await expect(tab('Burn')).toHaveAttribute('aria-selected', 'true')
    await expect(tooltip('Burn')).toBeHidden()
    await page.mouse.move(0, 0)
    await expect(tooltip('Burn')).toBeHidden()
    // Hovered again, it shows.
    await tab('Burn').hover()
    await expect(tooltip('Burn')).toBeVisible()
    await page.mouse.move(0, 0)
    await expect(tooltip('Burn')).toBeHidden()
  }
  // Focus moved by a script after a pointer interaction (a menu closing, say) shows nothing.
  await tab('Orders').evaluate((element: HTMLElement) => element.focus())
  await expect(tab('Orders')).toBeFocused()
  await expect(tooltip('Orders')).toBeHidden()
  // The keyboard shows it.
  await page.keyboard.press('End')
  await expect(tab('Mint')).toBeFocused()
  await expect(tooltip('Mint')).toBeVisible()
})

test(
  'the wallet menu opened from the keyboard focuses its first method without opening its tooltip over the title',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await openMainShell(page)
    await walletButton(page).focus()
    await page.keyboard.press('Enter')
    const menu = walletDropdown(page)
    const gem = menu.getByRole('button', { name: /Gem Wallet/ })
    const gemTip = menu.getByRole('tooltip', {
      name: 'Browser extension with secure transaction approval',
    })
    await expect(gem).toBeFocused()
    await expect(gemTip).toBeHidden()
    // The keyboard moving onto it shows it: the bubble was held back, not broken.
    await page.keyboard.press('Tab')
    await expect(gem).not.toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(gem).toBeFocused()
    await expect(gemTip).toBeVisible()
    // Closing with Escape gives the focus back to the wallet button by script: its bubble, if any,
    // stays shut too.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  },
)

test('the Sandbox banner says nothing here is real XRP, from the first screen on', async ({
  page,
}) => {
  await page.goto('/')
  const banner = page.getByRole('note')
  await expect(banner).toHaveText('Sandbox — a local test ledger: nothing here is real XRP')
  await reachMainShell(page)
  await expect(banner).toBeVisible()
})

test('a start with the ledger answering never flashes the reach banner (nothing moves under a tap)', async ({
  page,
}) => {
  // Records whether the banner was ever in the page, however briefly, from the first paint on.
  await page.addInitScript(() => {
    const seen = { banner: false }
    Object.assign(window, { reachBannerSeen: seen })
    const isBanner = (node: Node) =>
      node instanceof Element &&
      (node.matches('[data-testid="reach-banner"]') ||
        node.querySelector('[data-testid="reach-banner"]') !== null)
    // Every node added, even one removed again before the observer runs.
    new MutationObserver((records) => {
      if (records.some((record) => [...record.addedNodes].some(isBanner))) seen.banner = true
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  await page.getByRole('button', { name: 'Get Started' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Choose How to Connect' })).toBeVisible()
  await reachMainShell(page)
  await expect(page.getByTestId('connection-state')).toHaveText('Connected')
  expect(
    await page.evaluate(
      () => (window as unknown as { reachBannerSeen: { banner: boolean } }).reachBannerSeen.banner,
    ),
  ).toBe(false)
})

test('dark mode follows the system until toggled, and the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await openMainShell(page)
  const html = page.locator('html')
  await expect(html).toHaveClass(/\bdark\b/)

  const toggle = page.getByRole('button', { name: 'Dark mode' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await toggle.click()
  await expect(html).toHaveClass(/\bdark\b/)
  // The worker saves the choice: the reload waits until it is written (a reload within the same
  // moment could beat the save, which is not what this test is about).
  await expect
    .poll(async () =>
      (await storedRows<{ key: string; value: unknown }>(page, 'settings')).find(
        (row) => row.key === 'darkMode',
      ),
    )
    .toEqual({ key: 'darkMode', value: true })

  // Saved: a light system no longer decides.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload()
  await reachMainShell(page)
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const background = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  )
  expect(background).toBe('rgb(15, 23, 42)')
})

test('the footer while connected: counts, Quick Airdrop on the Airdrop tab only', async ({
  page,
  isMobile,
}) => {
  await openMainShell(page)
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('Wallet Disconnected')
  await expect(footer.getByRole('button', { name: 'Quick Airdrop' })).toBeHidden()
  await expect(page.getByTestId('footer-counts')).toBeHidden()

  await connectDemoWallet(page)
  await expect(footer).toContainText('Wallet Connected')
  // The counts are the ledger's: the demo holder's NFTs and its offers, nothing selected yet.
  const holder = demoAccounts().holder.classicAddress
  const nfts = (await nftsHeldBy(holder)).length
  // Offers as the Orders tab totals them (sell offers: lsfSellNFToken), the holder's bids apart.
  const owned = await offersOwnedBy(holder)
  const sell = owned.filter((offer) => (offer.Flags ?? 0) & 1).length
  const bids = owned.length - sell
  expect(bids).toBe(1)
  await expect(page.getByTestId('footer-counts')).toHaveText(
    `Selected: 0NFTs: ${nfts}Offers: ${sell} + 1 bid`,
    { timeout: 30_000 },
  )
  // A phone's footer keeps to one line: the upload panel is on the tab itself.
  if (isMobile) await expect(footer.getByRole('button', { name: 'Quick Airdrop' })).toBeHidden()
  else {
    // Deep in the grid (the collection is tens of thousands of pixels tall), a card picked there,
    // then Quick Airdrop: the upload section is on screen, below the header, and has the focus.
    const spot = await page.waitForFunction(() => {
      // Again on each try: the grid grows as it renders, and a shorter page clamps the scroll. Each
      // try lands 60 px further (over 600 px, then again): at one fixed offset the rows could fall
      // either side of the band looked in, whatever the wait.
      const w = window as unknown as { spotTries?: number }
      w.spotTries = (w.spotTries ?? 0) + 1
      window.scrollTo(0, 20_000 + (w.spotTries % 10) * 60)
      if (window.scrollY < 19_000) return null
      const cards = [...document.querySelectorAll('[role="checkbox"][aria-label]')]
      const inView = cards.find((card) => {
        const box = card.getBoundingClientRect()
        return box.top > 150 && box.top < window.innerHeight / 2
      })
      if (!inView) return null
      const name = inView.getAttribute('aria-label') ?? ''
      // Names repeat across collections: which of the cards of that name it is, in page order.
      const nth = cards.filter((card) => card.getAttribute('aria-label') === name).indexOf(inView)
      return { name, nth }
    })
    // The card itself is clicked: the grid may re-render between the look and the click (it grows
    // as it renders), and a click at the look's coordinates could then land between cards.
    const { name, nth } = (await spot.jsonValue()) as { name: string; nth: number }
    await page.getByRole('checkbox', { name, exact: true }).nth(nth).click()
    await expect(page.locator('[role="checkbox"][aria-checked="true"]')).toHaveCount(1)
    // The header stays within reach however deep the page is.
    const header = await page.locator('.header').boundingBox()
    expect(header?.y).toBe(0)
    await footer.getByRole('button', { name: 'Quick Airdrop' }).click()
    const upload = page.locator('#csv-upload')
    await expect(upload).toBeFocused()
    await expect(upload).toBeInViewport()
    const top = (await upload.boundingBox())?.y ?? -1
    expect(top).toBeGreaterThanOrEqual(header?.height ?? 0)
    await expect(page.getByTestId('footer-counts')).toContainText('Selected: 1')
    // The selection bar: above the upload, summing up the pick; Pick NFTs jumps back down to the
    // collection, where it stays in view under the header, and Upload list returns.
    const bar = page.getByRole('region', { name: 'NFTs to send' })
    await expect(bar.getByTestId('airdrop-selection')).toHaveText('1 NFT picked to send')
    await bar.getByRole('button', { name: 'Pick NFTs' }).click()
    const collection = page.getByRole('region', { name: 'NFT Collection' })
    await expect(collection).toBeFocused()
    await page.evaluate(() => window.scrollBy(0, 5_000))
    await expect(bar).toBeInViewport()
    expect((await bar.boundingBox())?.y).toBeGreaterThanOrEqual(header?.height ?? 0)
    await bar.getByRole('button', { name: 'Upload list' }).click()
    await expect(upload).toBeFocused()
    // Clear of the header and of the bar stuck under it (focus not obscured, WCAG 2.4.11).
    const stuck = await bar.boundingBox()
    expect((await upload.boundingBox())?.y).toBeGreaterThanOrEqual(
      (stuck?.y ?? 0) + (stuck?.height ?? 0),
    )
  }
  await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
  await expect(footer.getByRole('button', { name: 'Quick Airdrop' })).toBeHidden()
  // Orders selects offers: the footer counts those there, and the tab's NFTs again on its return.
  const selected = page.getByTestId('footer-selected')
  await expect(selected).toHaveText('Selected: 0 offers')
  await page.getByRole('button', { name: 'Select Mode' }).click()
  const rows = page.getByTestId('offer-row')
  for (const row of [rows.nth(0), rows.nth(1)]) await row.getByRole('checkbox').check()
  await expect(selected).toHaveText('Selected: 2 offers')
  await toolTabs(page).getByRole('tab', { name: 'Airdrop' }).click()
  await expect(selected).toHaveText(isMobile ? 'Selected: 0' : 'Selected: 1')
})

test('screenshots of the connected shell at desktop width and at 375 px', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openMainShell(page)
  await connectDemoWallet(page)
  await keepScreenshot(page, testInfo, 'shell-desktop-connected')
  expect(await scrollsSideways(page)).toBe(false)

  await page.setViewportSize({ width: 375, height: 812 })
  await expect(toolTabs(page)).toBeVisible()
  expect(await scrollsSideways(page)).toBe(false)
  await keepScreenshot(page, testInfo, 'shell-375-connected')
  await openWalletDropdown(page)
  expect(await scrollsSideways(page)).toBe(false)
  await keepScreenshot(page, testInfo, 'shell-375-wallet-details')
})
