/**
 * What the production-like build (vite build --mode e2e, against an in-process sandbox with the demo
 * data) weighs and how fast it opens in Chromium:
 *
 * - sizes read from the build output, raw and gzipped (node:zlib, default level), in kB of 1,000
 *   bytes: the JavaScript the main thread loads on the first screen (index.html's module script and
 *   its static imports), the ledger-engine worker (the chunk `new Worker(new URL(…))` points at, and
 *   its static imports), every other chunk (loaded lazily), and the service worker's precache list;
 * - the first screen's main button ('Get Started' on a first visit) visible and enabled, as
 *   performance.now() in the page, on a fresh context (no cache, no service worker) and on a reload
 *   served by the service worker, with the long tasks before it (median of three contexts);
 * - an offline reload with the demo holder's collection on screen: navigation start to the first NFT
 *   card again (the app reopens the last account read-only), -1 when no card shows within 20 s.
 */
import { readFile, readdir, stat } from 'node:fs/promises'
import { posix } from 'node:path'
import { gzipSync } from 'node:zlib'

import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { parseSync } from 'vite'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../src/sandbox/index.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.ts'
import type { Figures, Suite } from './run.ts'
import { BENCH_PORTS, OUT_DIR, ROOT, connectLargeHolder, percentile, serveApp } from './ui.ts'
import { recordLongTasks } from './uiPage.ts'
import { size } from './size.ts'

/** Fresh contexts the cold and warm figures are the median of. */
const RUNS = size(3, 1)
/** How long the collection may take to show after the offline reload before the figure is -1. */
const OFFLINE_WAIT_MS = 20_000
const VIEWPORT = { width: 1280, height: 800 }

const kb = (bytes: number) => Math.round(bytes / 100) / 10
const round = (n: number) => Math.round(n * 10) / 10

// --- sizes -------------------------------------------------------------------------------------

/** Raw and gzipped bytes of a set of files (paths relative to the build's root). */
async function weigh(dir: string, files: Iterable<string>): Promise<{ raw: number; gzip: number }> {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = await readFile(posix.join(dir, file))
    raw += bytes.length
    gzip += gzipSync(bytes).length
  }
  return { raw, gzip }
}

/** The attributes of every `<tag …>` in an HTML text (Vite's output: double-quoted values). */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map((m) =>
    Object.fromEntries(
      [...(m[1] ?? '').matchAll(/([\w-]+)(?:\s*=\s*"([^"]*)")?/g)].map((a) => [
        (a[1] ?? '').toLowerCase(),
        a[2] ?? '',
      ]),
    ),
  )
}

/** A URL of the built app ('/assets/x.js', './x.js') as a path relative to the build's root. */
function resolveUrl(url: string, fromFile = 'index.html'): string {
  const path = url.startsWith('/') ? url.slice(1) : posix.join(posix.dirname(fromFile), url)
  return posix.normalize(path)
}

/** `files` and every chunk they import statically, transitively (read with Vite's parser). */
async function withStaticImports(dir: string, files: string[]): Promise<Set<string>> {
  const seen = new Set<string>()
  const queue = [...files]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const parsed = parseSync(file, await readFile(posix.join(dir, file), 'utf8'))
    if (parsed.errors.length) throw new Error(`bundle: cannot parse ${file}`)
    for (const imported of parsed.module.staticImports) {
      const specifier = imported.moduleRequest.value
      if (specifier.startsWith('.') || specifier.startsWith('/'))
        queue.push(resolveUrl(specifier, file))
    }
  }
  return seen
}

/** The chunks module workers are started from: `new Worker(new URL('…', import.meta.url))`. */
async function workerEntries(dir: string, chunks: string[]): Promise<string[]> {
  const entries = new Set<string>()
  for (const chunk of chunks) {
    const text = await readFile(posix.join(dir, chunk), 'utf8')
    for (const m of text.matchAll(/new\s+(?:Shared)?Worker\(\s*new\s+URL\(\s*["'`]([^"'`]+)["'`]/g))
      entries.add(resolveUrl(m[1] ?? '', chunk))
  }
  return [...entries]
}

/** The precache list of the generated service worker: unique URLs and how many entries it lists. */
async function precacheList(dir: string): Promise<{ urls: string[]; listed: number }> {
  const sw = await readFile(posix.join(dir, 'sw.js'), 'utf8')
  const listed = [
    ...sw.matchAll(/\{\s*url\s*:\s*"([^"]+)"\s*,\s*revision\s*:\s*(?:"[^"]*"|null)\s*\}/g),
  ]
  if (!listed.length) throw new Error('bundle: no precache entries found in sw.js')
  return {
    urls: [...new Set(listed.map((m) => resolveUrl(m[1] ?? '', 'sw.js')))],
    listed: listed.length,
  }
}

/** The size figures of the build in `dir`. */
export async function bundleSizes(dir: string): Promise<Figures> {
  const html = await readFile(posix.join(dir, 'index.html'), 'utf8')
  const entry = tags(html, 'script').find((a) => a.type === 'module' && a.src)?.src
  if (!entry) throw new Error('bundle: index.html has no <script type="module" src>')
  const preloads = tags(html, 'link')
    .filter((a) => a.rel === 'modulepreload' && a.href)
    .map((a) => resolveUrl(a.href ?? ''))
  const main = await withStaticImports(dir, [resolveUrl(entry), ...preloads])

  const chunks = (await readdir(posix.join(dir, 'assets')))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
  const workerStarts = await workerEntries(dir, chunks)
  if (!workerStarts.length) throw new Error('bundle: no chunk starts a worker')
  const worker = await withStaticImports(dir, workerStarts)
  const lazy = chunks.filter((c) => !main.has(c) && !worker.has(c))
  // The service worker itself (sw.js and the workbox runtime beside it), outside assets/.
  const swFiles = (await readdir(dir)).filter((name) => /^(sw|workbox-.*)\.js$/.test(name))

  const precache = await precacheList(dir)
  let precacheBytes = 0
  for (const url of precache.urls) precacheBytes += (await stat(posix.join(dir, url))).size

  const [mainSize, workerSize, lazySize, swSize] = await Promise.all([
    weigh(dir, main),
    weigh(dir, worker),
    weigh(dir, lazy),
    weigh(dir, swFiles),
  ])
  return {
    mainJsGzipKb: kb(mainSize.gzip),
    mainJsRawKb: kb(mainSize.raw),
    mainJsChunks: main.size,
    workerJsGzipKb: kb(workerSize.gzip),
    workerJsRawKb: kb(workerSize.raw),
    workerJsChunks: worker.size,
    lazyJsGzipKb: kb(lazySize.gzip),
    lazyJsRawKb: kb(lazySize.raw),
    lazyJsChunks: lazy.length,
    serviceWorkerJsGzipKb: kb(swSize.gzip),
    precacheKb: kb(precacheBytes),
    precacheEntries: precache.urls.length,
    precacheListedEntries: precache.listed,
  }
}

// --- timing ------------------------------------------------------------------------------------

/** What the in-page probe watches for: the splash's 'Get Started', or the first NFT card. */
type Target = 'getStarted' | 'nftCard'

/**
 * Installed before the app loads: performance.now() (ms since navigation start) when `target` is
 * first on screen, checked on every DOM change and every frame until then.
 */
function recordFirstSeen(target: Target): void {
  const w = window as unknown as { benchSeenAt?: number }
  const visible = (el: Element | null | undefined): el is HTMLElement =>
    el instanceof HTMLElement && el.checkVisibility() && el.getBoundingClientRect().width > 0
  const present =
    target === 'getStarted'
      ? () =>
          [...document.querySelectorAll('button')].some(
            (b) => b.textContent?.trim() === 'Get Started' && !b.disabled && visible(b),
          )
      : () => visible(document.querySelector('[data-testid="nft-card"]'))
  const observer = new MutationObserver(() => check())
  const check = () => {
    if (w.benchSeenAt !== undefined || !present()) return
    w.benchSeenAt = performance.now()
    observer.disconnect()
  }
  observer.observe(document, { subtree: true, childList: true, attributes: true })
  const frame = () => {
    check()
    if (w.benchSeenAt === undefined) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** A page with the probes installed: long tasks, and when `target` first shows. */
async function probedPage(browser: Browser, target: Target) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  // tsx (esbuild keepNames) wraps named inner functions in __name(): give the page a no-op one.
  await page.addInitScript('window.__name = (f) => f')
  await page.addInitScript(recordLongTasks)
  await page.addInitScript(recordFirstSeen, target)
  return { context, page }
}

/** When the target showed in the current document (-1 if not within `timeout`), and long tasks before. */
async function readLoad(page: Page, timeout: number): Promise<{ ms: number; longTasks: number }> {
  const shown = await page
    .waitForFunction(() => (window as unknown as { benchSeenAt?: number }).benchSeenAt, undefined, {
      timeout,
    })
    .then(() => true)
    .catch(() => false)
  if (!shown) return { ms: -1, longTasks: -1 }
  return await page.evaluate(async () => {
    // Long-task entries arrive a little after the task: let the observer catch up.
    await new Promise((r) => setTimeout(r, 500))
    const w = window as unknown as { benchSeenAt: number; benchLongTasks: [number, number][] }
    return {
      ms: w.benchSeenAt,
      longTasks: w.benchLongTasks.filter(([start]) => start < w.benchSeenAt).length,
    }
  })
}

/** One fresh context: the first visit, then a reload once the service worker is active. */
async function coldThenWarm(browser: Browser, url: string) {
  const { context, page } = await probedPage(browser, 'getStarted')
  try {
    await page.goto(url)
    const cold = await readLoad(page, 30_000)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    const warm = await readLoad(page, 30_000)
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    return { cold, warm, controlled }
  } finally {
    await context.close()
  }
}

/**
 * The demo holder connected and its collection on screen, then offline and a reload: ms from the
 * reload's navigation start to the first NFT card, -1 when none shows within OFFLINE_WAIT_MS; and
 * the scripts the page had started loading by then (the main chunks, those the main shell loads on
 * demand at once: its tab, the collection's grid and filters; and the worker's), as build paths.
 */
async function offlineReload(
  browser: Browser,
  url: string,
): Promise<{ ms: number; scripts: string[] }> {
  const { context, page } = await probedPage(browser, 'nftCard')
  try {
    await page.goto(url)
    await connectLargeHolder(page, demoAccounts().holder.seed ?? '')
    await page.getByTestId('nft-card').first().waitFor({ timeout: 60_000 })
    // The whole list read (and saved on the device), as the e2e tests' waitForNfts.
    await page
      .getByTestId('collection-counts')
      .filter({ hasText: /\d+ total/ })
      .waitFor()
    await page.getByRole('button', { name: 'Load NFTs', disabled: false }).waitFor()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await context.setOffline(true)
    const reloaded = await page
      .reload({ waitUntil: 'commit', timeout: OFFLINE_WAIT_MS })
      .then(() => true)
      .catch(() => false)
    const { ms } = reloaded ? await readLoad(page, OFFLINE_WAIT_MS) : { ms: -1 }
    // Until the first card showed (the tabs are fetched in the background a second later).
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            entry.startTime <= ((window as { benchSeenAt?: number }).benchSeenAt ?? Infinity),
        )
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'))
        .map((path) => path.slice(1)),
    )
    if (ms < 0) {
      const screen = await page
        .locator('h1, h2, [role="status"]')
        .allInnerTexts()
        .catch(() => [])
      console.warn(
        `  bundle: no NFT card within ${OFFLINE_WAIT_MS / 1000} s of the offline reload` +
          (reloaded ? ` (on screen: ${screen.slice(0, 6).join(' | ')})` : ' (the reload failed)'),
      )
    }
    return { ms, scripts: [...new Set(scripts)] }
  } finally {
    await context.close()
  }
}

async function run(): Promise<Figures> {
  const sandbox = await startSandbox({
    port: BENCH_PORTS.ws,
    gatewayPort: BENCH_PORTS.gateway,
    demo: true,
  })
  let app: Awaited<ReturnType<typeof serveApp>> | undefined
  let browser: Browser | undefined
  try {
    app = await serveApp(sandbox.url, sandbox.gateway?.url ?? '')
    const sizes = await bundleSizes(`${ROOT}${OUT_DIR}`)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const loads = []
    for (let i = 0; i < RUNS; i++) loads.push(await coldThenWarm(browser, app.url))
    const offline = await offlineReload(browser, app.url)
    const offlineMs = offline.ms
    // The worker's chunk shows among the page's loads too: it is counted apart.
    const dir = `${ROOT}${OUT_DIR}`
    const worker = await withStaticImports(dir, await workerEntries(dir, offline.scripts))
    const shellScripts = offline.scripts.filter((script) => !worker.has(script))
    const shell = await weigh(dir, shellScripts)
    const median = (values: number[]) => percentile(values, 50)
    return {
      ...sizes,
      coldTtiMs: median(loads.map((l) => l.cold.ms)),
      coldLongTasks: median(loads.map((l) => l.cold.longTasks)),
      warmTtiMs: median(loads.map((l) => l.warm.ms)),
      warmLongTasks: median(loads.map((l) => l.warm.longTasks)),
      warmControlledRuns: loads.filter((l) => l.controlled).length,
      ttiRuns: RUNS,
      offlineReloadToCollectionMs: offlineMs < 0 ? -1 : round(offlineMs),
      shellJsGzipKb: kb(shell.gzip),
      shellJsChunks: shellScripts.length,
    }
  } finally {
    await browser?.close()
    await app?.stop()
    await sandbox.stop()
  }
}

/** The bundle suite of `npm run bench bundle`. */
export const bundleSuite: Suite = { name: 'bundle', run }
