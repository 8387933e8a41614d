/**
 * A newcomer's first hour, in order, on a fresh profile and a fresh account of their own (never the
 * shared demo holder): the splash and the chooser to the seed field, connected; an airdrop from the
 * sample CSV (with two recipients of their own added), the pre-flight naming an NFT as its card does;
 * a reload while the airdrop is held, after which it goes on to one offer per recipient; an offline
 * reload; the offers in Orders and the footer agreeing with them; two NFTs listed by the collection's
 * floor; one NFT burned, its result still naming it after a reload. At every tab the page must not
 * scroll sideways, and no page error may happen.
 */
import { readFile, writeFile } from 'node:fs/promises'

import type { Page } from '@playwright/test'
import { parseNFTokenID, xrpToDrops } from 'xrpl'

import { AUTO_ACCEPT_COUNT, demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { shortAddress } from '../../src/shared/format.ts'
import { RUNNER_GONE, WAITING_FOR_NETWORK } from '../../src/app/jobs/jobProgress.ts'
import { managerPanel, nftsHeldBy, offersOwnedBy, uploadPanel } from './support/airdrop.ts'
import {
  controlledByServiceWorker,
  offersMadeBy,
  recordFromNextLoad,
  recordNow,
  recorded,
  reloadOffline,
  serviceWorkerActive,
  storedName,
  watchPageErrors,
} from './support/firstHour.ts'
import { fundedAccount } from './support/ledger.ts'
import {
  handNfts,
  listableCount,
  listingHolder,
  listingResult,
  openList,
} from './support/listing.ts'
import { card, collectionCounts, waitForMetadata } from './support/nfts.ts'
import { makeSellOffers, openOrders } from './support/orders.ts'
import { scrollsSideways } from './support/page.ts'
import {
  expectConnected,
  ledgerConnected,
  quickConnect,
  reachMainShell,
  toolTabs,
  walletButton,
  walletDropdown,
} from './support/shell.ts'
import { expect, test } from './support/test.ts'

/** The holder's NFTs by taxon: the collection other sellers price, the airdrop's, the one burned. */
const FLOOR_TAXON = 7
const AIRDROP_TAXON = 8
const BURN_TAXON = 9
/** Taxon 7: three go to two other sellers, two stay to be listed by the floor. */
const FLOOR_NFTS = 5
/** Taxon 8: twelve for the airdrop's twelve recipients, and one the holder already has on sale. */
const AIRDROP_NFTS = 13
/** What the holder holds once the other sellers have their three. */
const HELD = FLOOR_NFTS - 3 + AIRDROP_NFTS + 1
/** The other sellers' prices in the holder's collection, XRP: the floor is the third (4 XRP). */
const SELLER_A_PRICES = [3, 4] as const
const SELLER_B_PRICE = 3.5
const FLOOR_XRP = 4

/** Opens one of the header's tabs. */
async function openTab(page: Page, name: 'Airdrop' | 'Orders' | 'List NFTs' | 'Burn') {
  await toolTabs(page).getByRole('tab', { name }).click()
  await expect(toolTabs(page).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
}

/** Nothing on the page scrolls sideways (the phone's width is the one that matters). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect(await scrollsSideways(page), `${where} scrolls sideways`).toBe(false)
}

/** The footer's 'NFTs: n', or null while it shows none. */
function footerNfts(footer: string | null | undefined): number | null {
  const match = /NFTs: (\d+)/.exec(footer ?? '')
  return match ? Number(match[1]) : null
}

/** The name the NFT's card shows, once the page has read its metadata. */
async function nameOf(page: Page, nftId: string): Promise<string> {
  await expect.poll(() => storedName(page, nftId), { timeout: 30_000 }).not.toBeNull()
  return (await storedName(page, nftId))!
}

/** The collection's taxon filter ('' for every taxon). */
async function filterTaxon(page: Page, taxon: number | ''): Promise<void> {
  const select = page.getByLabel('Taxon', { exact: true })
  if (taxon === '') await select.selectOption({ index: 0 })
  else await select.selectOption(String(taxon))
}

/** The collection's name search, as a user types it. */
async function searchName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search by name (separate names with commas)').fill(name)
}

/** Toggles the collection card named `name` (found with the name search, so a phone has it shown). */
async function toggleCard(page: Page, name: string): Promise<void> {
  await searchName(page, name)
  await card(page, name).getByRole('checkbox', { name, exact: true }).click()
  await searchName(page, '')
}

test('the first hour of a newcomer: connect, airdrop with a reload, offline, orders, list by floor, burn', async ({
  page,
  context,
}, testInfo) => {
  // A dozen ledger round trips of set-up, an airdrop, a listing and a burn, with four reloads: a time
  // limit for a loaded 2-core machine, never a speed assertion.
  test.setTimeout(300_000)
  const pageErrors = watchPageErrors(page)
  const expectNoPageError = (where: string) =>
    expect(pageErrors, `page errors ${where}`).toEqual([])

  // The newcomer's account: NFTs of their own, one of them already on sale, and two other accounts
  // selling three NFTs of the same collection (a floor that holds: three offers, two sellers). Two
  // accounts of their own are the recipients they add to the sample list (the demo's recipients
  // 1–10 accept offers by themselves; these do not, so their offers stay for the Orders tab).
  const holder = await listingHolder(FLOOR_NFTS + AIRDROP_NFTS + 1, {
    taxa: [
      ...Array<number>(FLOOR_NFTS).fill(FLOOR_TAXON),
      ...Array<number>(AIRDROP_NFTS).fill(AIRDROP_TAXON),
      BURN_TAXON,
    ],
    xrp: 20,
  })
  const [sellerA, sellerB, ownFirst, ownSecond] = [
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
  ]
  const minted = await nftsHeldBy(holder.address)
  const ofTaxon = (taxon: number) => minted.filter((id) => parseNFTokenID(id).Taxon === taxon)
  const floorNfts = ofTaxon(FLOOR_TAXON)
  const airdropNfts = ofTaxon(AIRDROP_TAXON)
  const [burnNft] = ofTaxon(BURN_TAXON) as [string]
  expect(floorNfts).toHaveLength(FLOOR_NFTS)
  expect(airdropNfts).toHaveLength(AIRDROP_NFTS)
  const [a1, a2, b1, ...toList] = floorNfts as [string, string, string, ...string[]]
  await handNfts(holder, sellerA, [a1, a2])
  await handNfts(holder, sellerB, [b1])
  await makeSellOffers(sellerA, [
    { nftId: a1, drops: xrpToDrops(SELLER_A_PRICES[0]) },
    { nftId: a2, drops: xrpToDrops(SELLER_A_PRICES[1]) },
  ])
  await makeSellOffers(sellerB, [{ nftId: b1, drops: xrpToDrops(SELLER_B_PRICE) }])
  const onSale = airdropNfts[AIRDROP_NFTS - 1]!
  await makeSellOffers(holder, [{ nftId: onSale, drops: xrpToDrops(10) }])

  await test.step('1. a fresh profile: splash, chooser, Seed Phrase Access, connected', async () => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible()
    // The walk reloads offline later (step 3) while its airdrop is held: the page must be the
    // service worker's by then. A first visit is not (the worker does not claim it), so the splash
    // is loaded twice, before anything is chosen; it shows again.
    await serviceWorkerActive(page)
    await page.reload()
    expect(await controlledByServiceWorker(page)).toBe(true)
    await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible()
    await expectNoSidewaysScroll(page, 'the splash')
    await page.getByRole('button', { name: 'Get Started' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose How to Connect' }),
    ).toBeVisible()
    await expectNoSidewaysScroll(page, 'the chooser')
    await page.getByRole('button', { name: 'Seed Phrase Access' }).click()

    // The card promised a seed: the wallet menu opens on the Family Seed field, focused.
    const menu = walletDropdown(page)
    await expect(menu).toBeVisible()
    const seedField = menu.getByLabel(/^Family Seed \(starts with/)
    await expect(seedField).toBeFocused()
    await page.keyboard.type(holder.seed!)
    await expect(seedField).toHaveValue(holder.seed!)
    // A wallet connected before the ledger connection is up is refused: the newcomer waits for the
    // footer's Connected, as the other specs' helpers do.
    await ledgerConnected(page)
    await menu.getByRole('button', { name: 'Connect Wallet' }).click()
    await expectConnected(page, holder.address)
    await expect(collectionCounts(page)).toContainText(`${HELD} total`, { timeout: 30_000 })
    expectNoPageError('while connecting')
  })

  const manager = managerPanel(page)
  const progress = manager.getByTestId('airdrop-progress')
  const results = manager.getByTestId('airdrop-results')
  const ownRecipients = [ownFirst, ownSecond].map((w) => w.address)
  const sampleRecipients = demoAccounts()
    .recipients.slice(0, AUTO_ACCEPT_COUNT)
    .map((w) => w.address)
  const recipients = [...sampleRecipients, ...ownRecipients]
  let jobId = ''

  await test.step('2. the sample CSV, NFTs picked, pre-flight, started (while offline)', async () => {
    await openTab(page, 'Airdrop')
    await expectNoSidewaysScroll(page, 'the Airdrop tab')
    // The newcomer's starting point: the sample the tab offers.
    const help = uploadPanel(page).getByRole('complementary', { name: 'CSV Format Requirements' })
    const downloading = page.waitForEvent('download')
    await help.getByRole('button', { name: 'Download a sample CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('sample-recipients.csv')
    const samplePath = await download.path()
    const sample = await readFile(samplePath, 'utf8')
    // It names the demo's recipients 1–10, one NFT each: those accept offers by themselves.
    expect(sample).toBe(
      `wallet_address,nft_amount\n${sampleRecipients.map((a) => `${a},1`).join('\n')}\n`,
    )
    // The newcomer adds two recipients of their own to the sample and uploads it through the
    // file chooser.
    const listPath = testInfo.outputPath('my-recipients.csv')
    await writeFile(listPath, `${sample}${ownRecipients.map((a) => `${a},1`).join('\n')}\n`)
    const choosing = page.waitForEvent('filechooser')
    await uploadPanel(page).getByRole('button', { name: 'Choose CSV file' }).click()
    await (await choosing).setFiles(listPath)
    await expect(page.getByTestId('csv-distributions')).toHaveText(String(recipients.length))
    await expect(page.getByTestId('csv-nfts-requested')).toHaveText(String(recipients.length))
    await expectNoSidewaysScroll(page, 'the Airdrop tab with its list')

    // Names are what the pre-flight and the cards show: the metadata is read first.
    await waitForMetadata(page, HELD)
    const onSaleName = await nameOf(page, onSale)
    const leftOutName = await nameOf(page, airdropNfts[0]!)

    // Picked in the grid: the airdrop's collection, every one of it, then one left out; the NFT
    // already on sale (its card says so) is among those picked.
    await filterTaxon(page, AIRDROP_TAXON)
    await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
    await expect(collectionCounts(page)).toContainText(`${AIRDROP_NFTS} selected`)
    await toggleCard(page, leftOutName)
    await expect(collectionCounts(page)).toContainText(`${recipients.length} selected`)
    const onSaleCard = card(page, onSaleName)
    await searchName(page, onSaleName)
    await expect(onSaleCard.getByRole('heading', { level: 3 })).toHaveText(onSaleName)
    await expect(onSaleCard.getByTestId('nft-taken')).toBeVisible()
    await expect(onSaleCard.getByRole('checkbox', { name: onSaleName })).toBeChecked()
    await searchName(page, '')

    // Pre-flight names the NFT on sale as its card does ("name"), not by a shortened id.
    const start = manager.getByRole('button', { name: 'Start Airdrop' })
    await start.click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
    await expect(confirm.getByTestId('plan-transactions')).toHaveText(
      String(recipients.length - 1),
      { timeout: 30_000 },
    )
    const problems = confirm.getByTestId('plan-problems')
    await expect(problems).toContainText(
      `"${onSaleName}" already has a sell offer from you: it will be skipped`,
    )
    await expect(problems).not.toContainText(/NFT [0-9A-F]{8}(?:\.\.\.|…)/)
    await expectNoSidewaysScroll(page, 'the airdrop pre-flight')

    // The newcomer goes back and swaps it for the NFT left out: pre-flight passes.
    await confirm.getByRole('button', { name: 'Go back' }).click()
    await expect(confirm).toBeHidden()
    await toggleCard(page, onSaleName)
    await toggleCard(page, leftOutName)
    await expect(collectionCounts(page)).toContainText(`${recipients.length} selected`)
    await start.click()
    await expect(confirm.getByTestId('plan-transactions')).toHaveText(String(recipients.length), {
      timeout: 30_000,
    })
    await expect(confirm.getByTestId('plan-problems')).toBeHidden()

    // The hold: the device loses its link as the newcomer confirms. The job starts and waits for
    // the network, nothing signed meanwhile, for as long as the test keeps it offline.
    await context.setOffline(true)
    await expect(page.getByRole('contentinfo').getByTestId('connection-state')).not.toHaveText(
      'Connected',
      { timeout: 30_000 },
    )
    await confirm.getByRole('button', { name: 'Confirm and start' }).click()
    await expect(confirm).toBeHidden()
    await expect(progress.getByTestId('progress-step')).toHaveText(WAITING_FOR_NETWORK, {
      timeout: 30_000,
    })
    await expect(progress.getByTestId('progress-successful')).toHaveText('0')
    jobId = (await progress.getByText(/^Job [0-9a-f]{8}$/).textContent())!
    // Nothing was offered meanwhile: the airdrop's collection has only the sale made at the start.
    const airdropOffers = (await offersMadeBy(holder.address)).filter((o) =>
      airdropNfts.includes(o.nftId),
    )
    expect(airdropOffers.map((o) => o.nftId)).toEqual([onSale])
    await filterTaxon(page, '')
    expectNoPageError('on the Airdrop tab')
  })

  await test.step('3. reloaded mid-job: it goes on, one offer per recipient', async () => {
    // Every state of the job card and the footer from the reload's first moment to the job's end.
    const recording = await recordFromNextLoad(page, {
      card: '[data-testid="airdrop-progress"], [data-testid="airdrop-results"]',
      successful: '[data-testid="progress-successful"], [data-testid="results-successful"]',
      footer: '[data-testid="footer-counts"]',
    })
    // Still offline: the service worker reloads the app; the running job's tab is gone.
    await page.reload()
    await reachMainShell(page)
    await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
    await openTab(page, 'Airdrop')
    await expect(progress).toContainText(jobId)
    // The card says why nothing moves and what will move it.
    await expect(progress.getByTestId('progress-step')).toHaveText(RUNNER_GONE)
    await context.setOffline(false)
    await quickConnect(page, { tab: 'Family Seed', secret: holder.seed! })
    await expectConnected(page, holder.address)

    // The same job, taken up again by the connected wallet, runs to its end.
    await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
      timeout: 120_000,
    })
    await expect(results).toContainText(jobId)
    await expect(results.getByTestId('results-successful')).toHaveText(String(recipients.length))
    await expect(results.getByTestId('results-failed')).toHaveText('0')
    await expect(results.getByTestId('results-total')).toHaveText(String(recipients.length))
    await expectNoSidewaysScroll(page, 'the Airdrop results')

    // On the ledger: each recipient was offered exactly one NFT, free, of those picked; the NFT on
    // sale was not offered again.
    // (The holder's other offers are the hand-overs to the other sellers, made at the start.)
    const made = (await offersMadeBy(holder.address)).filter(
      (o) => airdropNfts.includes(o.nftId) && o.nftId !== onSale,
    )
    expect(made.map((o) => o.destination).sort()).toEqual([...recipients].sort())
    expect(new Set(made.map((o) => o.nftId)).size).toBe(recipients.length)
    for (const offer of made) {
      expect(offer.amount).toBe('0')
      expect(airdropNfts).toContain(offer.nftId)
    }
    // Recipients 1–10 accept theirs a few ledgers later: the collection follows the ledger.
    const kept = HELD - AUTO_ACCEPT_COUNT
    await expect
      .poll(async () => (await nftsHeldBy(holder.address)).length, { timeout: 30_000 })
      .toBe(kept)
    await expect(collectionCounts(page)).toContainText(`${kept} total`, { timeout: 30_000 })

    // Never 'Estimating…' with 'Successful 0' on the card while the footer already counts the
    // NFTs the recipients took as gone. (The hold above is the network's, so nothing was in flight
    // at the reload: the record covers the job taken up again and its recipients accepting. A reload
    // with submissions in flight cannot be provoked deterministically here: the sandbox's fault
    // switches are in-process only, and the engine's WebSocket is a worker's, which Playwright's
    // routeWebSocket does not reach.)
    const states = await recorded(page)
    // Kept with the test's results: what the card said, state by state, for whoever reads a failure.
    const statesPath = testInfo.outputPath('airdrop-card-states.json')
    await writeFile(statesPath, JSON.stringify(states, null, 2))
    await testInfo.attach('airdrop card states after the reload', {
      path: statesPath,
      contentType: 'application/json',
    })
    // The record saw the job from its held state to its end (else the check below proves nothing).
    expect(states.some((s) => (s.card ?? '').includes(jobId) && s.successful === '0')).toBe(true)
    expect(states.at(-1)?.successful).toBe(String(recipients.length))
    const misleading = states.filter(
      (s) =>
        (s.card ?? '').includes('Estimating') &&
        s.successful === '0' &&
        (footerNfts(s.footer) ?? HELD) < HELD,
    )
    expect(misleading, 'the job card said Successful 0 while NFTs were gone').toEqual([])
    // Not asserted: right after the reload the card may still say another tab runs the job — the
    // closed page's Web Lock can outlive it for a moment, and the engine's answer is then 'held'
    // (seen once on the phone project in a full run). The card states are attached above.
    await recording.dispose()
    expectNoPageError('around the reload mid-job')
  })

  await test.step('4. an offline reload: the saved collection, ledger actions say why they are off', async () => {
    const kept = HELD - AUTO_ACCEPT_COUNT
    const onLine = await reloadOffline(page)
    await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
    await expect(page.getByRole('contentinfo').getByTestId('connection-state')).toHaveText(
      'Offline',
    )
    await expect(page.getByTestId('reach-banner')).toContainText(
      'This device has no network connection',
    )
    await expect(collectionCounts(page)).toContainText(`${kept} total`)
    await expect(page.getByTestId('nft-card').first()).toBeVisible()
    const offline = /^Offline: this device has no network connection/
    await openTab(page, 'Airdrop')
    await expect(results).toContainText(jobId)
    await expect(manager.getByTestId('acceptance').getByTestId('blocked-reason')).toHaveText(
      offline,
    )
    await expectNoSidewaysScroll(page, 'the Airdrop tab offline')
    await openTab(page, 'Orders')
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled()
    await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)
    await expectNoSidewaysScroll(page, 'the Orders tab offline')
    await openTab(page, 'List NFTs')
    await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)
    await expectNoSidewaysScroll(page, 'the List tab offline')
    await openTab(page, 'Burn')
    await expect(page.getByRole('button', { name: /^Burn Selected/ })).toHaveJSProperty(
      'disabled',
      true,
    )
    await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)
    await expectNoSidewaysScroll(page, 'the Burn tab offline')

    // Back online; the newcomer connects the wallet again to act.
    await onLine.dispose()
    await context.setOffline(false)
    await expect(page.getByTestId('reach-banner')).toBeHidden({ timeout: 30_000 })
    await quickConnect(page, { tab: 'Family Seed', secret: holder.seed! })
    await expectConnected(page, holder.address)
    await expect(collectionCounts(page)).toContainText(`${kept} total`, { timeout: 30_000 })
    expectNoPageError('offline')
  })

  await test.step('5. Orders: the airdrop’s offers, and the footer agreeing with the tab', async () => {
    // The holder's sell offers: the one on sale from the start and the airdrop's two that wait for
    // the newcomer's own recipients.
    const sell = (await offersOwnedBy(holder.address)).filter((o) => (o.Flags & 1) === 1)
    expect(sell).toHaveLength(3)
    await recordNow(page, {
      total: '[data-testid="offers-total"]',
      footerOffers: '[data-testid="footer-offers"]',
    })
    const orders = await openOrders(page)
    await expect(orders.getByTestId('offers-total')).toHaveText(String(sell.length), {
      timeout: 30_000,
    })
    await expect(page.getByTestId('footer-offers')).toHaveText(`Offers: ${sell.length}`, {
      timeout: 30_000,
    })
    const list = page.getByRole('list', { name: 'Sell offers' })
    await expect(list).toHaveAttribute('data-count', String(sell.length))
    const search = page.getByRole('searchbox', { name: 'Filter offers' })
    for (const address of ownRecipients) {
      await search.fill(address)
      await expect(list).toHaveAttribute('data-count', '1')
      const row = list.getByTestId('offer-row')
      await expect(row.getByTestId('offer-amount')).toHaveText('FREE')
      await expect(row).toContainText('Airdrop Offer')
    }
    await search.fill('')
    await expectNoSidewaysScroll(page, 'the Orders tab')
    // The footer never said 'Loading...' while the tab showed the offers.
    const orderStates = await recorded(page)
    expect(orderStates.some((s) => s.total === String(sell.length))).toBe(true)
    const loadingBeside = orderStates.filter(
      (s) => s.total !== null && Number(s.total) > 0 && (s.footerOffers ?? '').includes('Loading'),
    )
    expect(loadingBeside, "the footer's offers loading beside the tab's").toEqual([])

    // Two offers selected in Orders: the footer's Selected is the Orders selection.
    await page.getByRole('button', { name: 'Select Mode' }).click()
    const airdropOffers = sell.filter((o) => ownRecipients.includes(o.Destination ?? ''))
    for (const offer of airdropOffers) {
      await search.fill(offer.index)
      await page.locator(`[data-offer-id="${offer.index}"]`).getByRole('checkbox').check()
    }
    await search.fill('')
    await expect(page.getByRole('button', { name: 'Cancel Selected (2)' })).toBeVisible()
    await expect(
      page.getByTestId('footer-selected'),
      'the footer counts the Orders selection',
    ).toHaveText('Selected: 2 offers')
    await page.getByRole('button', { name: 'Exit Select Mode' }).click()
    expectNoPageError('on the Orders tab')
  })

  await test.step('6. List NFTs: two listed by the floor, at the price shown', async () => {
    const form = await openList(page)
    await filterTaxon(page, FLOOR_TAXON)
    await expect(listableCount(page)).toHaveText(
      `${toList.length} NFTs can be listed · page 1 of 1`,
      { timeout: 30_000 },
    )
    await expectNoSidewaysScroll(page, 'the List tab')
    const grid = page.getByTestId('listing-grid')
    const first = grid.getByTestId('nft-card').first()
    await first.getByRole('button', { name: 'Check Market Price' }).click()
    const market = first.getByTestId('market-price')
    await expect(market.getByTestId('market-floor')).toHaveText(`${FLOOR_XRP} XRP`, {
      timeout: 30_000,
    })
    await expect(market).not.toContainText('No active offers found in collection')
    await expect(market.getByTestId('market-rests-on')).toHaveText(
      '(rests on 3 offers from 2 sellers)',
    )

    await page.getByRole('button', { name: 'Select All', exact: true }).click()
    await expect(form.getByTestId('list-selected')).toHaveText(`${toList.length} NFTs selected`)
    await form.getByLabel('Floor-based').check()
    await form.getByLabel('Price relative to the collection floor').selectOption('1.0')
    // A price for NFTs without a floor, other than the floor: the review shows which one priced them.
    await form.getByTestId('price-fallback').fill('9')
    await form.getByRole('button', { name: `Create ${toList.length} Offers` }).click()
    const review = page.getByRole('dialog', { name: `Review ${toList.length} offers` })
    await expect(review.getByTestId('listing-total')).toHaveText(
      `${FLOOR_XRP * toList.length} XRP`,
      { timeout: 30_000 },
    )
    await expect(review.getByTestId('price-cell')).toHaveText(toList.map(() => `${FLOOR_XRP} XRP`))
    await expectNoSidewaysScroll(page, 'the listing review')
    await review.getByRole('button', { name: `Create ${toList.length} Offers` }).click()
    const listed = await listingResult(page)
    await expect(listed.getByTestId('results-successful')).toHaveText(String(toList.length))
    await expect(listed.getByTestId('results-failed')).toHaveText('0')

    // On the ledger: one sell offer each, at the floor shown.
    const offers = (await offersOwnedBy(holder.address)).filter((o) => toList.includes(o.NFTokenID))
    expect(offers.map((o) => o.NFTokenID).sort()).toEqual([...toList].sort())
    for (const offer of offers) {
      expect(offer).toMatchObject({ Amount: xrpToDrops(FLOOR_XRP), Flags: 1 })
      expect(offer.Destination).toBeUndefined()
    }
    await filterTaxon(page, '')
    expectNoPageError('on the List tab')
  })

  await test.step('7. Burn: one NFT burned, still named after a reload', async () => {
    await openTab(page, 'Burn')
    await expectNoSidewaysScroll(page, 'the Burn tab')
    const name = await nameOf(page, burnNft)
    const before = HELD - AUTO_ACCEPT_COUNT
    await toggleCard(page, name)
    const burnCard = page.getByRole('region', { name: 'Burn Selected' })
    await expect(burnCard.getByTestId('burn-selected')).toHaveText('1 NFT selected')
    await burnCard.getByRole('button', { name: 'Burn Selected (1)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm NFT Burn' })
    await expect(dialog.getByTestId('burn-count')).toHaveText('1', { timeout: 30_000 })
    await expect(dialog.getByRole('list', { name: 'NFTs to burn' })).toContainText(name)
    await expectNoSidewaysScroll(page, 'the burn confirmation')
    await dialog.getByRole('button', { name: 'Burn 1 NFT' }).click()
    const burned = page.getByTestId('burn-results')
    await expect(burned).toBeVisible({ timeout: 60_000 })
    await expect(burned.getByTestId('results-successful')).toHaveText('1')
    const perNft = burned.getByRole('list', { name: 'Burn results per NFT' })
    await expect(perNft.locator('li')).toHaveCount(1)
    await expect(perNft).toContainText(name)
    await expect(perNft).toContainText('Burned successfully')

    // It leaves the collection and the ledger.
    await expect(collectionCounts(page)).toContainText(`${before - 1} total`, { timeout: 30_000 })
    await searchName(page, name)
    await expect(card(page, name)).toHaveCount(0)
    await searchName(page, '')
    expect(await nftsHeldBy(holder.address)).not.toContain(burnNft)

    // After a reload the result still names it.
    await page.reload()
    await reachMainShell(page)
    await openTab(page, 'Burn')
    await expect(burned).toBeVisible({ timeout: 30_000 })
    await expect(perNft.locator('li')).toHaveCount(1)
    await expect(perNft, 'the burn result names the NFT after a reload').toContainText(name)
    await expectNoSidewaysScroll(page, 'the Burn results after a reload')
    expectNoPageError('on the Burn tab')
  })
})
