/**
 * Helpers of the newcomer's first-hour walk (first-hour.spec.ts): the page errors seen, a record of
 * what chosen parts of the page showed at every change (for "never shows X while Y" checks), an
 * offline reload, and ledger reads the other support files do not have.
 */
import { expect } from '@playwright/test'
import type { Disposable, Page } from '@playwright/test'

import { storedRows } from './hooks.ts'
import { transactionsOf } from './ledger.ts'
import { reachMainShell } from './shell.ts'

/**
 * Collects the uncaught errors of the page (every document it loads, reloads included): a walk that
 * ends with any is a failed walk.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
  return errors
}

/** The texts of some parts of the page at one moment (null: the part is not on the page). */
export type Snapshot = Record<string, string | null>

/** Where the page keeps its record (a window property of the walk's own). */
const RECORD = '__firstHourRecord'

/**
 * What runs in the page: from now on, after every batch of DOM changes, the texts of `probes` (name
 * → CSS selector) are added to the record when they differ from the last ones. A MutationObserver
 * runs before the browser paints, so every state a user could have seen is in the record.
 */
function startRecording(probes: Record<string, string>): void {
  const store = window as unknown as Record<string, Record<string, string | null>[]>
  const record: Record<string, string | null>[] = []
  store['__firstHourRecord'] = record
  const take = () => {
    const snapshot: Record<string, string | null> = {}
    for (const [name, selector] of Object.entries(probes)) {
      snapshot[name] = document.querySelector(selector)?.textContent ?? null
    }
    const last = record[record.length - 1]
    if (!last || JSON.stringify(last) !== JSON.stringify(snapshot)) record.push(snapshot)
  }
  const observe = () => {
    take()
    new MutationObserver(take).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe)
  else observe()
}

/** Starts recording `probes` in the page as it is now (see startRecording). */
export async function recordNow(page: Page, probes: Record<string, string>): Promise<void> {
  await page.evaluate(startRecording, probes)
}

/**
 * Records `probes` in every document the page loads from now on (a reload's from its first
 * moment), until the returned handle is disposed.
 */
export async function recordFromNextLoad(
  page: Page,
  probes: Record<string, string>,
): Promise<Disposable> {
  return page.addInitScript(startRecording, probes)
}

/** The states recorded in the current document. */
export async function recorded(page: Page): Promise<Snapshot[]> {
  return page.evaluate(
    (name) => (window as unknown as Record<string, Snapshot[] | undefined>)[name] ?? [],
    RECORD,
  )
}

/**
 * Reloads the page with the device offline (the service worker serves the app): the requests are
 * cut and the page reads navigator.onLine false from its first moment. Chromium's offline emulation
 * alone leaves a page loaded under it reading navigator.onLine true, which no real device without a
 * link does; the stand-in lasts until the browser's 'online' event, and is not installed in later
 * documents once the returned handle is disposed.
 */
export async function reloadOffline(page: Page): Promise<Disposable> {
  await page.context().setOffline(true)
  const onLine = await page.addInitScript(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    window.addEventListener(
      'online',
      () => delete (navigator as unknown as Record<string, unknown>).onLine,
    )
  })
  await page.reload()
  await reachMainShell(page)
  return onLine
}

/** Whether a service worker controls the page (what lets it reload without the network). */
export async function controlledByServiceWorker(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null)
}

/** Waits until the app's service worker is active (installed on the first visit). */
export async function serviceWorkerActive(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active !== null), {
      timeout: 30_000,
    })
    .toBe(true)
}

/** The name the app shows for an NFT (its card's), from the metadata the page has stored. */
export async function storedName(page: Page, nftId: string): Promise<string | null> {
  const rows = await storedRows<{ nftId: string; name?: string | null }>(page, 'metadata')
  return rows.find((row) => row.nftId === nftId)?.name ?? null
}

/** One NFTokenCreateOffer an account made that the ledger applied. */
export interface OfferMade {
  nftId: string
  destination: string | null
  amount: string
  hash: string
}

/**
 * The offers the account made, as the validated ledger's history has them (account_tx, every page):
 * every successful NFTokenCreateOffer, whether its offer is still there or was accepted since.
 */
export async function offersMadeBy(address: string): Promise<OfferMade[]> {
  const txs = await transactionsOf(address)
  return txs
    .filter((t) => {
      const meta = t.meta
      const result = typeof meta === 'object' && meta ? meta.TransactionResult : undefined
      return (
        t.validated === true &&
        t.tx_json?.TransactionType === 'NFTokenCreateOffer' &&
        result === 'tesSUCCESS'
      )
    })
    .map((t) => {
      const tx = t.tx_json as unknown as {
        NFTokenID: string
        Destination?: string
        Amount: string
      }
      return {
        nftId: tx.NFTokenID,
        destination: tx.Destination ?? null,
        amount: tx.Amount,
        hash: t.hash!,
      }
    })
}
