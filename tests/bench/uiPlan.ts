/**
 * Planning a 100,000-recipient airdrop in the app's engine worker (issue 12): the built app (vite
 * build --mode e2e) in Chromium, real IndexedDB, against a sandbox in its own thread whose state
 * holds the holder's 100,000 NFTs and the 100,000 recipients. The holder is connected through the UI
 * (its NFT list loads, and its metadata streams in, as a user's would); then the plan (pre-flight
 * included, the job and its items written) is asked of the worker through the e2e build's hook, and
 * timed in the page.
 *
 * Beside it, the physical floor of that pre-flight in this browser: 100,000 bare `account_info`
 * round trips over one WebSocket from a dedicated worker (no xrpl.js, replies only parsed), as many
 * in flight as the engine allows (LOOKUP_CONCURRENCY).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'

import { LOOKUP_CONCURRENCY } from '../../src/worker/ledger/ledgerRequests.ts'
import type { JobRequest } from '../../src/worker/api.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import { writeBigState } from '../helpers/bigLedger.ts'
import type { E2eWindow } from '../e2e/support/hooks.ts'
import type { Figures, Suite } from './run.ts'
import { startThreadedSandbox } from './threadedSandbox.ts'
import { BENCH_PORTS, connectLargeHolder, serveApp } from './ui.ts'
import { size } from './size.ts'

const BIG = size(100_000, 200)
const RUNS = size(2, 1)

/**
 * `n` account_info round trips, `inFlight` at a time, from a dedicated worker of a blank page on
 * 127.0.0.1 (a page of another origin may not open local sockets): ms.
 */
async function bareRoundTrips(
  browser: Browser,
  wsUrl: string,
  accounts: string[],
  inFlight: number,
): Promise<number> {
  const server = createServer((_, res) => res.end('<!doctype html><title>floor</title>'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const page = await browser.newPage()
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    return await page.evaluate(
      async ({ wsUrl, accounts, inFlight }) => {
        const source = `onmessage = (e) => {
          const { wsUrl, accounts, inFlight } = e.data
          const ws = new WebSocket(wsUrl)
          let sent = 0, answered = 0, start = 0
          const send = () => {
            const account = accounts[sent++]
            ws.send(JSON.stringify({ id: sent, command: 'account_info', account, ledger_index: 'validated' }))
          }
          ws.onopen = () => {
            start = performance.now()
            for (let i = 0; i < inFlight; i++) send()
          }
          ws.onmessage = (m) => {
            JSON.parse(m.data)
            answered++
            if (answered === accounts.length) {
              postMessage(performance.now() - start)
              ws.close()
            } else if (sent < accounts.length) send()
          }
        }`
        const worker = new Worker(URL.createObjectURL(new Blob([source])))
        const ms = await new Promise<number>((resolve) => {
          worker.onmessage = (e: MessageEvent<number>) => resolve(e.data)
          worker.postMessage({ wsUrl, accounts, inFlight })
        })
        worker.terminate()
        return ms
      },
      { wsUrl, accounts, inFlight },
    )
  } finally {
    await page.close()
    server.close()
  }
}

async function run(): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-uiplan-'))
  const file = join(dir, 'ledger.json')
  const big = await writeBigState(file, { nfts: BIG, recipients: BIG })
  const sb = await startThreadedSandbox({ port: BENCH_PORTS.ws, loadFrom: file, closeMs: 1000 })
  // The big state's NFTs have no URI: their metadata 'fails' at once, no gateway is reached (none
  // listens at the gateway's port here).
  const app = await serveApp(sb.url, `http://127.0.0.1:${BENCH_PORTS.gateway}`)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const floorMs = await bareRoundTrips(browser, sb.url, big.recipients, LOOKUP_CONCURRENCY)
    const page = await browser.newPage()
    await page.goto(app.url)
    await connectLargeHolder(page, big.holder.seed!)
    await page
      .getByTestId('collection-counts')
      .filter({
        hasText: new RegExp(`${BIG.toLocaleString('en-US').replace(/,/g, ',?')} total`),
      })
      .waitFor({ timeout: 300_000 })
    await page.waitForFunction(() => (window as unknown as E2eWindow).__e2e !== undefined)
    const request: JobRequest = {
      kind: 'airdrop',
      distribution: big.recipients.map((address) => ({ address, count: 1 })),
      nftIds: big.nftIds,
      randomize: true,
    }
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const timed = await page.evaluate(async (req) => {
        const start = performance.now()
        const plan = await (window as unknown as E2eWindow).__e2e!.planJob(req)
        return { ms: performance.now() - start, plan }
      }, request)
      const { plan } = timed
      if (!plan.canStart || plan.problems.length || plan.items !== BIG) {
        throw new Error(`bench uiplan: ${JSON.stringify(plan).slice(0, 500)}`)
      }
      times.push(Math.round(timed.ms))
    }
    return {
      plan100000_in_chromium_worker_ms_best: Math.min(...times),
      plan100000_in_chromium_worker_ms_worst: Math.max(...times),
      account_info_100000_bare_websocket_in_chromium_worker_ms: Math.round(floorMs),
      lookups_in_flight: LOOKUP_CONCURRENCY,
    }
  } finally {
    await browser.close()
    await app.stop()
    await sb.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

/** `npm run bench uiplan`. */
export const uiPlanSuite: Suite = { name: 'uiplan', run }
