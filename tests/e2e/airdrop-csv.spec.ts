/**
 * The Airdrop tab before any airdrop: the intro card and 'How it works', the Upload Distribution
 * List with each of the spec's CSV messages and a file with bad rows, and the Airdrop Manager's
 * gates. No wallet is needed to read a file; nothing here touches the ledger.
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'

import { AUTO_ACCEPT_COUNT, demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { chooseCsv, distributionCsv, managerPanel, uploadPanel } from './support/airdrop.ts'
import { openMainShell } from './support/shell.ts'
import { keepScreenshot, scrollsSideways } from './support/page.ts'

function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
}

async function chooseFixture(page: Page, name: string): Promise<void> {
  await uploadPanel(page).getByLabel('Distribution CSV file').setInputFiles(fixture(name))
}

test('the intro card, and How it works collapsed until its button opens it', async ({ page }) => {
  await openMainShell(page)
  const intro = page.getByRole('region', { name: 'XRPL NFT Bulk Distribution' })
  await expect(intro).toContainText(
    'Upload a CSV and distribute your XRPL NFTs to multiple recipients instantly.',
  )
  await expect(intro.getByTestId('airdrop-live')).toHaveText('Live')

  const how = intro.getByRole('button', { name: 'How it works' })
  await expect(how).toHaveAttribute('aria-expanded', 'false')
  await expect(intro.getByRole('listitem')).toHaveCount(0)
  await how.focus()
  await page.keyboard.press('Enter')
  await expect(how).toHaveAttribute('aria-expanded', 'true')
  await expect(intro.getByRole('listitem')).toHaveText([
    'Connect the wallet (browser-extension wallet or seed phrase).',
    'Press Load NFTs.',
    'Click NFT cards to select them.',
    'Upload a CSV with columns wallet_address and nft_amount.',
    'Press Start Airdrop.',
  ])
  await expect(intro).toContainText('Quick Airdrop')

  await expect(managerPanel(page).getByRole('heading', { name: 'Wallet Required' })).toBeVisible()
  await expect(
    uploadPanel(page).getByRole('heading', { name: 'CSV Format Requirements' }),
  ).toBeVisible()
})

test('each broken CSV shows its message, in the panel', async ({ page }) => {
  await openMainShell(page)
  const alert = uploadPanel(page).getByRole('alert')

  await chooseFixture(page, 'distribution.txt')
  await expect(alert).toHaveText('Please select a CSV file')

  await chooseFixture(page, 'header-only.csv')
  await expect(alert).toHaveText('CSV file must have at least a header and one data row')

  await chooseFixture(page, 'no-wallet-column.csv')
  // The message names the columns the file has, so the user sees what to rename.
  await expect(alert).toHaveText(
    'CSV must contain "wallet_address" column (or one named address, account, destination, owner, or wallet). Columns found: "recipient", "nft_amount".',
  )

  await chooseFixture(page, 'no-valid-rows.csv')
  await expect(alert).toHaveText('No valid distribution data found in CSV')
  await expect(uploadPanel(page).getByTestId('csv-summary')).toBeHidden()
})

test('a file with bad rows: the summary with its problems and their line numbers', async ({
  page,
}, testInfo) => {
  await openMainShell(page)
  const [first, second, third] = demoAccounts().recipients
  const csv = distributionCsv([
    [first!.address, 2],
    ['rNotAnAddress', 1],
    [first!.address, 1],
    [second!.address, 'lots'],
    [third!.address],
  ])
  await chooseCsv(page, 'recipients.csv', csv)

  const summary = uploadPanel(page).getByTestId('csv-summary')
  await expect(summary).toContainText('recipients.csv')
  await expect(summary.getByTestId('csv-distributions')).toHaveText('3')
  await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('4')
  const problems = summary.getByTestId('csv-problems')
  await expect(problems).toContainText('3 problems found (2 rows skipped)')
  await expect(problems.getByRole('listitem')).toHaveText([
    /^Line 3 skipped: "rNotAnAddress" is not a valid address/,
    `Line 4 skipped: ${first!.address} is already on line 2; this row is skipped`,
    'Line 5 note: nft_amount "lots" is not a positive whole number; 1 is used',
  ])
  expect(await scrollsSideways(page)).toBe(false)
  await keepScreenshot(page, testInfo, 'airdrop-csv-summary', { fullPage: true })

  // Removing the file brings the drop area back; the manager asks for a wallet first.
  await uploadPanel(page).getByRole('button', { name: 'Remove file' }).click()
  await expect(uploadPanel(page).getByRole('button', { name: 'Choose CSV file' })).toBeVisible()
  await expect(summary).toBeHidden()
})

test('dark mode and 375 px: the Airdrop tab reads well and does not scroll sideways', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await openMainShell(page)
  await page.getByRole('button', { name: 'Dark mode' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.getByRole('button', { name: 'How it works' }).click()
  // Two columns that could be the recipients: the column pickers show.
  const [first, second] = demoAccounts().recipients
  await chooseCsv(
    page,
    'list.csv',
    `Owner;Destination;Amount\n${first!.address};${second!.address};3\n`,
  )
  await expect(page.getByTestId('csv-distributions')).toHaveText('1')
  expect(await scrollsSideways(page)).toBe(false)
  // The native controls wear the theme: the pickers as the page's fields, not the browser's grey.
  const surface = await page.evaluate(
    () => getComputedStyle(document.querySelector('.airdrop-card')!).backgroundColor,
  )
  const picker = page.getByLabel('Recipients column')
  await expect(picker).toHaveCSS('background-color', surface)
  await expect(picker).toHaveCSS('border-top-left-radius', '6px')
  await keepScreenshot(page, testInfo, 'airdrop-dark-375', { fullPage: true })
})

test(
  'on the Sandbox the help names recipients that exist there and offers them as a sample CSV',
  { tag: '@desktop-only' },
  async ({ page }) => {
    await openMainShell(page)
    const accepting = demoAccounts().recipients.slice(0, AUTO_ACCEPT_COUNT)
    const help = uploadPanel(page).getByRole('complementary', { name: 'CSV Format Requirements' })
    await expect(help.getByTestId('csv-example')).toHaveText(
      `wallet_address,nft_amount\n${accepting[0]!.classicAddress},1\n${accepting[1]!.classicAddress},1`,
    )
    const downloading = page.waitForEvent('download')
    await help.getByRole('button', { name: 'Download a sample CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('sample-recipients.csv')
    const text = await readFile(await download.path(), 'utf8')
    expect(text).toBe(
      `wallet_address,nft_amount\n${accepting.map((r) => `${r.classicAddress},1`).join('\n')}\n`,
    )
    // The sample reads as it is: ten recipients, one NFT each.
    await chooseCsv(page, 'sample-recipients.csv', text)
    await expect(page.getByTestId('csv-distributions')).toHaveText(String(AUTO_ACCEPT_COUNT))
    await expect(page.getByTestId('csv-nfts-requested')).toHaveText(String(AUTO_ACCEPT_COUNT))
  },
)

test(
  "other tools' CSVs: the columns read are named, and where several could be meant the user picks",
  { tag: '@desktop-only' },
  async ({ page }) => {
    await openMainShell(page)
    const [first, second] = demoAccounts().recipients
    const summary = uploadPanel(page).getByTestId('csv-summary')
    const columns = summary.getByTestId('csv-columns')

    // xurgedigital's airdrop tool: Destination, Amount.
    await chooseCsv(
      page,
      'xurge.csv',
      `Destination,Amount\n${first!.address},2\n${second!.address},1\n`,
    )
    await expect(columns).toContainText(
      'Recipients from column Destination · counts from column Amount',
    )
    await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('3')
    // An Amount may be XRP, not NFTs: the user confirms it before the airdrop can start.
    await expect(columns.getByRole('status')).toContainText(
      'Check that Amount is how many NFTs each recipient gets (not how many they hold, nor an amount of XRP).',
    )
    await columns.getByRole('button', { name: 'Use these columns' }).click()
    await expect(columns.getByRole('status')).toBeHidden()
    await expect(columns).toContainText('counts from column Amount')

    // Tab-separated, Bithomp's export names: Owner, …, Total. Its Total is what each one holds: the
    // user reads no count instead, one NFT each.
    await chooseCsv(
      page,
      'bithomp.csv',
      `Owner\tOwner username\tTotal\n${first!.address}\talice\t4\n`,
    )
    await expect(columns).toContainText('Recipients from column Owner · counts from column Total')
    await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('4')
    await expect(columns.getByRole('status')).toContainText('Check that Total is how many NFTs')
    await columns.getByLabel('Counts column').selectOption('None: one NFT each')
    await expect(columns.getByRole('status')).toBeHidden()
    await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('1')

    // Two columns could hold the recipients, two the counts: read by the first name until picked.
    await chooseCsv(
      page,
      'both.csv',
      `Owner;Destination;Amount;Total\n${first!.address};${second!.address};2;5\n`,
    )
    await expect(columns).toContainText(
      'Recipients from column Destination · counts from column Amount',
    )
    await expect(columns.getByRole('status')).toContainText(
      'more than one column that could be meant',
    )
    await columns.getByLabel('Recipients column').selectOption('Owner')
    await expect(columns).toContainText('Recipients from column Owner')
    // The count is still to be checked: the notice stays until the user says which.
    await expect(columns.getByRole('status')).toBeVisible()
    await columns.getByLabel('Counts column').selectOption('Total')
    await expect(columns.getByRole('status')).toBeHidden()
    await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('5')
    await columns.getByLabel('Counts column').selectOption('None: one NFT each')
    await expect(columns).toContainText('one NFT each (no count column read)')
    await expect(summary.getByTestId('csv-nfts-requested')).toHaveText('1')

    // 'Use these columns' accepts the reading shown.
    await chooseCsv(page, 'both.csv', `Owner,Destination\n${first!.address},${second!.address}\n`)
    await expect(columns.getByRole('status')).toBeVisible()
    await columns.getByRole('button', { name: 'Use these columns' }).click()
    await expect(columns.getByRole('status')).toBeHidden()
    await expect(columns).toContainText('Recipients from column Destination')
  },
)
