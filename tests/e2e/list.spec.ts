/**
 * The List tab against the sandbox, on fresh accounts holding NFTs with real metadata: 45 NFTs across
 * three pages listed at a fixed price with an expiration and a buyer, exactly as the ledger then holds
 * them; random and individual prices, the price guard stopping a 0.01 XRP typo, 'List again'; the
 * floor read from a collection's offers (a private and an expired one below it ignored); the demo
 * wallet's collections each with a floor of other sellers; a reload in the middle of a listing, with
 * one offer per NFT at the end.
 */
import type { Locator, Page } from '@playwright/test'
import { parseNFTokenID, xrpToDrops } from 'xrpl'
import type { Wallet } from 'xrpl'

import type { JobRow } from '../../src/db/types/jobs.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { marketFloorXrp } from '../../src/sandbox/demo/market.ts'
import { RIPPLE_EPOCH } from '../../src/shared/constants.ts'
import { MARKETPLACES } from '../../src/shared/marketplaces.ts'
import { connectHolder, nftsHeldBy, offersOwnedBy, reconnectHolder } from './support/airdrop.ts'
import type { LedgerOffer } from './support/airdrop.ts'
import { storedRows } from './support/hooks.ts'
import { fundedAccount } from './support/ledger.ts'
import {
  closeListingResult,
  handNfts,
  listableCount,
  listingHolder,
  listingResult,
  openList,
  reviewDialog,
} from './support/listing.ts'
import { makeExpiringSellOffers, makeSellOffers, validatedCloseTime } from './support/orders.ts'
import { connectDemo, waitForNfts } from './support/nfts.ts'
import { openMainShell, reachMainShell } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const isSell = (o: LedgerOffer) => (o.Flags & 1) === 1

/** Amounts of the account's sell offers by NFT. */
async function sellAmounts(address: string): Promise<Map<string, string[]>> {
  const byNft = new Map<string, string[]>()
  for (const offer of (await offersOwnedBy(address)).filter(isSell)) {
    byNft.set(offer.NFTokenID, [...(byNft.get(offer.NFTokenID) ?? []), offer.Amount as string])
  }
  return byNft
}

test('without a wallet the tab asks for one', async ({ page }) => {
  await openMainShell(page)
  await page.getByRole('tab', { name: 'List NFTs' }).first().click()
  await expect(page.getByText('Wallet Required')).toBeVisible()
  await expect(page.getByText('Connect your wallet to create NFT sell offers')).toBeVisible()
})

test('45 NFTs across three pages, listed at a fixed price with an expiration and a buyer', async ({
  page,
}) => {
  const holder = await listingHolder(45)
  const buyer = await fundedAccount('secp256k1')
  await connectHolder(page, holder, 45)
  const form = await openList(page)
  await expect(listableCount(page)).toHaveText('45 NFTs can be listed · page 1 of 3', {
    timeout: 30_000,
  })
  const grid = page.getByTestId('listing-grid')
  await expect(grid.getByTestId('nft-card')).toHaveCount(20)
  const pages = page.getByRole('navigation', { name: 'NFT pages' })
  await pages.getByRole('button', { name: 'Page 3' }).click()
  await expect(grid.getByTestId('nft-card')).toHaveCount(5)
  await expect(listableCount(page)).toContainText('page 3 of 3')
  await pages.getByRole('button', { name: 'Previous' }).click()
  await expect(listableCount(page)).toContainText('page 2 of 3')

  // One way to select: the grid's Select All and Clear All; the collection panel above only filters.
  await expect(page.getByRole('button', { name: 'Select All Filtered' })).toHaveCount(0)
  // Nothing selected: Create is disabled. Select All takes every page.
  const create = form.getByRole('button', { name: /^Create \d+ Offers?$/ })
  await expect(create).toBeDisabled()
  await page.getByRole('button', { name: 'Select All', exact: true }).click()
  await expect(form.getByTestId('list-selected')).toHaveText('45 NFTs selected')

  await form.getByTestId('price-fixed').fill('2.5')
  const expiresAt = new Date(Date.now() + 3 * 24 * 3600 * 1000)
  expiresAt.setSeconds(0, 0)
  const local = new Date(expiresAt.getTime() - expiresAt.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16)
  await form.getByLabel('Offers expire (optional)').fill(local)
  await form.getByLabel('Only this buyer or broker may buy (optional)').fill(buyer.address)
  await create.click()

  const dialog = reviewDialog(page)
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByTestId('listing-total')).toHaveText('112.5 XRP')
  await expect(dialog.getByTestId('listing-net')).toHaveText('112.5 XRP')
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('45')
  await expect(dialog).toContainText('Reserve locked by the offers9 XRP')
  await expect(dialog.getByTestId('price-guard')).toBeHidden()
  await expect(dialog.getByTestId('listing-terms')).toContainText(`Only ${buyer.address} may buy`)
  await expect(dialog.getByTestId('listing-terms')).toContainText('the offers expire')
  await dialog.getByRole('button', { name: 'Create 45 Offers' }).click()

  const results = await listingResult(page)
  await expect(results.getByTestId('results-successful')).toHaveText('45')
  await expect(results.getByTestId('results-failed')).toHaveText('0')
  await expect(results).toContainText('✓ 45 offers created')
  // Success clears the selection; the NFTs now on sale leave the grid.
  await expect(form.getByTestId('list-selected')).toHaveText('0 NFTs selected')
  await expect(listableCount(page)).toHaveText('0 NFTs can be listed')

  const offers = (await offersOwnedBy(holder.address)).filter(isSell)
  expect(offers).toHaveLength(45)
  expect(new Set(offers.map((o) => o.NFTokenID))).toEqual(new Set(await nftsHeldBy(holder.address)))
  const expiration = Math.floor(expiresAt.getTime() / 1000) - RIPPLE_EPOCH
  for (const offer of offers) {
    expect(offer).toMatchObject({
      Amount: '2500000',
      Destination: buyer.address,
      Expiration: expiration,
    })
  }
})

/** The review's prices by NFT id (the rows in view: a handful here). */
async function reviewPrices(page: Page): Promise<Map<string, string>> {
  const rows = reviewDialog(page).getByTestId('price-row')
  const prices = new Map<string, string>()
  for (const row of await rows.all()) {
    const id = await row.locator('[title]').first().getAttribute('title')
    prices.set(id!, await row.getByTestId('price-cell').innerText())
  }
  return prices
}

/** '2.5 XRP' as drops. */
const dropsOf = (text: string) => xrpToDrops(text.replace(' XRP', ''))

test(
  "random and individual prices, the guard stopping a 0.01 XRP typo, and 'List again'",
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await listingHolder(6)
    await connectHolder(page, holder, 6)
    const form = await openList(page)
    await expect(listableCount(page)).toHaveText('6 NFTs can be listed · page 1 of 1', {
      timeout: 30_000,
    })
    const grid = page.getByTestId('listing-grid')
    const cards = grid.getByRole('checkbox')
    for (const i of [0, 1, 2]) await cards.nth(i).click()
    await expect(form.getByTestId('list-selected')).toHaveText('3 NFTs selected')

    // Random: a minimum above the maximum is refused before anything is asked of the ledger.
    await form.getByLabel('Random within a range').check()
    await form.getByTestId('price-min').fill('3')
    await form.getByTestId('price-max').fill('1')
    const create = form.getByRole('button', { name: 'Create 3 Offers' })
    await create.click()
    await expect(form.getByRole('alert')).toHaveText(
      'The minimum price must not be above the maximum price',
    )
    await form.getByTestId('price-min').fill('1')
    await form.getByTestId('price-max').fill('3')
    const seed = '00112233445566778899aabbccddeeff'
    await form.getByLabel(/^Seed/).fill(seed)
    await create.click()
    let dialog = reviewDialog(page)
    await expect(dialog.getByTestId('price-seed')).toHaveText(seed, { timeout: 30_000 })
    const drawn = await reviewPrices(page)
    expect(drawn.size).toBe(3)
    for (const text of drawn.values()) {
      const drops = BigInt(dropsOf(text))
      expect(drops).toBeGreaterThanOrEqual(1_000_000n)
      expect(drops).toBeLessThanOrEqual(3_000_000n)
      expect(drops % 10_000n).toBe(0n)
    }
    await dialog.getByRole('button', { name: 'Create 3 Offers' }).click()
    let results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('3')
    let onLedger = await sellAmounts(holder.address)
    for (const [nftId, text] of drawn) expect(onLedger.get(nftId)).toEqual([dropsOf(text)])
    // The job recorded how the prices were drawn.
    const [randomJob] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.kind === 'list' && job.account === holder.address),
    )
    expect(randomJob!.params).toMatchObject({ strategy: 'random', priceSeed: seed })
    await closeListingResult(results)

    // Individual prices for the other three; a 0.01 typo is held by the guard.
    await expect(listableCount(page)).toHaveText('3 NFTs can be listed · page 1 of 1')
    await page.getByRole('button', { name: 'Select All', exact: true }).click()
    await form.getByLabel('Individual prices').check()
    const inputs = form.getByTestId('individual-prices').getByRole('spinbutton')
    await expect(inputs).toHaveCount(3)
    await inputs.nth(0).fill('4')
    await inputs.nth(1).fill('5')
    await inputs.nth(2).fill('0.01')
    await form.getByRole('button', { name: 'Create 3 Offers' }).click()
    dialog = reviewDialog(page)
    const guard = dialog.getByTestId('price-guard')
    await expect(guard).toContainText('1 price looks too low', { timeout: 30_000 })
    await expect(dialog.getByTestId('price-row').filter({ hasText: 'below 0.1 XRP' })).toHaveCount(
      1,
    )
    const confirm = dialog.getByRole('button', { name: 'Create 3 Offers' })
    await expect(confirm).toBeDisabled()
    await guard.getByRole('checkbox').check()
    await expect(confirm).toBeEnabled()
    // The typo is fixed instead.
    await dialog.getByRole('button', { name: 'Go back' }).click()
    await inputs.nth(2).fill('6')
    await form.getByRole('button', { name: 'Create 3 Offers' }).click()
    await expect(dialog.getByTestId('listing-total')).toHaveText('15 XRP', { timeout: 30_000 })
    await expect(dialog.getByTestId('price-guard')).toBeHidden()
    const typed = await reviewPrices(page)
    await dialog.getByRole('button', { name: 'Create 3 Offers' }).click()
    results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('3')
    onLedger = await sellAmounts(holder.address)
    expect([...typed.values()].sort()).toEqual(['4 XRP', '5 XRP', '6 XRP'])
    for (const [nftId, text] of typed) expect(onLedger.get(nftId)).toEqual([dropsOf(text)])
    await closeListingResult(results)

    // 'List again': every NFT is on sale; one gets a new price, its old offer cancelled in the job.
    await expect(listableCount(page)).toHaveText('0 NFTs can be listed')
    await form.getByLabel(/^List again/).check()
    await expect(listableCount(page)).toHaveText('6 NFTs can be listed · page 1 of 1')
    await expect(grid.getByTestId('on-sale')).toHaveCount(6)
    const [relisted] = [...typed.keys()]
    const name = await dialogName(page, relisted!)
    await grid.getByRole('checkbox', { name }).click()
    await form.getByLabel('Fixed price').check()
    await form.getByTestId('price-fixed').fill('7')
    await form.getByRole('button', { name: 'Create 1 Offer' }).click()
    await expect(dialog).toContainText('1 NFT is listed again', { timeout: 30_000 })
    // One offer made, one cancelled: no reserve change.
    await expect(dialog).toContainText('Reserve locked by the offers0 XRP')
    await dialog.getByRole('button', { name: 'Create 1 Offer' }).click()
    results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('1')
    await expect(results.getByTestId('results-replaced')).toHaveText(
      '1 earlier offer cancelled first',
    )
    onLedger = await sellAmounts(holder.address)
    expect(onLedger.get(relisted!)).toEqual([xrpToDrops(7)])
    expect([...onLedger.values()].flat()).toHaveLength(6)
  },
)

test(
  'an NFT put on sale elsewhere after the tab read its offers is left out, and the results say why',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await listingHolder(3)
    await connectHolder(page, holder, 3)
    const form = await openList(page)
    await expect(listableCount(page)).toHaveText('3 NFTs can be listed · page 1 of 1', {
      timeout: 30_000,
    })
    // Another app of the same wallet lists one of them meanwhile.
    const [elsewhere] = await nftsHeldBy(holder.address)
    await makeSellOffers(holder, [{ nftId: elsewhere!, drops: xrpToDrops(9) }])
    await page.getByRole('button', { name: 'Select All', exact: true }).click()
    await form.getByTestId('price-fixed').fill('3')
    await form.getByRole('button', { name: 'Create 3 Offers' }).click()
    const dialog = reviewDialog(page)
    await expect(dialog.getByTestId('plan-problems')).toContainText(
      "is already on sale (a sell offer from you): it will be skipped. Choose 'List again' to replace its offer",
      { timeout: 30_000 },
    )
    await dialog.getByRole('button', { name: 'Skip problem items and create 2' }).click()
    const results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('2')
    await expect(results.getByTestId('results-skipped')).toHaveText('1')
    // Skipped is not failed: the listing succeeded for the offers it made (the spec's success).
    await expect(results).toContainText('✓ 2 offers created')
    const skipped = results.getByTestId('results-skipped-items')
    await expect(skipped).toContainText('Skipped (1)')
    // Named as its card names it (its metadata's name), in the line and in the reason.
    await expect(skipped).toContainText(/\(3 XRP\): "[^"]+" is already on sale/)
    // The result's reason is past the plan: no 'it will be skipped' once the job ran.
    await expect(skipped).toContainText(
      "is already on sale (a sell offer from you). Choose 'List again' to replace its offer",
    )
    await expect(skipped).not.toContainText('will be skipped')
    await expect(skipped).not.toContainText('DUPLICATE')
    const onLedger = await sellAmounts(holder.address)
    expect(onLedger.get(elsewhere!)).toEqual([xrpToDrops(9)])
    expect([...onLedger.values()].flat().sort()).toEqual([
      xrpToDrops(3),
      xrpToDrops(3),
      xrpToDrops(9),
    ])
  },
)

/** The name a grid card shows for an NFT (its checkbox's name). */
async function dialogName(page: Page, nftId: string): Promise<string> {
  const rows = await storedRows<{ nftId: string; name: string | null }>(page, 'metadata')
  return rows.find((row) => row.nftId === nftId)!.name!
}

test(
  'a floor-priced listing on a thin floor: a private and an expired offer below it ignored, the price held by the guard @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // Its ledger set-up alone waits for an offer to expire (ledgers closing for about 15 s), and the
    // listing then runs to its results: more than the default 30 s on a loaded machine.
    test.slow()
    // Four NFTs of taxon 7 and one of taxon 8; three of taxon 7 go to a market account.
    const holder = await listingHolder(5, { taxa: [7, 7, 7, 7, 8] })
    const market = await fundedAccount('secp256k1')
    const held = await nftsHeldBy(holder.address)
    const ofTaxon = (taxon: number) => held.filter((id) => parseNFTokenID(id).Taxon === taxon)
    const [mine, ...given] = ofTaxon(7) as [string, string, string, string]
    const [other] = ofTaxon(8) as [string]
    await handNfts(holder, market, given)
    await makeSellOffers(market, [
      { nftId: given[0], drops: xrpToDrops(3) },
      // A private offer and one about to expire, both below: neither is a market price.
      { nftId: given[1], drops: xrpToDrops(1), destination: demoAccounts().artist.address },
    ])
    const expiration = await makeExpiringSellOffers(market, [
      { nftId: given[2], drops: xrpToDrops(0.5) },
    ])
    await expect.poll(validatedCloseTime, { timeout: 15_000 }).toBeGreaterThan(expiration)

    await connectHolder(page, holder, 2)
    const form = await openList(page)
    await expect(listableCount(page)).toHaveText('2 NFTs can be listed · page 1 of 1', {
      timeout: 30_000,
    })
    const grid = page.getByTestId('listing-grid')
    const name = await dialogName(page, mine)
    const card = grid.getByTestId('nft-card').filter({ has: page.getByRole('checkbox', { name }) })
    await card.getByRole('button', { name: 'Check Market Price' }).click()
    const price = card.getByTestId('market-price')
    await expect(price.getByTestId('market-floor')).toHaveText('3 XRP', { timeout: 30_000 })
    await expect(price).toContainText('1 offer counted · 4 of 4 NFTs checked')
    // One offer of one seller: a thin floor, said so.
    await expect(price.getByTestId('market-rests-on')).toHaveText(
      '(rests on 1 offer from 1 seller)',
    )
    await expect(price.getByTestId('market-warning')).toContainText(
      'Thin market: only 1 offer from 1 seller',
    )
    const otherName = await dialogName(page, other)
    const otherCard = grid
      .getByTestId('nft-card')
      .filter({ has: page.getByRole('checkbox', { name: otherName }) })
    await otherCard.getByRole('button', { name: 'Check Market Price' }).click()
    await expect(otherCard.getByTestId('market-price')).toContainText(
      'No active offers found in collection',
      { timeout: 30_000 },
    )

    // The shell's filters apply to the grid.
    const taxon = page.getByLabel('Taxon', { exact: true })
    await taxon.selectOption('8')
    await expect(listableCount(page)).toHaveText('1 NFT can be listed · page 1 of 1')
    await expect(grid.getByRole('checkbox', { name: otherName })).toBeVisible()
    await taxon.selectOption({ index: 0 })
    await expect(listableCount(page)).toHaveText('2 NFTs can be listed · page 1 of 1')

    // Floor-based, 50 % above: the NFT of taxon 7 at 4.5 XRP, the one without a floor at the fixed 2.
    await page.getByRole('button', { name: 'Select All', exact: true }).click()
    await form.getByLabel('Floor-based').check()
    await form.getByLabel('Price relative to the collection floor').selectOption('1.5')
    await form.getByTestId('price-fallback').fill('2')
    await form.getByRole('button', { name: 'Create 2 Offers' }).click()
    const dialog = reviewDialog(page)
    await expect(dialog.getByTestId('listing-total')).toHaveText('6.5 XRP', { timeout: 30_000 })
    const prices = await reviewPrices(page)
    expect(prices.get(mine)).toBe('4.5 XRP')
    expect(prices.get(other)).toBe('2 XRP')
    // The price set from the thin floor needs its own confirmation.
    await expect(dialog.getByTestId('floor-warning')).toContainText('Thin market')
    const guard = dialog.getByTestId('price-guard')
    await expect(guard).toContainText('1 price rests on a floor that one listing could have set')
    const create = dialog.getByRole('button', { name: 'Create 2 Offers' })
    await expect(create).toBeDisabled()
    await guard.getByRole('checkbox').check()
    await create.click()
    const results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('2')
    const onLedger = await sellAmounts(holder.address)
    expect(onLedger.get(mine)).toEqual([xrpToDrops(4.5)])
    expect(onLedger.get(other)).toEqual([xrpToDrops(2)])
  },
)

test(
  "the demo wallet's collections each have a floor: other sellers list in every one @desktop-only",
  { tag: '@desktop-only' },
  async ({ page }) => {
    // The demo holder is only read: checking a floor changes nothing on the ledger.
    await connectDemo(page)
    await waitForNfts(page)
    await openList(page)
    const grid = page.getByTestId('listing-grid')
    const collection = page.getByLabel('Collection', { exact: true })
    // The collections the demo wallet may list (Ancient Relics are not transferable).
    const listable = [
      ['Sandbox Badges', 'badges'],
      ['Pixel Cats', 'pixel-cats'],
      ['Voyagers', 'voyagers'],
      ['Glitch Garden', 'glitch'],
    ] as const
    for (const [name, key] of listable) {
      await collection.selectOption(name)
      const card = grid.getByTestId('nft-card').first()
      await card.getByRole('button', { name: 'Check Market Price' }).click()
      const price = card.getByTestId('market-price')
      // Four listings of two other sellers (src/sandbox/demo/market.ts): a floor that holds.
      await expect(price.getByTestId('market-floor'), name).toHaveText(
        `${marketFloorXrp(key)} XRP`,
        { timeout: 30_000 },
      )
      await expect(price.getByTestId('market-rests-on')).toHaveText(
        '(rests on 3 offers from 2 sellers)',
      )
      await expect(price).toContainText('4 offers counted')
      await expect(price.getByTestId('market-warning')).toHaveCount(0)
    }
  },
)

/** NFTs of the listings interrupted mid-run (long enough to be caught running). */
const NFTS = 150

/** A fresh holder of NFTS NFTs connected, all listed at `priceXrp`; returns once the job runs. */
async function startLargeListing(page: Page, priceXrp: string): Promise<Wallet> {
  const holder = await listingHolder(NFTS, { xrp: 50 })
  await connectHolder(page, holder, NFTS)
  const form = await openList(page)
  await expect(listableCount(page)).toContainText(`${NFTS} NFTs can be listed`, {
    timeout: 60_000,
  })
  await page.getByRole('button', { name: 'Select All', exact: true }).click()
  await form.getByTestId('price-fixed').fill(priceXrp)
  await form.getByRole('button', { name: `Create ${NFTS} Offers` }).click()
  await reviewDialog(page)
    .getByRole('button', { name: `Create ${NFTS} Offers` })
    .click()
  await expect(page.getByTestId('listing-progress')).toBeVisible()
  return holder
}

test(
  'a reload in the middle of a listing: it resumes, one offer per NFT @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(180_000)
    const holder = await startLargeListing(page, '1.25')
    const [taken] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.kind === 'list' && job.account === holder.address),
    )
    expect(taken!.epoch).toBeGreaterThan(0)
    await page.reload()
    await reachMainShell(page)
    await reconnectHolder(page, holder, NFTS)
    await openList(page)

    const results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS), {
      timeout: 120_000,
    })
    await expect(results.getByTestId('results-failed')).toHaveText('0')
    const [ended] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.id === taken!.id),
    )
    expect(ended!.epoch).toBeGreaterThan(taken!.epoch!)
    const onLedger = await sellAmounts(holder.address)
    expect(onLedger.size).toBe(NFTS)
    for (const amounts of onLedger.values()) expect(amounts).toEqual([xrpToDrops(1.25)])
  },
)

test(
  'the connection lost in the middle of a listing: the busy message, then the job goes on by itself @desktop-only',
  { tag: '@desktop-only' },
  async ({ page, context }) => {
    test.setTimeout(180_000)
    const holder = await startLargeListing(page, '1.5')
    await context.setOffline(true)
    const busy = page.getByRole('alert').filter({ hasText: 'Server temporarily busy' })
    await expect(busy).toHaveText(
      'Server temporarily busy - offers may still be processing. Please refresh the offers list in a moment to check if they were created.Refresh Offers List',
      { timeout: 30_000 },
    )
    // The connection shows as lost, and nothing is created while it is.
    const network = page.getByRole('contentinfo').getByRole('status')
    await expect(network).not.toHaveText('Connected')
    const progress = page.getByTestId('listing-progress')
    const during = await progress.getByTestId('progress-successful').innerText()
    expect(Number(during)).toBeLessThan(NFTS)
    await page.waitForTimeout(2_000)
    await expect(progress.getByTestId('progress-successful')).toHaveText(during)
    await context.setOffline(false)
    await expect(network).toHaveText('Connected', { timeout: 30_000 })
    const results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS), {
      timeout: 120_000,
    })
    await busy.getByRole('button', { name: 'Refresh Offers List' }).click()
    await expect(busy).toBeHidden()
    const onLedger = await sellAmounts(holder.address)
    expect(onLedger.size).toBe(NFTS)
    for (const amounts of onLedger.values()) expect(amounts).toEqual([xrpToDrops(1.5)])
  },
)

/** A fresh holder of two listable NFTs, connected, on the List tab with both selected. */
async function twoSelected(page: Page): Promise<{ holder: Wallet; form: Locator }> {
  const holder = await listingHolder(2)
  await connectHolder(page, holder, 2)
  const form = await openList(page)
  await expect(listableCount(page)).toHaveText('2 NFTs can be listed · page 1 of 1', {
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'Select All', exact: true }).click()
  return { holder, form }
}

test('a free offer is named and confirmed on its own; a price far too high asks whether fewer digits were meant', async ({
  page,
}) => {
  const { holder, form } = await twoSelected(page)
  await form.getByLabel('Individual prices').check()
  const inputs = form.getByTestId('individual-prices').getByRole('spinbutton')
  await inputs.nth(0).fill('0')
  await inputs.nth(1).fill('99999999999')
  await form.getByRole('button', { name: 'Create 2 Offers' }).click()
  const dialog = reviewDialog(page)
  const free = dialog.getByTestId('free-guard')
  await expect(free).toContainText(
    '1 offer is free (0 XRP). Anyone may take the NFT without paying anything',
    { timeout: 30_000 },
  )
  const guard = dialog.getByTestId('price-guard')
  await expect(guard).toContainText('1 price looks too high. Did you mean fewer digits?')
  await expect(
    dialog.getByTestId('price-row').filter({ hasText: 'over 1,000,000 XRP' }),
  ).toHaveCount(1)
  await expect(dialog.getByTestId('price-row').filter({ hasText: 'free: 0 XRP' })).toHaveCount(1)
  // Each answer on its own: the price checked does not give the NFT away, nor the reverse.
  const confirm = dialog.getByRole('button', { name: 'Create 2 Offers' })
  await expect(confirm).toBeDisabled()
  await guard.getByRole('checkbox').check()
  await expect(confirm).toBeDisabled()
  await free.getByRole('checkbox', { name: 'I mean to give this NFT away for free' }).check()
  await expect(confirm).toBeEnabled()
  await guard.getByRole('checkbox').uncheck()
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('button', { name: 'Go back' }).click()
  expect(await sellAmounts(holder.address)).toEqual(new Map())
})

test(
  'listed through a marketplace: its broker is the offer’s Destination, the review shows what buyers pay',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const cafe = MARKETPLACES.find((m) => m.id === 'xrpcafe')!
    const { holder, form } = await twoSelected(page)
    await form.getByTestId('price-fixed').fill('10')
    await form.getByLabel('Sell through').selectOption({ label: 'xrp.cafe (buyer pays +1.589 %)' })
    // The broker field shows whom the offers name; typing the broker's address picks the marketplace.
    const buyer = form.getByLabel('Only this buyer or broker may buy (optional)')
    await expect(buyer).toHaveValue(cafe.broker)
    await form
      .getByLabel('Sell through')
      .selectOption({ label: 'Anyone, or the buyer named below' })
    await expect(buyer).toHaveValue('')
    await buyer.fill(cafe.broker)
    await expect(form.getByLabel('Sell through')).toHaveValue('xrpcafe')
    await form.getByRole('button', { name: 'Create 2 Offers' }).click()

    const dialog = reviewDialog(page)
    await expect(dialog.getByTestId('listing-total')).toHaveText('20 XRP', { timeout: 30_000 })
    await expect(dialog.getByTestId('listing-net')).toHaveText('20 XRP')
    // 10 XRP + 1.589 % is 10.1589 XRP a piece.
    await expect(dialog.getByTestId('listing-buyers-pay')).toHaveText('20.3178 XRP')
    await expect(dialog.getByTestId('listing-terms')).toContainText(
      `Listed on xrp.cafe through its broker ${cafe.broker}: buyers pay your price + 1.589 %, you receive your price (less the issuer's transfer fee, if any)`,
    )
    await dialog.getByRole('button', { name: 'Create 2 Offers' }).click()
    const results = await listingResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('2')

    const offers = (await offersOwnedBy(holder.address)).filter(isSell)
    expect(offers).toHaveLength(2)
    for (const offer of offers) {
      expect(offer).toMatchObject({ Amount: '10000000', Destination: cafe.broker })
    }
  },
)
