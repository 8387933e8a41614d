/**
 * The Burn tab against the sandbox, on fresh accounts holding NFTs with real metadata: 30 NFTs chosen
 * through the collection filter, the confirmation's offer counts and reserve as the ledger has them,
 * an NFT that left the wallet meanwhile shown with its reason and left out, a reload right after the
 * start: each NFT burned once, gone from the ledger and the UI, its offers gone too.
 */
import type { AccountTxTransaction } from 'xrpl'
import { parseNFTokenID, xrpToDrops } from 'xrpl'

import type { JobRow } from '../../src/db/types/jobs.ts'
import type { MetadataRow } from '../../src/db/types/metadata.ts'
import { nftsHeldBy, offersOwnedBy, reconnectHolder, submitPipelined } from './support/airdrop.ts'
import { connectHolder } from './support/airdrop.ts'
import { storedRows } from './support/hooks.ts'
import { fundedAccount, transactionsOf, withSandbox } from './support/ledger.ts'
import { handNfts, listingHolder } from './support/listing.ts'
import { makeSellOffers } from './support/orders.ts'
import {
  expectConnected,
  openMainShell,
  quickConnect,
  reachMainShell,
  toolTabs,
} from './support/shell.ts'
import { expect, test } from './support/test.ts'

/** The account's OwnerCount on the validated ledger. */
async function ownerCount(address: string): Promise<number> {
  return withSandbox(async (client) => {
    const info = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: 'validated',
    })
    return info.result.account_data.OwnerCount
  })
}

/** The account's validated NFTokenBurn transactions. */
async function burnsBy(address: string): Promise<AccountTxTransaction[]> {
  const txs = await transactionsOf(address)
  return txs.filter((t) => t.tx_json?.TransactionType === 'NFTokenBurn')
}

/** Bids on an NFT (nft_buy_offers), 0 when it has none. */
async function bidsOn(nftId: string): Promise<number> {
  return withSandbox((client) =>
    client.request({ command: 'nft_buy_offers', nft_id: nftId, ledger_index: 'validated' }).then(
      (r) => r.result.offers.length,
      () => 0,
    ),
  )
}

test('without a wallet the tab asks for one', async ({ page }) => {
  await openMainShell(page)
  await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
  await expect(page.getByText('Wallet Required')).toBeVisible()
  await expect(page.getByText('Connect your wallet to burn NFTs')).toBeVisible()
})

test('30 NFTs of a collection burned: the offers and reserve as the ledger has them, one NFT given away meanwhile leaving the selection, a reload, none burned twice', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // 31 NFTs of taxon 7 and 4 of taxon 8.
  const holder = await listingHolder(35, { taxa: [...Array<number>(31).fill(7), 8] })
  const bidder = await fundedAccount('secp256k1')
  const held = await nftsHeldBy(holder.address)
  const ofTaxon = (taxon: number) => held.filter((id) => parseNFTokenID(id).Taxon === taxon)
  const collection = ofTaxon(7)
  expect(collection).toHaveLength(31)
  // The holder's own sell offers on three of them, and bids of another account on two.
  await makeSellOffers(
    holder,
    [0, 1, 2].map((i) => ({ nftId: collection[i]!, drops: xrpToDrops(5) })),
  )
  await withSandbox((client) =>
    submitPipelined(
      client,
      bidder,
      [3, 4].map((i) => ({
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: collection[i]!,
        Owner: holder.address,
        Amount: xrpToDrops(2),
      })),
    ),
  )

  await connectHolder(page, holder, 35)
  // A pick made for an airdrop is the Airdrop tab's: it never arms a burn.
  await page.getByTestId('nft-card').getByRole('checkbox').first().click()
  await expect(page.getByTestId('collection-counts')).toContainText('1 selected')
  await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
  const card = page.getByRole('region', { name: 'Burn Selected' })
  await expect(page.getByText('Burning is permanent.')).toBeVisible()
  await expect(page.getByTestId('collection-counts')).toContainText('0 selected')
  // Nothing selected: it looks inactive (not as a button to press), and a press gives the spec's
  // message.
  const burn0 = card.getByRole('button', { name: 'Burn Selected (0)' })
  await expect(burn0).toHaveAttribute('aria-disabled', 'true')
  expect(Number(await burn0.evaluate((b) => getComputedStyle(b).opacity))).toBeLessThan(1)
  // Playwright takes aria-disabled as disabled and would wait: a user's press is not refused.
  await burn0.click({ force: true })
  await expect(card.getByRole('alert')).toHaveText('Please select NFTs to burn')

  // One way to select: the collection's filters and buttons (no second filter, no second grid).
  await expect(
    page.getByRole('button', { name: /^Select all shown$|^Clear selection$/ }),
  ).toHaveCount(0)
  const taxon = page.getByLabel('Taxon', { exact: true })
  await taxon.selectOption('8')
  await page.getByTestId('nft-card').getByRole('checkbox').first().click()
  await expect(card.getByTestId('burn-selected')).toHaveText('1 NFT selected')
  await taxon.selectOption('7')
  await expect(page.getByTestId('filter-shown')).toHaveText('31 NFTs shown')
  await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
  // What the filters hide is kept selected but never burned, and the card says so.
  await expect(page.getByTestId('collection-counts')).toContainText('32 selected')
  await expect(card.getByTestId('burn-selected')).toHaveText(
    '31 NFTs selected (1 more selected is hidden by the filters and will not be burned)',
  )

  // One of them leaves the wallet before the burn is planned: the collection follows the account's
  // stream, so it leaves the list and the selection before anything is planned.
  const gone = collection[30]!
  await handNfts(holder, bidder, [gone])
  await expect(card.getByTestId('burn-selected')).toHaveText(
    '30 NFTs selected (1 more selected is hidden by the filters and will not be burned)',
  )
  // The cards' names come from their metadata, read into this device's cache: all there before the
  // burn is planned, so the results can name what burned.
  const toBurn = new Set(collection.slice(0, 30))
  await expect
    .poll(
      async () =>
        (await storedRows<MetadataRow>(page, 'metadata')).filter(
          (row) => toBurn.has(row.nftId) && row.status === 'loaded',
        ).length,
      { timeout: 30_000 },
    )
    .toBe(30)
  const before = await ownerCount(holder.address)
  await card.getByRole('button', { name: 'Burn Selected (30)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm NFT Burn' })
  await expect(dialog.getByTestId('burn-count')).toHaveText('30', { timeout: 30_000 })
  await expect(dialog.getByTestId('plan-problems')).toHaveCount(0)
  await expect(dialog.getByTestId('burn-own-offers')).toHaveText('3')
  await expect(dialog.getByTestId('burn-other-offers')).toHaveText('2')
  const pages = Number(await dialog.getByTestId('burn-pages').innerText())
  await expect(dialog.getByTestId('burn-reserve')).toHaveText(
    `${((3 + pages) * 0.2).toFixed(1).replace(/\.0$/, '')} XRP`,
  )
  const confirm = dialog.getByRole('button', { name: 'Burn 30 NFTs' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(/^Type BURN/).fill('burn 30  nfts ')
  await expect(confirm).toBeDisabled()
  await expect(dialog.getByText('type it exactly as shown, in capital letters')).toBeVisible()
  await dialog.getByLabel(/^Type BURN/).fill('BURN 30 NFTS')
  await confirm.click()

  // A reload as soon as it runs: the job goes on, nothing is burned twice.
  await expect(page.getByTestId('burn-progress').or(page.getByTestId('burn-results'))).toBeVisible()
  await page.reload()
  await reachMainShell(page)
  await reconnectHolder(page, holder, 4)
  await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
  const results = page.getByTestId('burn-results')
  await expect(results).toBeVisible({ timeout: 60_000 })
  await expect(results.getByTestId('results-successful')).toHaveText('30')
  await expect(results).toContainText('Successfully burned 30 NFTs')
  await expect(
    results.getByRole('list', { name: 'Burn results per NFT' }).locator('li'),
  ).toHaveCount(30)
  await expect(results).toContainText('Burned successfully')
  // After the reload the burned NFTs, their metadata gone from this device, keep their cards' names.
  const burnedNames = await results.locator('.burn-results__name').allInnerTexts()
  expect(burnedNames).toHaveLength(30)
  for (const name of burnedNames) expect(name).toMatch(/^Pixel Cat/)

  // On the ledger: the 30 are gone, each burned once; the one given away and taxon 8 stay.
  const left = new Set(await nftsHeldBy(holder.address))
  expect(left).toEqual(new Set(ofTaxon(8)))
  const burns = await burnsBy(holder.address)
  expect(burns).toHaveLength(30)
  expect(new Set(burns.map((t) => (t.tx_json as { NFTokenID: string }).NFTokenID)).size).toBe(30)
  // Their offers went with them, and the reserve freed is the confirmation's.
  expect(await offersOwnedBy(holder.address)).toEqual([])
  expect(await bidsOn(collection[3]!)).toBe(0)
  expect(before - (await ownerCount(holder.address))).toBe(3 + pages)
  // And from the UI: 4 NFTs left, none selected.
  await expect(page.getByTestId('collection-counts')).toContainText('4 total')
  await expect(page.getByTestId('collection-counts')).toContainText('0 selected')
  await expect(page.getByTestId('footer-counts')).toContainText('Offers: 0')
  const [job] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
    jobs.filter((j) => j.kind === 'burn' && j.account === holder.address),
  )
  expect(job!.counts).toMatchObject({ succeeded: 30, skipped: 0, failed: 0 })
})

test(
  'burned NFTs leave the list, the selection and the cache as they burn, without a reload',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await listingHolder(4)
    await connectHolder(page, holder, 4)
    await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
    await expect(page.getByText('Cache: 4 entries for this wallet')).toBeVisible({
      timeout: 30_000,
    })
    const cards = page.getByTestId('nft-card').getByRole('checkbox')
    await cards.nth(0).click()
    await cards.nth(1).click()
    const card = page.getByRole('region', { name: 'Burn Selected' })
    await card.getByRole('button', { name: 'Burn Selected (2)' }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm NFT Burn' })
    await dialog.getByLabel(/^Type BURN/).fill('BURN 2 NFTS')
    await dialog.getByRole('button', { name: 'Burn 2 NFTs' }).click()
    const results = page.getByTestId('burn-results')
    await expect(results).toContainText('Successfully burned 2 NFTs', { timeout: 30_000 })
    await expect(page.getByTestId('collection-counts')).toContainText('2 total')
    await expect(page.getByTestId('collection-counts')).toContainText('0 selected')
    await expect(page.getByTestId('nft-card')).toHaveCount(2)
    await expect(page.getByText('Cache: 2 entries for this wallet')).toBeVisible()
    expect(await nftsHeldBy(holder.address)).toHaveLength(2)
  },
)

// Long enough to be caught running (30 burns may end within a ledger or two): the desktop project.
test(
  'a reload in the middle of 150 burns: another runner takes the job, each NFT burned once @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(180_000)
    const NFTS = 150
    const holder = await listingHolder(NFTS, { xrp: 20 })
    await connectHolder(page, holder, NFTS)
    await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
    await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
    const card = page.getByRole('region', { name: 'Burn Selected' })
    await card.getByRole('button', { name: `Burn Selected (${NFTS})` }).click()
    const dialog = page.getByRole('dialog', { name: 'Confirm NFT Burn' })
    await dialog.getByLabel(/^Type BURN/).fill(`BURN ${NFTS} NFTS`)
    await dialog.getByRole('button', { name: `Burn ${NFTS} NFTs` }).click()
    await expect(page.getByTestId('burn-progress')).toBeVisible()
    // The shell shows the burn under way.
    await expect(page.getByRole('contentinfo').getByText('Burning NFTs…')).toBeVisible()
    const [taken] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.kind === 'burn' && job.account === holder.address),
    )
    expect(taken!.epoch).toBeGreaterThan(0)
    await page.reload()
    await reachMainShell(page)
    // The list shrinks while the resumed burn goes on: its count is checked once the job ends.
    await quickConnect(page, { tab: 'Family Seed', secret: holder.seed! })
    await expectConnected(page, holder.address)
    await toolTabs(page).getByRole('tab', { name: 'Burn' }).click()
    const results = page.getByTestId('burn-results')
    await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS), {
      timeout: 120_000,
    })
    // The burned NFTs left the list shown (the footer counts it).
    await expect(page.getByTestId('footer-counts')).toContainText('NFTs: 0')
    await expect(page.getByTestId('nft-card')).toHaveCount(0)
    const [ended] = await storedRows<JobRow>(page, 'jobs').then((jobs) =>
      jobs.filter((job) => job.id === taken!.id),
    )
    expect(ended!.epoch).toBeGreaterThan(taken!.epoch!)
    expect(await nftsHeldBy(holder.address)).toEqual([])
    const burns = await burnsBy(holder.address)
    expect(burns).toHaveLength(NFTS)
  },
)
