/**
 * The Orders tab against the sandbox: the demo holder's offers classified as the ledger has them
 * (read only: other spec files count the demo holder's offers); on fresh accounts, duplicates, a
 * selection, expired offers and a single offer cancelled; 1,200 offers cancelled with Cancel ALL in 3
 * transactions, the page reloaded mid-cancel.
 */
import { xrpToDrops } from 'xrpl'

import type { JobRow } from '../../src/db/types/jobs.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  airdropHolder,
  connectHolder,
  nftsHeldBy,
  offersOwnedBy,
  reconnectHolder,
  submitPipelined,
} from './support/airdrop.ts'
import type { LedgerOffer } from './support/airdrop.ts'
import { fundedAccount, withSandbox } from './support/ledger.ts'
import {
  balanceOf,
  cancelTransactions,
  cancellationResult,
  confirmCancellation,
  feePaidBy,
  makeExpiringSellOffers,
  makeSellOffers,
  openOrders,
  validatedCloseTime,
} from './support/orders.ts'
import { storedRows } from './support/hooks.ts'
import { connectDemo } from './support/nfts.ts'
import { keepScreenshot, overflowsSideways } from './support/page.ts'
import { reachMainShell, toolTabs } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const isSell = (o: LedgerOffer) => (o.Flags & 1) === 1

/** Sell offers beyond the newest per NFT: what 'Cancel Duplicate Offers' cancels. */
function duplicateCount(sell: readonly LedgerOffer[]): number {
  const perNft = new Map<string, number>()
  for (const o of sell) perNft.set(o.NFTokenID, (perNft.get(o.NFTokenID) ?? 0) + 1)
  return [...perNft.values()].reduce((n, count) => n + count - 1, 0)
}

test("the demo holder's free, paid, duplicate, expired and unfillable offers, as the ledger has them", async ({
  page,
}) => {
  await connectDemo(page)
  const card = await openOrders(page)
  const holder = demoAccounts().holder.address
  const offers = await offersOwnedBy(holder)
  const sell = offers.filter(isSell)
  const free = sell.filter((o) => o.Amount === '0')
  const held = new Set(await nftsHeldBy(holder))
  const closeTime = await validatedCloseTime()

  await expect(card.getByTestId('offers-total')).toHaveText(String(sell.length))
  // The footer counts the same offers (the holder's own bids apart); the tab shows offers only.
  await expect(page.getByTestId('footer-counts')).toContainText(`Offers: ${sell.length} + `)
  await expect(page.getByRole('region', { name: 'NFT Collection' })).toHaveCount(0)
  await expect(card.getByTestId('offers-free')).toHaveText(String(free.length))
  await expect(card.getByTestId('offers-paid')).toHaveText(String(sell.length - free.length))
  const expired = offers.filter((o) => o.Expiration !== undefined && o.Expiration <= closeTime)
  expect(expired.length).toBeGreaterThan(0)
  await expect(card.getByTestId('flag-expired-count')).toHaveText(String(expired.length))
  const unfillable = sell.filter((o) => !held.has(o.NFTokenID))
  expect(unfillable.length).toBeGreaterThan(0)
  await expect(card.getByTestId('flag-unfillable-count')).toHaveText(String(unfillable.length))
  await expect(card.getByTestId('flag-duplicate-count')).toHaveText(String(duplicateCount(sell)))
  await expect(card.getByTestId('offers-summary')).toContainText(
    `locking ${(offers.length * 0.2).toFixed(1).replace(/\.0$/, '')} XRP of owner reserve`,
  )
  await expect(page.getByRole('button', { name: `Cancel All (${sell.length})` })).toBeVisible()

  // The lists: every sell offer (virtualized: the count is the filtered list's), and the bids.
  const list = page.getByRole('list', { name: 'Sell offers' })
  await expect(list).toHaveAttribute('data-count', String(sell.length))
  await expect(page.getByRole('list', { name: 'Your bids' })).toHaveAttribute(
    'data-count',
    String(offers.length - sell.length),
  )
  // A free offer reads FREE / Airdrop Offer; the search finds an offer by its destination.
  const destination = free[0]!.Destination!
  await page.getByRole('searchbox', { name: 'Filter offers' }).fill(destination)
  await expect(list).toHaveAttribute('data-count', '1')
  const row = list.getByTestId('offer-row')
  await expect(row.getByTestId('offer-amount')).toHaveText('FREE')
  await expect(row).toContainText('Airdrop Offer')

  // One click selects the expired offers.
  await card.getByTestId('flag-expired').getByRole('button', { name: 'Select' }).click()
  await expect(
    page.getByRole('button', { name: `Cancel Selected (${expired.length})` }),
  ).toBeVisible()
})

test('cancels duplicates, then a selection, then expired offers, then one offer', async ({
  page,
}) => {
  const holder = await airdropHolder(10, 20)
  const nfts = await nftsHeldBy(holder.address)
  await makeSellOffers(holder, [
    // Two offers each on three NFTs: the second (newer) one is kept.
    ...[0, 1, 2].flatMap((i) => [
      { nftId: nfts[i]!, drops: xrpToDrops(5 + i) },
      { nftId: nfts[i]!, drops: xrpToDrops(10 + i) },
    ]),
    ...[3, 4, 5, 6].map((i) => ({ nftId: nfts[i]!, drops: xrpToDrops(i) })),
  ])
  const expiration = await makeExpiringSellOffers(
    holder,
    [7, 8].map((i) => ({ nftId: nfts[i]!, drops: xrpToDrops(i) })),
  )
  await expect.poll(validatedCloseTime, { timeout: 15_000 }).toBeGreaterThan(expiration)
  await connectHolder(page, holder, 10)
  const card = await openOrders(page)
  await expect(card.getByTestId('offers-total')).toHaveText('12')
  await expect(card.getByTestId('flag-duplicate-count')).toHaveText('3')
  await expect(card.getByTestId('flag-expired-count')).toHaveText('2')
  await expect(card.getByTestId('flag-unfillable')).toBeHidden()

  // Duplicates: the typed confirmation, then the result card, the banner and the ledger.
  await page.getByRole('button', { name: 'Cancel Duplicate Offers (3)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('1')
  await expect(dialog).toContainText('Reserve freed0.6 XRP')
  await confirmCancellation(page, 3)
  let results = await cancellationResult(page)
  await expect(results.getByTestId('results-successful')).toHaveText('3')
  await expect(results.getByTestId('results-failed')).toHaveText('0')
  await expect(results.getByTestId('results-type')).toHaveText('duplicates')
  await expect(page.getByTestId('orders-banner')).toHaveText('✓ 3 offers cancelled successfully')
  await expect(page.getByTestId('orders-banner')).toHaveAttribute('data-tone', 'info')
  let left = await offersOwnedBy(holder.address)
  expect(left).toHaveLength(9)
  for (const i of [0, 1, 2]) {
    expect(left.filter((o) => o.NFTokenID === nfts[i]).map((o) => o.Amount)).toEqual([
      xrpToDrops(10 + i),
    ])
  }
  await expect(card.getByTestId('offers-total')).toHaveText('9')
  await results.getByRole('button', { name: 'Close' }).click()

  // A selection of two, in select mode.
  await page.getByRole('button', { name: 'Select Mode' }).click()
  const picked = left.filter((o) => o.NFTokenID === nfts[3] || o.NFTokenID === nfts[4])
  // The list is virtualized: the search brings each offer into view, as a user would find it.
  const search = page.getByRole('searchbox', { name: 'Filter offers' })
  for (const offer of picked) {
    await search.fill(offer.index)
    await page.locator(`[data-offer-id="${offer.index}"]`).getByRole('checkbox').check()
  }
  await search.fill('')
  await page.getByRole('button', { name: 'Cancel Selected (2)' }).click()
  await confirmCancellation(page, 2)
  results = await cancellationResult(page)
  await expect(results.getByTestId('results-successful')).toHaveText('2')
  await expect(results.getByTestId('results-type')).toHaveText('selected offers')
  left = await offersOwnedBy(holder.address)
  expect(left.map((o) => o.index)).not.toEqual(expect.arrayContaining([picked[0]!.index]))
  expect(left.some((o) => picked.some((p) => p.index === o.index))).toBe(false)
  await expect(card.getByTestId('offers-total')).toHaveText('7')

  // The expired ones, from their flag.
  await card.getByRole('button', { name: 'Cancel expired (2)' }).click()
  await confirmCancellation(page, 2)
  results = await cancellationResult(page)
  await expect(results.getByTestId('results-type')).toHaveText('expired offers')
  left = await offersOwnedBy(holder.address)
  expect(left.filter((o) => o.Expiration !== undefined)).toEqual([])
  await expect(card.getByTestId('offers-total')).toHaveText('5')
  await expect(card.getByTestId('flag-expired')).toBeHidden()

  // One offer: its own Cancel, without a typed confirmation.
  const one = left[0]!
  await search.fill(one.index)
  await page
    .locator(`[data-offer-id="${one.index}"]`)
    .getByRole('button', { name: /^Cancel/ })
    .click()
  await expect(page.getByRole('dialog', { name: 'Confirm Cancellation' })).toBeHidden()
  await expect(card.getByTestId('offers-total')).toHaveText('4', { timeout: 30_000 })
  expect((await offersOwnedBy(holder.address)).some((o) => o.index === one.index)).toBe(false)

  // A result belongs to its time: reloaded now, the latest cancellation's card is still there; a
  // visit 20 minutes later is not greeted by it (it was, on every visit, until closed).
  await page.reload()
  await reachMainShell(page)
  await reconnectHolder(page, holder, 10)
  await openOrders(page)
  await expect(page.getByTestId('cancel-results')).toBeVisible()
  await page.clock.install({ time: Date.now() + 20 * 60_000 })
  await page.reload()
  await reachMainShell(page)
  await reconnectHolder(page, holder, 10)
  await openOrders(page)
  await expect(card.getByTestId('offers-total')).toHaveText('4')
  await expect(page.getByTestId('cancel-results')).toHaveCount(0)
})

// What this proves is the engine's, not the layout's (the other tests cover the phone layout), and
// 1,200 offers take a minute to set up: the desktop project runs it (playwright.config.ts).
test(
  'Cancel ALL on 1,200 offers: 3 transactions, a reload mid-cancel, none sent twice',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(240_000)
    const NFTS = 120
    const holder = await airdropHolder(NFTS, 300)
    const nfts = await nftsHeldBy(holder.address)
    await makeSellOffers(
      holder,
      nfts.flatMap((nftId) =>
        Array.from({ length: 10 }, (_, i) => ({ nftId, drops: xrpToDrops(1 + i) })),
      ),
    )
    await connectHolder(page, holder, NFTS)
    const card = await openOrders(page)
    await expect(card.getByTestId('offers-total')).toHaveText('1200')

    await page.getByRole('button', { name: 'Cancel ALL Offers' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
    await expect(dialog.getByTestId('plan-transactions')).toHaveText('3')
    await expect(dialog).toContainText('Reserve freed240 XRP')
    await confirmCancellation(page, 1200)
    await expect(page.getByTestId('cancel-progress')).toBeVisible()
    // The runner that took the job first, as the app stored it: the job is reloaded away from it.
    const [taken] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.kind === 'cancel' && job.account === holder.address),
    )
    expect(taken!.epoch).toBeGreaterThan(0)
    await page.reload()
    await reachMainShell(page)
    await reconnectHolder(page, holder, NFTS)
    await openOrders(page).catch(() => undefined)

    const results = await cancellationResult(page)
    await expect(results.getByTestId('results-successful')).toHaveText('1200')
    await expect(results.getByTestId('results-failed')).toHaveText('0')
    await expect(results.getByTestId('results-type')).toHaveText('all')
    expect(await offersOwnedBy(holder.address)).toEqual([])
    // A second runner took the job after the reload: the reload came before its end.
    const [ended] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.id === taken!.id),
    )
    expect(ended!.epoch).toBeGreaterThan(taken!.epoch!)
    const cancels = await cancelTransactions(holder.address)
    expect(cancels).toHaveLength(3)
    for (const t of cancels) {
      expect((t.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
    }
    await expect(page.getByTestId('offers-empty')).toContainText('No Active Offers')
  },
)

test("a bid of another account on the holder's NFT, accepted: the NFT moves, the XRP arrives less the transfer fee", async ({
  page,
}, testInfo) => {
  // One after the other: each is a payment of this worker's funding account.
  const issuer = await fundedAccount('secp256k1')
  const holder = await fundedAccount('secp256k1')
  const bidder = await fundedAccount('secp256k1')
  // The issuer mints an NFT with a 5 % transfer fee and hands it to the holder; the bidder bids 10 XRP.
  await withSandbox(async (client) => {
    const mint = { TransactionType: 'NFTokenMint', NFTokenTaxon: 3, Flags: 8, TransferFee: 5000 }
    await submitPipelined(client, issuer, [mint])
  })
  const [nftId] = await nftsHeldBy(issuer.address)
  await makeSellOffers(issuer, [{ nftId: nftId!, drops: '0', destination: holder.address }])
  const [gift] = await offersOwnedBy(issuer.address)
  await withSandbox(async (client) => {
    await submitPipelined(client, holder, [
      { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: gift!.index },
    ])
    await submitPipelined(client, bidder, [
      {
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: nftId,
        Owner: holder.address,
        Amount: xrpToDrops(10),
      },
    ])
  })
  const before = {
    holder: await balanceOf(holder.address),
    issuer: await balanceOf(issuer.address),
  }

  await connectHolder(page, holder, 1)
  await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
  const bids = page.getByTestId('bids-section')
  await bids.getByRole('button', { name: 'Check bids (1 NFT)' }).click()
  const row = bids.getByTestId('bid-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('bid-amount')).toHaveText('10 XRP')
  await expect(row).toContainText('Best bid')
  await row.getByRole('button', { name: /^Accept the bid of 10 XRP/ }).click()

  const dialog = page.getByRole('dialog', { name: 'Accept this bid?' })
  await expect(dialog.getByTestId('accept-price')).toHaveText('10 XRP')
  await expect(dialog.getByTestId('accept-buyer')).toHaveText(
    `${bidder.address.slice(0, 6)}...${bidder.address.slice(-4)}`,
  )
  await expect(dialog.getByTestId('accept-fee')).toHaveText('0.5 XRP')
  await expect(dialog.getByTestId('accept-net')).toHaveText('9.5 XRP')
  const sell = dialog.getByRole('button', { name: 'Sell to this bid' })
  await sell.click()
  // The sandbox network has one server: no second one confirms the bid, so the sale asks first.
  await expect(dialog.getByRole('alert')).toContainText('no second server confirms its terms')
  const oneServer = dialog.getByTestId('accept-one-server')
  await expect(sell).toBeDisabled()
  await keepScreenshot(page, testInfo, 'accept-dialog')
  // The buyer, the figures and the confirmation stay inside the dialog, on a phone too.
  expect(await overflowsSideways(dialog)).toBe(false)
  await oneServer.getByRole('checkbox').check()
  await sell.click()
  await expect(bids.getByTestId('bids-status')).toHaveText('✓ The NFT was sold.', {
    timeout: 30_000,
  })

  expect(await nftsHeldBy(bidder.address)).toEqual([nftId])
  expect(await nftsHeldBy(holder.address)).toEqual([])
  const fee = await feePaidBy(holder.address)
  expect(await balanceOf(holder.address)).toBe(before.holder + 9_500_000n - fee)
  expect(await balanceOf(issuer.address)).toBe(before.issuer + 500_000n)
  await expect(bids).toContainText('No bids on your NFTs')
})

test(
  'a listing bought by another account leaves the collection, the footer and Orders without a reload',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(2)
    const buyer = await fundedAccount('secp256k1')
    const [sold, kept] = await nftsHeldBy(holder.address)
    await makeSellOffers(holder, [{ nftId: sold!, drops: xrpToDrops(2) }])
    const [offer] = await offersOwnedBy(holder.address)

    await connectHolder(page, holder, 2)
    const footer = page.getByTestId('footer-counts')
    await expect(footer).toContainText('NFTs: 2')
    await expect(footer).toContainText('Offers: 1')
    const orders = await openOrders(page)
    await expect(orders.getByTestId('offers-total')).toHaveText('1')

    // Someone else buys it on the ledger: the app learns it from the account's stream alone.
    await withSandbox((client) =>
      submitPipelined(client, buyer, [
        { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer!.index },
      ]),
    )
    expect(await nftsHeldBy(buyer.address)).toEqual([sold])
    await expect(footer).toContainText('NFTs: 1', { timeout: 30_000 })
    await expect(footer).toContainText('Offers: 0')
    await expect(page.getByTestId('offers-empty')).toContainText('No Active Offers')
    await toolTabs(page).getByRole('tab', { name: 'Airdrop' }).click()
    await expect(page.getByTestId('collection-counts')).toContainText('1 total')
    expect(await nftsHeldBy(holder.address)).toEqual([kept])
  },
)
