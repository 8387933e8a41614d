/**
 * Closing the page mid-airdrop: a 600-offer airdrop is reloaded while the progress card shows partial
 * progress; after reconnecting, the same job resumes and completes, and the ledger holds exactly one
 * offer per planned transfer (no NFT offered twice, every planned NFT offered to its recipient).
 * Recipients 11–49 do not accept offers by themselves, so every offer stays on the ledger to count.
 */
import { readFile } from 'node:fs/promises'

import { expect, test } from './support/test.ts'
import Papa from 'papaparse'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  airdropHolder,
  chooseCsv,
  confirmAirdrop,
  connectHolder,
  distributionCsv,
  managerPanel,
  offersOwnedBy,
  progressPercent,
  reconnectHolder,
  selectAllNfts,
} from './support/airdrop.ts'
import { reachMainShell } from './support/shell.ts'
import { keepScreenshot } from './support/page.ts'

test.setTimeout(240_000)

const NFTS = 600
const PER_RECIPIENT = 16
/** 39 recipients × 16 = 624 slots: 37 get 16, the 38th gets 8, the 39th none (1 left out). */
const recipients = demoAccounts().recipients.slice(10, 49)

function expectedPerRecipient(): Record<string, number> {
  const expected: Record<string, number> = {}
  let left = NFTS
  for (const wallet of recipients) {
    const count = Math.min(PER_RECIPIENT, left)
    left -= count
    if (count > 0) expected[wallet.address] = count
  }
  return expected
}

test(
  'a reload mid-airdrop resumes the same job without a duplicate offer @desktop-only',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const holder = await airdropHolder(NFTS, 200)
    await connectHolder(page, holder, NFTS)
    await chooseCsv(
      page,
      'airdrop-600.csv',
      distributionCsv(recipients.map((w) => [w.address, PER_RECIPIENT])),
    )
    await selectAllNfts(page, NFTS)
    const manager = managerPanel(page)
    await expect(manager.getByTestId('summary-distributions')).toHaveText('39')
    await expect(manager.getByTestId('summary-transactions')).toHaveText('600')
    await expect(manager.getByText('1 recipient will not receive NFTs')).toBeVisible()

    await confirmAirdrop(page, NFTS)

    // Partial progress on screen, then the page goes away mid-run.
    const progress = manager.getByTestId('airdrop-progress')
    await expect(progress).toBeVisible()
    const jobId = (await progress.getByText(/^Job [0-9a-f]{8}$/).textContent())!
    await expect.poll(() => progressPercent(progress), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await progressPercent(progress)).toBeLessThan(100)
    await keepScreenshot(page, testInfo, 'airdrop-progress')
    await page.reload()
    await reachMainShell(page)
    await reconnectHolder(page, holder, NFTS)

    // The same job, resumed by the engine on connect, runs to its end.
    const card = manager.getByTestId('airdrop-progress').or(manager.getByTestId('airdrop-results'))
    await expect(card).toContainText(jobId)
    const results = manager.getByTestId('airdrop-results')
    await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
      timeout: 120_000,
    })
    await expect(results).toContainText(jobId)
    await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS))
    await expect(results.getByTestId('results-failed')).toHaveText('0')
    await expect(results.getByTestId('results-total')).toHaveText(String(NFTS))

    // On the ledger: one offer per planned transfer, and the plan is the report's.
    const offers = await offersOwnedBy(holder.address)
    expect(offers).toHaveLength(NFTS)
    expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(NFTS)
    const perRecipient: Record<string, number> = {}
    for (const offer of offers) {
      expect(offer.Amount).toBe('0')
      perRecipient[offer.Destination!] = (perRecipient[offer.Destination!] ?? 0) + 1
    }
    expect(perRecipient).toEqual(expectedPerRecipient())

    const downloading = page.waitForEvent('download')
    await results.getByRole('button', { name: 'Export report (CSV)' }).click()
    const text = await readFile(await (await downloading).path(), 'utf8')
    const report = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true })
    const planned = report.data.map((row) => `${row.nft_id} ${row.recipient}`).sort()
    const onLedger = offers.map((o) => `${o.NFTokenID} ${o.Destination}`).sort()
    expect(onLedger).toEqual(planned)
  },
)
