/**
 * `npm run bench offers`: an account holding 5,000 sell offers (500 NFTs × 10, so most are
 * duplicates), on an in-process sandbox.
 *
 * - In Node: Engine.loadOffers (account_objects pages, account_nfts, close time, the tie-breaking tx
 *   lookups, classification, metadata and airdrop joins), 3 runs.
 * - In Node: the floor price of a 2,000-NFT collection (each NFT listed once), read by a fresh engine
 *   each time (no cache), 3 runs, with the requests it makes.
 * - In Chromium, the built app: connect to the Orders tab's 5,000 offers on screen, the long tasks
 *   meanwhile, and keystroke-to-paint in the offer list's filter (to the next frame, and to the repaint
 *   of the filtered count), median and p95 over 20 keystrokes.
 */
import 'fake-indexeddb/auto'

import { chromium } from 'playwright-core'
import { Wallet } from 'xrpl'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import { createSellOffersInProcess } from '../helpers/offerLedger.ts'
import type { Figures, Suite } from './run.ts'
import { BENCH_PORTS, connectLargeHolder, measureKeystrokes, percentile, serveApp } from './ui.ts'
import { recordLongTasks } from './uiPage.ts'
import { size } from './size.ts'

const NFTS = size(500, 10)
const PER_NFT = size(10, 2)
const OFFERS = NFTS * PER_NFT
/** Hex digits and deletions: each keystroke changes which offers match. */
const KEYS = [
  'a',
  'b',
  'Backspace',
  'c',
  '1',
  'Backspace',
  'Backspace',
  'f',
  'Backspace',
  'Backspace',
]

const round = (n: number) => Math.round(n * 10) / 10
const FLOOR_COLLECTION = size(2000, 20)

/** The floor of a 2,000-NFT collection by fresh engines (nothing cached): time and requests. */
async function floorFigures(h: Awaited<ReturnType<typeof startEngineHarness>>): Promise<Figures> {
  const issuer = Wallet.generate()
  createSellOffersInProcess(h.sb.ledger, issuer, FLOOR_COLLECTION, 1, 1000)
  await h.sb.ledgerAccept()
  const times: number[] = []
  let requests = 0
  let lowest = ''
  for (let i = 0; i < 3; i++) {
    const engine = h.reopen()
    await engine.connect('sandbox')
    const start = performance.now()
    const floor = await engine.floorPrice(issuer.classicAddress, 7)
    times.push(performance.now() - start)
    // nfts_by_issuer pages of 100, one nft_sell_offers per sampled NFT, one ledger for the close time.
    requests = Math.ceil(floor.collectionTotal / 100) + floor.nftsChecked + 1
    lowest = floor.lowestDrops ?? 'none'
    await engine.disconnect()
  }
  return {
    floor2000_nfts_checked: 200,
    floor2000_requests: requests,
    floor2000_median_ms: percentile(times, 50),
    floor2000_max_ms: round(Math.max(...times)),
    floor2000_lowest_drops: Number(lowest),
  }
}

async function run(): Promise<Figures> {
  const h = await startEngineHarness({
    demo: true,
    port: BENCH_PORTS.ws,
    gatewayPort: BENCH_PORTS.gateway,
  })
  const seller = Wallet.generate()
  createSellOffersInProcess(h.sb.ledger, seller, NFTS, PER_NFT, 2000)
  await h.sb.ledgerAccept()
  const figures: Figures = { offers: OFFERS }
  try {
    Object.assign(figures, await floorFigures(h))
    await h.engine.connectWallet({ kind: 'familySeed', secret: seller.seed! })
    const engineMs: number[] = []
    for (let i = 0; i < 3; i++) {
      const start = performance.now()
      const report = await h.engine.loadOffers()
      engineMs.push(performance.now() - start)
      if (report.counts.total !== OFFERS) throw new Error(`read ${report.counts.total} offers`)
      figures.duplicates_flagged = report.counts.duplicate
    }
    figures.engine_load_classify_median_ms = percentile(engineMs, 50)
    figures.engine_load_classify_max_ms = round(Math.max(...engineMs))

    const app = await serveApp(h.sb.url, h.sb.gateway?.url ?? '')
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.addInitScript('window.__name = (f) => f')
      await page.addInitScript(recordLongTasks)
      await page.goto(app.url)
      await connectLargeHolder(page, seller.seed!)
      await page
        .getByTestId('collection-counts')
        .filter({ hasText: `${NFTS} total` })
        .waitFor({
          timeout: 120_000,
        })
      const opened = await page.evaluate(() => performance.now())
      await page.getByRole('tab', { name: 'Orders' }).click()
      await page
        .getByTestId('offers-total')
        .filter({ hasText: String(OFFERS) })
        .waitFor({ timeout: 120_000 })
      const shown = await page.evaluate((from) => {
        const tasks = (window as unknown as { benchLongTasks: [number, number][] }).benchLongTasks
        const during = tasks.filter(([s]) => s >= from)
        return {
          ms: performance.now() - from,
          longTasks: during.length,
          longTaskMs: during.reduce((sum, [, d]) => sum + d, 0),
          rows: document.querySelectorAll('[data-testid="offer-row"]').length,
        }
      }, opened)
      figures.ui_tab_to_offers_shown_ms = round(shown.ms)
      figures.ui_longtasks_while_loading = shown.longTasks
      figures.ui_longtask_total_ms = round(shown.longTaskMs)
      figures.ui_offer_rows_in_dom = shown.rows
      const filter = page.getByRole('searchbox', { name: 'Filter offers' })
      const keys = await measureKeystrokes(page, filter, '[data-testid="offers-shown"]', KEYS)
      figures.keystroke_paint_median_ms = percentile(keys.paint, 50)
      figures.keystroke_paint_p95_ms = percentile(keys.paint, 95)
      figures.keystroke_results_median_ms = percentile(keys.result, 50)
      figures.keystroke_results_p95_ms = percentile(keys.result, 95)
      figures.keystrokes_measured = keys.paint.length
    } finally {
      await browser.close()
      await app.stop()
    }
  } finally {
    await h.stop()
  }
  return figures
}

/** The offers suite of `npm run bench offers`. */
export const offersSuite: Suite = { name: 'offers', run }
