/**
 * Two pages of the app in one browser profile, one wallet: one runner per account across tabs (Web
 * Locks in each page's worker, a fencing epoch on the job). An airdrop started in the first page runs
 * there while the second shows its progress as running in another tab; closing the first mid-run
 * hands the job to the second, which finishes it. The ledger holds exactly one offer per planned
 * transfer.
 */
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'

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
  selectAllNfts,
} from './support/airdrop.ts'
import { storedRows } from './support/hooks.ts'

test.setTimeout(240_000)

const NFTS = 600
const PER_RECIPIENT = 16
/** Recipients 11–49 never accept by themselves: every offer stays on the ledger to count. */
const recipients = demoAccounts().recipients.slice(10, 49)

/** The job's row as the page's IndexedDB holds it (`Job 1234abcd` names it by its id's start). */
async function storedJob(page: Page, label: string): Promise<{ epoch: number; runnerId: string }> {
  const prefix = label.replace('Job ', '')
  const rows = await storedRows<{ id: string; epoch: number; runnerId: string }>(page, 'jobs')
  const row = rows.find((r) => r.id.startsWith(prefix))
  if (!row) throw new Error(`no job ${prefix}`)
  return { epoch: row.epoch, runnerId: row.runnerId }
}

test(
  'an airdrop runs in one tab at a time, and the other takes over when it closes @desktop-only',
  { tag: '@desktop-only' },
  async ({ context, page: first }) => {
    const holder = await airdropHolder(NFTS, 200)
    const second = await context.newPage()
    await connectHolder(first, holder, NFTS)
    await connectHolder(second, holder, NFTS)

    await chooseCsv(
      first,
      'airdrop-tabs.csv',
      distributionCsv(recipients.map((w) => [w.address, PER_RECIPIENT])),
    )
    await selectAllNfts(first, NFTS)
    const manager = managerPanel(first)
    await confirmAirdrop(first, NFTS)

    // The second page shows the same job, running in the other tab once that tab's runner has taken
    // the account's lock and the job (both tabs' engines queue for the lock; on a loaded machine this
    // took more than the default 5 s).
    const elsewhere = managerPanel(second).getByTestId('airdrop-progress')
    await expect(elsewhere.getByTestId('progress-step')).toHaveText(
      'Running in another tab or window of this app (this tab takes over if it closes)',
      { timeout: 30_000 },
    )
    const jobId = (await elsewhere.getByText(/^Job [0-9a-f]{8}$/).textContent())!
    await expect(manager.getByTestId('airdrop-progress')).toContainText(jobId)
    const taken = await storedJob(second, jobId)

    // The first page closes mid-run.
    await expect.poll(() => progressPercent(elsewhere), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await progressPercent(elsewhere)).toBeLessThan(100)
    await first.close()

    const results = managerPanel(second).getByTestId('airdrop-results')
    await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
      timeout: 120_000,
    })
    await expect(results).toContainText(jobId)
    await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS))
    await expect(results.getByTestId('results-failed')).toHaveText('0')
    // The second page's runner took the job over (a new fencing epoch, another runner).
    const finished = await storedJob(second, jobId)
    expect(finished.epoch).toBe(taken.epoch + 1)
    expect(finished.runnerId).not.toBe(taken.runnerId)

    // On the ledger: one offer per planned transfer, none doubled.
    const offers = await offersOwnedBy(holder.address)
    expect(offers).toHaveLength(NFTS)
    expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(NFTS)
    const perRecipient = new Map<string, number>()
    for (const o of offers)
      perRecipient.set(o.Destination!, (perRecipient.get(o.Destination!) ?? 0) + 1)
    for (const count of perRecipient.values()) expect(count).toBeLessThanOrEqual(PER_RECIPIENT)
  },
)
