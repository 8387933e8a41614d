import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { DEMO_SPECS } from '../../src/sandbox/demo/catalogCollections.ts'
import {
  card,
  collectionCounts,
  connectDemo,
  waitForMetadata,
  waitForNfts,
} from './support/nfts.ts'
import { cacheEntries } from './support/hooks.ts'
import { scrollsSideways } from './support/page.ts'

// Each test connects the demo holder and loads its 250 NFTs; the Glitch Garden's slow documents keep
// the metadata load running for about 30 s.
test.setTimeout(90_000)

const holder = demoAccounts().holder.classicAddress
const artist = demoAccounts().artist.classicAddress

/** The Glitch Garden item names whose document is fine but whose image is a 404. */
function brokenImageNames(): string[] {
  const glitch = DEMO_SPECS.find((spec) => spec.key === 'glitch')
  const names: string[] = []
  for (let i = 1; glitch && i <= glitch.count; i++) {
    if (glitch.planAt(i)?.kind === 'broken-image') names.push(`Glitch Garden #${i}`)
  }
  return names
}

/** Scrolls down the page until `text` shows in a card (the grid renders only what is near view). */
async function scrollUntilVisible(page: Page, text: string): Promise<void> {
  const target = page.getByTestId('nft-card').getByText(text, { exact: true }).first()
  await page.evaluate(() => window.scrollTo(0, 0))
  // One wheel step per poll until the card is rendered in view (bounded by the poll's timeout).
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) return true
        await page.mouse.wheel(0, 400)
        return false
      },
      { intervals: [50], timeout: 10_000 },
    )
    .toBe(true)
  // Rows re-render as other items' metadata lands: look the badge up again rather than hold it.
  await expect(target).toBeVisible()
}

test('after connecting, the NFTs load: Loading, then Enhanced badges; broken metadata keeps the ledger fields', async ({
  page,
}) => {
  await connectDemo(page)
  await waitForNfts(page)
  // The slow documents (30 s) stay 'Loading' while the good ones are already 'Enhanced'.
  await page.getByLabel('Taxon', { exact: true }).selectOption('3')
  await page.getByLabel('Metadata Status').selectOption('basic')
  await scrollUntilVisible(page, 'Loading')
  await page.getByLabel('Metadata Status').selectOption('all')
  await page.getByLabel('Taxon', { exact: true }).selectOption('1')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(card(page, 'Sandbox Badges #1').getByText('Enhanced', { exact: true })).toBeVisible()
  await expect(card(page, 'Sandbox Badges #1')).toContainText(
    'Awarded for completing sandbox quest 1.',
  )
  await expect(card(page, 'Sandbox Badges #1')).toContainText('Traits')
  await expect(
    card(page, 'Sandbox Badges #1').getByRole('link', { name: 'View on XRP.cafe' }),
  ).toHaveAttribute('rel', 'noopener noreferrer')

  // A document that cannot be used: neither badge, the fallback name, the ledger's fields, the placeholder.
  await page.getByLabel('Taxon', { exact: true }).selectOption('3')
  await page.getByLabel('Metadata Status').selectOption('basic')
  const failed = page
    .getByTestId('nft-card')
    .filter({ hasNot: page.getByText('Loading', { exact: true }) })
    .first()
  await expect(failed.getByRole('checkbox')).toHaveAccessibleName(/^NFT #\d+$/)
  await expect(failed).toContainText('Taxon: 3')
  await expect(failed).toContainText('Fee 5%')
  await expect(failed.getByText('Enhanced', { exact: true })).toHaveCount(0)
  await expect(failed.getByTestId('nft-placeholder')).toHaveText(/^[0-9A-F]{4}$/)

  // An image that fails to load falls back to the placeholder with the id's first 4 characters.
  await page.getByLabel('Metadata Status').selectOption('all')
  const broken = brokenImageNames()[0] ?? ''
  await page.getByLabel(/Search by name/).fill(broken)
  await expect(card(page, broken).getByText('Enhanced', { exact: true })).toBeVisible()
  await expect(card(page, broken).getByTestId('nft-placeholder')).toHaveText(/^[0-9A-F]{4}$/)
})

test(
  'filters by issuer, collection, taxon and metadata status @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await connectDemo(page)
    await waitForNfts(page)
    await waitForMetadata(page)
    // Hostile metadata names a collection '">': it is an option like any other, as text.
    for (const name of [
      'Sandbox Badges',
      'Pixel Cats',
      'Ancient Relics',
      'Voyagers',
      'Glitch Garden',
    ]) {
      await expect(
        page.getByLabel('Collection', { exact: true }).locator(`option[value="${name}"]`),
      ).toHaveCount(1)
    }

    await page.getByLabel('Issuer', { exact: true }).selectOption(holder)
    await expect(collectionCounts(page)).toContainText('120 shown')
    await expect(
      page.getByLabel('Issuer', { exact: true }).locator(`option[value="${holder}"]`),
    ).toHaveAttribute('title', holder)
    await page.getByLabel('Issuer', { exact: true }).selectOption(artist)
    await expect(collectionCounts(page)).toContainText('130 shown')
    await page.getByLabel('Collection', { exact: true }).selectOption('Pixel Cats')
    await expect(collectionCounts(page)).toContainText('80 shown')
    await expect(page.getByTestId('filter-shown')).toHaveText('80 NFTs shown')
    await expect(page.getByTestId('filter-filtered')).toHaveText('170 hidden by the filters')

    await page.getByRole('button', { name: 'Clear all filters', exact: true }).click()
    await page.getByLabel('Taxon', { exact: true }).selectOption('42')
    await expect(collectionCounts(page)).toContainText('20 shown')
    await expect(card(page, 'Voyagers #2')).toContainText('Fee 1%')

    await page.getByLabel('Taxon', { exact: true }).selectOption('1')
    await page.getByLabel('Metadata Status').selectOption('loaded')
    await expect(collectionCounts(page)).toContainText('60 shown')
    await page.getByLabel('Metadata Status').selectOption('basic')
    await expect(collectionCounts(page)).toContainText('0 shown')
    await expect(page.getByText('No NFTs match the current filters')).toBeVisible()
  },
)

test(
  'name search filters as you type; Select by Name List reports both messages',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await connectDemo(page)
    await waitForNfts(page)
    await waitForMetadata(page)
    const search = page.getByLabel(/Search by name/)

    await page.getByRole('button', { name: 'Select by Name List', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter' })).toHaveText(
      'Please enter NFT names in the search box first',
    )

    await search.pressSequentially('Pixel Cats #7')
    // '#' is ignored: 'pixel cats 7' is in #7 and #70 to #79.
    await expect(collectionCounts(page)).toContainText('11 shown')
    await search.fill('pixel cats #7, VOYAGERS #2!')
    await expect(collectionCounts(page)).toContainText('13 shown')
    await page.getByRole('button', { name: 'Select by Name List', exact: true }).click()
    await expect(page.getByText('Selected 13 NFTs matching the name list')).toBeVisible()
    await expect(collectionCounts(page)).toContainText('13 selected')
    // Only cards near the view are rendered: narrow the list to the one to check.
    await search.fill('Voyagers #20')
    await expect(page.getByRole('checkbox', { name: 'Voyagers #20', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    )
  },
)

test(
  'Select All Filtered and Deselect All Filtered follow the filter @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await connectDemo(page)
    await waitForNfts(page)
    await waitForMetadata(page)
    await page.getByLabel('Taxon', { exact: true }).selectOption('42')
    await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
    await expect(collectionCounts(page)).toContainText('20 selected')
    await page.getByLabel('Taxon', { exact: true }).selectOption('7')
    await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
    await expect(collectionCounts(page)).toContainText('50 selected')
    await page.getByLabel('Taxon', { exact: true }).selectOption('42')
    await page.getByRole('button', { name: 'Deselect All Filtered', exact: true }).click()
    await expect(collectionCounts(page)).toContainText('30 selected')
    await expect(page.getByRole('checkbox', { name: 'Voyagers #2', exact: true })).toHaveAttribute(
      'aria-checked',
      'false',
    )
  },
)

test(
  'sorts and groups the grid; the empty state clears all filters @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await connectDemo(page)
    await waitForNfts(page)
    await waitForMetadata(page)
    await page.getByLabel('Taxon', { exact: true }).selectOption('7')
    await page.getByLabel('Sort by').selectOption('name')
    const names = page.getByTestId('nft-card').getByRole('checkbox')
    await expect(names.nth(0)).toHaveAccessibleName('Ancient Relics #1')
    await expect(names.nth(1)).toHaveAccessibleName('Ancient Relics #2')

    await page.getByLabel('Taxon', { exact: true }).selectOption('')
    await page.getByLabel('Group by').selectOption('issuer')
    // Issuer groups come in address order; the first is on screen.
    const firstIssuer = [holder, artist].sort()[0] ?? ''
    const firstCount = firstIssuer === holder ? 120 : 130
    await expect(
      page.getByRole('heading', { name: `${firstIssuer.slice(0, 8)}... (${firstCount})` }),
    ).toBeVisible()
    await page.getByLabel('Group by').selectOption('taxon')
    await expect(page.getByRole('heading', { name: 'Taxon 1 (60)' })).toBeVisible()

    await page.getByLabel(/Search by name/).fill('no such nft anywhere')
    await expect(page.getByText('No NFTs match the current filters')).toBeVisible()
    // The empty state's own button (the filter panel has one of the same name and effect).
    await page
      .getByText('No NFTs match the current filters')
      .locator('..')
      .getByRole('button', { name: 'Clear all filters', exact: true })
      .click()
    await expect(collectionCounts(page)).toContainText('250 shown')
    await expect(page.getByLabel(/Search by name/)).toHaveValue('')
  },
)

test('a card toggles its selection by click and by keyboard; the link does not', async ({
  page,
}) => {
  await connectDemo(page)
  await waitForNfts(page)
  await waitForMetadata(page)
  await page.getByLabel('Taxon', { exact: true }).selectOption('1')
  const first = page.getByRole('checkbox', { name: 'Sandbox Badges #1', exact: true })
  await first.click()
  await expect(first).toHaveAttribute('aria-checked', 'true')
  await expect(collectionCounts(page)).toContainText('1 selected')

  const second = page.getByRole('checkbox', { name: 'Sandbox Badges #2', exact: true })
  await second.focus()
  await page.keyboard.press('Space')
  await expect(second).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Enter')
  await expect(second).toHaveAttribute('aria-checked', 'false')
  await expect(collectionCounts(page)).toContainText('1 selected')

  const link = card(page, 'Sandbox Badges #1').getByRole('link', { name: 'View on XRP.cafe' })
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('href', /^https:\/\/xrp\.cafe\/nft\/[0-9A-F]{64}$/)
})

test('the cache line and Clear Cache @desktop-only', { tag: '@desktop-only' }, async ({ page }) => {
  await connectDemo(page)
  await waitForNfts(page)
  await waitForMetadata(page)
  // The whole load over (its slowest fetches time out last): no entry lands between the count and
  // the clear.
  await expect(page.getByTestId('load-progress')).toBeHidden({ timeout: 45_000 })
  await expect(page.getByTestId('cache-status')).toContainText(/Cache: \d+ entries for this wallet/)
  const before = await cacheEntries(page)
  expect(before).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Clear Cache', exact: true }).click()
  await expect(
    page.getByText(
      `Cleared ${before} cached metadata entries. Next NFT load will fetch fresh metadata.`,
      { exact: true },
    ),
  ).toBeVisible()
  // Gone from IndexedDB, and the cache line says so.
  expect(await cacheEntries(page)).toBe(0)
  await expect(page.getByTestId('cache-status')).toContainText('Cache: 0 entries for this wallet')
})

test('works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await connectDemo(page)
  await waitForNfts(page)
  await waitForMetadata(page)
  await expect(card(page, 'Sandbox Badges #1')).toBeVisible()
  expect(await scrollsSideways(page)).toBe(false)
  await page.getByRole('checkbox', { name: 'Sandbox Badges #1', exact: true }).click()
  await expect(collectionCounts(page)).toContainText('1 selected')
})

test(
  'scrolled mid-list, Tab into the grid lands on a card in view, never one drawn above it @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await connectDemo(page)
    await waitForNfts(page)
    const grid = page.getByTestId('nft-grid')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2))
    // The virtualized grid draws two rows beyond the window on each side; those above it are out
    // of the Tab order, those in view are in it.
    const stops = () =>
      grid.evaluate((element) => {
        const out = { above: 0, aboveTabbable: 0, inViewTabbable: 0 }
        for (const box of element.querySelectorAll<HTMLElement>('[role="checkbox"], a')) {
          const { bottom } = box.getBoundingClientRect()
          const tabbable = box.tabIndex >= 0
          if (bottom <= 0) {
            out.above += 1
            if (tabbable) out.aboveTabbable += 1
          } else if (tabbable) out.inViewTabbable += 1
        }
        return out
      })
    // Once the grid has drawn the rows for the new scroll position (a render after the scroll).
    // Scrolled again on each look: the list may still grow after the first scroll (cards measured
    // as they render), and a loaded machine takes seconds to draw.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2))
          const drawn = await stops()
          return drawn.above > 0 && drawn.inViewTabbable > 0 ? drawn.aboveTabbable : -1
        },
        { timeout: 20_000 },
      )
      .toBe(0)
  },
)
