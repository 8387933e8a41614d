/**
 * An airdrop of 10,000 NFTs through the UI (issue 12): the built app (vite build --mode e2e) in
 * Chromium against an in-process sandbox (1 s ledgers, 200 transactions a ledger at the base fee),
 * driven like a user: connect the large holder (10,000 NFTs), Select All Filtered, upload a CSV of 40
 * recipients with 250 NFTs each, confirm. Measured from the confirmation to 'Airdrop Complete', with
 * the progress card on screen:
 *
 * - ledgers consumed beside the minimum (50), as the scale suite measures the engine in Node;
 * - main-thread long tasks while the job runs (count, longest, total);
 * - a scripted scroll of the page in the middle of the job: frame times (p95); the same scroll once
 *   the job is over and the metadata loaded, for what the grid costs alone;
 * - the page's JS heap (DevTools Runtime.getHeapUsage), sampled every 500 ms while the job runs: the
 *   peak.
 */

import { chromium } from 'playwright-core'
import type { Page } from 'playwright-core'
import { Client, Wallet, xrpToDrops } from 'xrpl'

import { GENESIS_SEED, startSandbox } from '../../src/sandbox/index.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { accountTxs } from '../helpers/jobs.ts'
import { minimumLedgers, withoutEscalation } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { BENCH_PORTS, connectLargeHolder, percentile, serveApp } from './ui.ts'
import { recordLongTasks, scriptedScroll } from './uiPage.ts'
import { size } from './size.ts'

const NFTS = size(10_000, 40)
const RECIPIENTS = size(40, 4)
const EXPECTED_LEDGER_SIZE = 200

/** Samples the page's JS heap (DevTools protocol: exact, unlike performance.memory) until stopped. */
async function sampleHeap(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page)
  let peak = 0
  let on = true
  const loop = (async () => {
    while (on) {
      const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      peak = Math.max(peak, usedSize)
      await new Promise((r) => setTimeout(r, 500))
    }
    // The page closed under it (the run failed): the run's own error is the one reported.
  })().catch(() => {})
  return async () => {
    on = false
    await loop
    await cdp.detach()
    return peak
  }
}

async function run(): Promise<Figures> {
  const sandbox = await startSandbox({
    port: BENCH_PORTS.ws,
    gatewayPort: BENCH_PORTS.gateway,
    demo: true,
    largeHolderNfts: NFTS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
  })
  // Funded recipients of their own (the demo's first recipients accept offers, which would put
  // transactions of theirs in the same ledgers).
  const recipients = Array.from({ length: RECIPIENTS }, () => Wallet.generate().classicAddress)
  withoutEscalation(sandbox.ledger, () => {
    const s = new DemoSubmitter(sandbox.ledger)
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    for (const r of recipients) {
      s.submit(genesis, { TransactionType: 'Payment', Destination: r, Amount: xrpToDrops(10) })
    }
    s.close()
  })
  const app = await serveApp(sandbox.url, sandbox.gateway?.url ?? '')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const client = new Client(sandbox.url)
  try {
    await client.connect()
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript('window.__name = (f) => f')
    await page.addInitScript(recordLongTasks)
    await page.goto(app.url)
    const holder = demoAccounts().largeHolder
    await connectLargeHolder(page, holder.seed ?? '')
    const counts = page.getByTestId('collection-counts')
    await counts.filter({ hasText: `${NFTS} total` }).waitFor({ timeout: 300_000 })
    await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
    await counts.filter({ hasText: `${NFTS} selected` }).waitFor()
    const csv = ['wallet_address,nft_amount', ...recipients.map((r) => `${r},${NFTS / RECIPIENTS}`)]
    await page.getByLabel('Distribution CSV file').setInputFiles({
      name: 'bench.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\n')),
    })
    const manager = page.getByRole('region', { name: 'Airdrop Manager' })
    await manager.getByRole('button', { name: 'Start Airdrop' }).click()
    const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
    const go = confirm.getByRole('button', { name: 'Confirm and start' })
    await go.waitFor({ timeout: 120_000 })

    // Start right after a ledger closed, as the scale suite does: no part-ledger at the start.
    const startLedger = await new Promise<number>((resolve) => {
      const stop = sandbox.ledger.onClose((closed) => {
        stop()
        resolve(closed.header.ledger_index)
      })
    })
    const t0 = Date.now()
    const jobStart = await page.evaluate(() => performance.now())
    const heapPeak = await sampleHeap(page)
    await go.click()
    const progress = manager.getByTestId('airdrop-progress')
    await progress.waitFor({ timeout: 60_000 })
    await progress.scrollIntoViewIfNeeded()
    // Mid-job (about a quarter in), a scripted scroll of the page, then back to the card (a smoke
    // run's tiny job may be over by then).
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="airdrop-results"]') !== null ||
        Number(
          document
            .querySelector('[data-testid="progress-percent"]')
            ?.textContent?.replace('%', '') ?? 0,
        ) >= 25,
      undefined,
      { timeout: 600_000, polling: 500 },
    )
    const scrollFrom = await page.evaluate(() => performance.now())
    const scroll = await page.evaluate(scriptedScroll, { frames: 180, step: 60 })
    const scrollTo = await page.evaluate(() => performance.now())
    const results = manager.getByTestId('airdrop-results')
    await progress.or(results).first().scrollIntoViewIfNeeded()
    await results.getByRole('heading', { name: 'Airdrop Complete' }).waitFor({ timeout: 900_000 })
    const ms = Date.now() - t0
    const jobEnd = await page.evaluate(() => performance.now())
    const heapPeakBytes = await heapPeak()
    const succeeded = await results.getByTestId('results-successful').textContent()
    if (succeeded !== String(NFTS)) throw new Error(`bench uijob: ${succeeded} offers succeeded`)
    const txs = await accountTxs(client, holder.classicAddress, startLedger)
    const last = Math.max(...txs.map((t) => t.ledger_index ?? 0))
    // The same scroll with no job running and the metadata all loaded: what the grid costs alone on
    // this machine, beside the figure taken while the job took the CPU.
    await page.getByTestId('load-progress').waitFor({ state: 'hidden', timeout: 600_000 })
    const idleScroll = await page.evaluate(scriptedScroll, { frames: 180, step: 60 })
    const during = await page.evaluate(
      ({ from, to, scrollFrom, scrollTo }) => {
        const w = window as unknown as { benchLongTasks: [number, number][] }
        const all = w.benchLongTasks.filter(([s]) => s >= from && s <= to)
        const tasks = all.map(([, d]) => d)
        const inScroll = all.filter(([s]) => s >= scrollFrom && s <= scrollTo).length
        // Since the page opened (connect, 10,000 NFTs listed): shows the observer does record.
        return { tasks, inScroll, sessionCount: w.benchLongTasks.length }
      },
      { from: jobStart, to: jobEnd, scrollFrom, scrollTo },
    )
    const ledgers = last - startLedger
    const minimum = minimumLedgers(NFTS, EXPECTED_LEDGER_SIZE)
    return {
      nfts: NFTS,
      recipients: RECIPIENTS,
      transactions: txs.length,
      airdrop10000_ledgers: ledgers,
      airdrop10000_minimum_ledgers: minimum,
      airdrop10000_ratio_to_minimum: Math.round((ledgers / minimum) * 100) / 100,
      airdrop10000_ms: ms,
      job_longtasks: during.tasks.length,
      job_longtask_max_ms: Math.round(Math.max(0, ...during.tasks)),
      job_longtask_total_ms: Math.round(during.tasks.reduce((a, b) => a + b, 0)),
      // Those that fell in the scripted scroll (cards of the grid mounting), not the job's.
      job_longtasks_during_scroll: during.inScroll,
      job_scroll_frame_median_ms: percentile(scroll.frameMs, 50),
      job_scroll_frame_p95_ms: percentile(scroll.frameMs, 95),
      idle_scroll_frame_p95_ms: percentile(idleScroll.frameMs, 95),
      idle_scroll_longtasks: idleScroll.longTasks,
      job_heap_peak_mb: Math.round(heapPeakBytes / 2 ** 20),
      page_longtasks_since_load: during.sessionCount,
    }
  } finally {
    await client.disconnect()
    await browser.close()
    await app.stop()
    await sandbox.stop()
  }
}

/** `npm run bench uijob`. */
export const uiJobSuite: Suite = { name: 'uijob', run }
