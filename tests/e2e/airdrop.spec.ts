/**
 * An airdrop of 60 NFTs to 50 recipients, as a user does it: a fresh account with 60 NFTs, the
 * distribution list, the Distribution Summary, the pre-flight (one recipient refuses offers, one
 * does not exist: both skipped), the progress, 'Airdrop Complete', the per-recipient details and
 * the report downloaded as CSV.
 */
import { readFile } from 'node:fs/promises'

import { expect, test } from './support/test.ts'
import Papa from 'papaparse'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { shortAddress } from '../../src/shared/format.ts'
import {
  airdropHolder,
  chooseCsv,
  connectHolder,
  distributionCsv,
  managerPanel,
  nftsHeldBy,
  offersOwnedBy,
  selectAllNfts,
  submitPipelined,
  validatedLedgerIndex,
} from './support/airdrop.ts'
import { withSandbox } from './support/ledger.ts'
import { keepScreenshot, numbersBrokenIn, scrollsSideways } from './support/page.ts'

test.setTimeout(120_000)

const { recipients, unfunded } = demoAccounts()
const refusing = recipients[49]!
const missing = unfunded[0]!
/** Recipients 1–48; 11–20 get 2 NFTs each: with the two problem rows, 60 slots for 60 NFTs. */
const served = recipients.slice(0, 48)
const doubled = new Set(served.slice(10, 20).map((w) => w.address))
const rows: [string, number][] = [
  [refusing.address, 1],
  [missing.address, 1],
  ...served.map((w): [string, number] => [w.address, doubled.has(w.address) ? 2 : 1]),
]

test('airdrop 60 NFTs to 50 recipients: summary, pre-flight, progress, results, report', async ({
  page,
}, testInfo) => {
  // A balance of six figures and drops: its spendable figure is as long as a real holder's.
  const holder = await airdropHolder(60, 123_456)
  await connectHolder(page, holder, 60)
  const manager = managerPanel(page)
  await expect(manager.getByRole('heading', { name: 'Upload CSV Required' })).toBeVisible()

  await chooseCsv(page, 'airdrop-60.csv', distributionCsv(rows))
  await expect(page.getByTestId('csv-distributions')).toHaveText('50')
  await expect(page.getByTestId('csv-nfts-requested')).toHaveText('60')

  // Nothing selected yet: the warning, and Start Airdrop cannot be pressed.
  await expect(manager.getByText('No NFTs Selected')).toBeVisible()
  const start = manager.getByRole('button', { name: 'Start Airdrop' })
  await expect(start).toBeDisabled()
  await expect(
    manager.getByRole('checkbox', {
      name: 'Randomize NFT distribution (recommended for fairness)',
    }),
  ).toBeChecked()

  await selectAllNfts(page, 60)
  await expect(manager.getByTestId('summary-distributions')).toHaveText('50')
  await expect(manager.getByTestId('summary-nfts')).toHaveText('60')
  await expect(manager.getByTestId('summary-transactions')).toHaveText('60')
  await expect(manager.getByText('No NFTs Selected')).toBeHidden()
  await expect(manager.getByText(/recipients will not receive NFTs/)).toBeHidden()

  await start.click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
  await expect(confirm).toBeVisible()
  await expect(confirm.getByTestId('plan-transactions')).toHaveText('58')
  await expect(confirm).toContainText('Reserve locked by the offers11.6 XRP')
  const problems = confirm.getByTestId('plan-problems')
  await expect(problems).toContainText('Pre-flight found 2 problems (2 items to skip)')
  await expect(problems).toContainText(
    `${refusing.address} does not accept incoming NFT offers: it will be skipped`,
  )
  await expect(problems).toContainText(`${missing.address} does not exist`)
  await keepScreenshot(page, testInfo, 'airdrop-preflight')
  // Each figure reads whole, the spendable balance's decimals too, at a phone's width as well.
  expect(await numbersBrokenIn(confirm.getByTestId('plan-figures'))).toEqual([])
  // Go back leaves the plan unstarted; Start Airdrop plans it again.
  await confirm.getByRole('button', { name: 'Go back' }).click()
  await expect(confirm).toBeHidden()
  await expect(manager.getByTestId('airdrop-progress')).toBeHidden()
  await start.click()
  await expect(confirm.getByTestId('plan-transactions')).toHaveText('58')
  await confirm.getByRole('button', { name: 'Skip problem items and start' }).click()
  await expect(confirm).toBeHidden()

  const progress = manager.getByTestId('airdrop-progress')
  const results = manager.getByTestId('airdrop-results')
  await expect(progress.or(results)).toBeVisible()
  await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
    timeout: 60_000,
  })
  await expect(results.getByTestId('results-successful')).toHaveText('58')
  await expect(results.getByTestId('results-failed')).toHaveText('0')
  await expect(results.getByTestId('results-skipped')).toHaveText('2')
  await expect(results.getByTestId('results-total')).toHaveText('60')

  // The details: one row per recipient, in CSV order.
  await results.getByRole('button', { name: /Per-recipient details \(50 recipients\)/ }).click()
  const details = results.getByTestId('recipient-row')
  await expect(details).toHaveCount(50)
  await expect(details.first()).toContainText(shortAddress(refusing.address))
  // A skipped row: its badge and its reason, in the past (no 'it will be skipped'), and no NFT id
  // as if one had been sent.
  const skippedRow = details.first().locator('[data-status="skipped"]')
  await expect(skippedRow).toHaveText(
    `skipped${refusing.address} does not accept incoming NFT offers`,
  )
  const eleventh = details.nth(12)
  await expect(eleventh).toContainText(shortAddress(served[10]!.address))
  await expect(eleventh.getByText(/^tx [0-9A-F]{10}…$/)).toHaveCount(2)
  expect(await scrollsSideways(page)).toBe(false)
  await keepScreenshot(page, testInfo, 'airdrop-results')

  // The report, as the browser downloads it.
  const downloading = page.waitForEvent('download')
  await results.getByRole('button', { name: 'Export report (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^airdrop-report-[0-9a-f]{8}\.csv$/)
  const text = await readFile(await download.path(), 'utf8')
  const report = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
  expect(report.data).toHaveLength(60)
  const succeeded = report.data.filter((row) => row.status === 'succeeded')
  expect(succeeded).toHaveLength(58)
  expect(new Set(succeeded.map((row) => row.nft_id)).size).toBe(58)
  for (const row of succeeded) expect(row.tx_hash).toMatch(/^[0-9A-F]{64}$/)
  const perRecipient = new Map<string, number>()
  for (const row of succeeded) {
    perRecipient.set(row.recipient!, (perRecipient.get(row.recipient!) ?? 0) + 1)
  }
  expect(Object.fromEntries(perRecipient)).toEqual(
    Object.fromEntries(served.map((w) => [w.address, doubled.has(w.address) ? 2 : 1])),
  )
  const skipped = report.data.filter((row) => row.status === 'skipped').map((row) => row.recipient)
  expect(skipped.sort()).toEqual([refusing.address, missing.address].sort())

  // On the ledger: each reported transfer is one zero-amount offer to its recipient, or (recipients
  // 1–10 accept by themselves) the NFT in the recipient's hands; nothing else was offered. Every read
  // is of one validated ledger: the acceptances still coming land wholly before it or after it.
  const ledger = await validatedLedgerIndex()
  const offers = await offersOwnedBy(holder.address, ledger)
  const holders = new Map<string, Set<string>>()
  for (const row of succeeded) {
    if (!holders.has(row.recipient!))
      holders.set(row.recipient!, new Set(await nftsHeldBy(row.recipient!, ledger)))
  }
  const kept = new Set(await nftsHeldBy(holder.address, ledger))
  for (const row of succeeded) {
    const offer = offers.filter((o) => o.NFTokenID === row.nft_id)
    const accepted = holders.get(row.recipient!)!.has(row.nft_id!)
    expect(offer.length + (accepted ? 1 : 0), `${row.nft_id} to ${row.recipient}`).toBe(1)
    for (const o of offer) expect(o).toMatchObject({ Destination: row.recipient, Amount: '0' })
    // An offer does not move the NFT: the holder keeps it until it is accepted.
    expect(kept.has(row.nft_id!)).toBe(!accepted)
  }
  expect(offers).toHaveLength(
    succeeded.filter((row) => !holders.get(row.recipient!)!.has(row.nft_id!)).length,
  )
  expect(kept.size + succeeded.length - offers.length).toBe(60)
})

test(
  'a plan in which every item has a problem offers nothing to start',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(2)
    await connectHolder(page, holder, 2)
    await chooseCsv(
      page,
      'nobody.csv',
      distributionCsv([
        [refusing.address, 1],
        [missing.address, 1],
      ]),
    )
    await selectAllNfts(page, 2)
    await managerPanel(page).getByRole('button', { name: 'Start Airdrop' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
    await expect(confirm.getByTestId('plan-transactions')).toHaveText('0', { timeout: 30_000 })
    await expect(confirm.getByRole('alert')).toHaveText(
      'Every item has a problem, so nothing would be sent. Go back and change the selection or the file.',
    )
    await expect(confirm.getByRole('button', { name: /start/i })).toHaveCount(0)
    await confirm.getByRole('button', { name: 'Go back' }).click()
    await expect(confirm).toBeHidden()
    expect(await offersOwnedBy(holder.address)).toEqual([])
  },
)

test(
  'NFTs already on offer are marked before they are picked, can be hidden, and spare NFTs take their places',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(4)
    // Two of the four are offered already (as an earlier airdrop would have left them), to demo
    // recipients that do not accept by themselves (the first ten do).
    const owned = await nftsHeldBy(holder.address)
    await withSandbox((client) =>
      submitPipelined(
        client,
        holder,
        owned.slice(0, 2).map((nftId) => ({
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: nftId,
          Amount: '0',
          Destination: recipients[20]!.address,
          Flags: 1,
        })),
      ),
    )
    await connectHolder(page, holder, 4)
    const cards = page.getByTestId('nft-card')
    const taken = page.locator('[data-testid="nft-card"][data-taken]')
    await expect(taken).toHaveCount(2)
    await expect(taken.getByTestId('nft-taken')).toHaveText([
      `On offer to ${shortAddress(recipients[20]!.address)}`,
      `On offer to ${shortAddress(recipients[20]!.address)}`,
    ])

    // Hidden, they leave the grid and Select All; shown again, they come back.
    const hide = page.getByTestId('hide-taken').getByRole('checkbox')
    await expect(page.getByTestId('hide-taken')).toHaveText(
      'Hide 2 NFTs already on offer or in another job',
    )
    await hide.check()
    await expect(cards).toHaveCount(2)
    await expect(taken).toHaveCount(0)
    await selectAllNfts(page, 2)
    await page.getByRole('button', { name: 'Deselect All Filtered' }).click()
    await hide.uncheck()
    await expect(cards).toHaveCount(4)

    // Picked first (taken) then last (free), for two recipients in CSV order: the free ones are
    // spares, and go to the recipients whose NFT is on offer already.
    for (const card of [taken.nth(0), taken.nth(1)]) await card.getByRole('checkbox').click()
    const free = page.locator('[data-testid="nft-card"]:not([data-taken])')
    for (const card of [free.nth(0), free.nth(1)]) await card.getByRole('checkbox').click()
    await expect(page.getByTestId('collection-counts')).toContainText('4 selected')
    await chooseCsv(
      page,
      'two.csv',
      distributionCsv([
        [recipients[21]!.address, 1],
        [recipients[22]!.address, 1],
      ]),
    )
    const manager = managerPanel(page)
    await manager.getByRole('checkbox', { name: /Randomize NFT distribution/ }).uncheck()
    await manager.getByRole('button', { name: 'Start Airdrop' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
    await expect(confirm.getByTestId('plan-transactions')).toHaveText('2')
    await expect(confirm.getByTestId('plan-problems')).toBeHidden()
    await expect(confirm.getByTestId('plan-spares')).toHaveText(
      '2 spare selected NFTs go to recipients whose NFT was already on offer, in another job or not yours to offer.',
    )
    await confirm.getByRole('button', { name: 'Confirm and start' }).click()
    await expect(manager.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
      timeout: 60_000,
    })
    // The offers just made are marked too: nothing here is free to airdrop any more.
    await expect(taken).toHaveCount(4, { timeout: 30_000 })
    const offers = await offersOwnedBy(holder.address)
    expect(offers.map((o) => o.Destination).sort()).toEqual(
      [recipients[20]!, recipients[20]!, recipients[21]!, recipients[22]!]
        .map((w) => w.address)
        .sort(),
    )
  },
)

test(
  'Escape on the confirmation gives focus back to Start Airdrop, though it was disabled while planning',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(1)
    await connectHolder(page, holder, 1)
    await chooseCsv(page, 'one.csv', distributionCsv([[recipients[30]!.address, 1]]))
    await selectAllNfts(page, 1)
    const start = managerPanel(page).getByRole('button', { name: 'Start Airdrop' })
    await start.focus()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
    await expect(confirm.getByTestId('plan-transactions')).toHaveText('1')
    await page.keyboard.press('Escape')
    await expect(confirm).toBeHidden()
    await expect(start).toBeFocused()
  },
)
