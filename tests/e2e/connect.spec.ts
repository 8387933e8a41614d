import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'

import { openMainShell, reachMainShell } from './support/shell.ts'

/** The number in the footer's 'Ledger #123'. */
async function ledgerIndex(page: Page): Promise<number> {
  const text = (await page.getByTestId('ledger-index').textContent()) ?? ''
  return Number(/#(\d+)/.exec(text)?.[1] ?? Number.NaN)
}

test('the footer shows the Sandbox network, connected, with a live ledger index', async ({
  page,
  isMobile,
}) => {
  await openMainShell(page)

  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible()
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('XRPL NFT Manager')
  await expect(footer).toContainText('v1.0.0')
  await expect(page.getByTestId('footer-network')).toHaveText('Sandbox')
  await expect(page.getByLabel('Network')).toHaveValue('sandbox')
  await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText('Connected')
  await expect(page.getByTestId('ledger-index')).toHaveText(/^Ledger #\d+$/)
  if (!isMobile) {
    await expect(page.getByTestId('reserve')).toHaveText('reserve 1 XRP + 0.2 XRP per object')
  }

  // The sandbox closes a ledger every second; the index follows through the engine's ledger stream.
  const first = await ledgerIndex(page)
  await expect.poll(() => ledgerIndex(page)).toBeGreaterThan(first)
})

test(
  'the ledger connection lives in the worker, not in the page',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // Count WebSockets the page itself opens; init scripts run in the page, not in workers.
    await page.addInitScript(() => {
      const pageWindow = window as unknown as { WebSocket: typeof WebSocket; pageSockets: number }
      const Original = pageWindow.WebSocket
      pageWindow.pageSockets = 0
      pageWindow.WebSocket = class extends Original {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args)
          pageWindow.pageSockets += 1
        }
      }
    })
    await openMainShell(page)

    await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText('Connected')
    await expect(page.getByTestId('ledger-index')).toHaveText(/^Ledger #\d+$/)
    expect(page.workers().length).toBeGreaterThan(0)
    expect(
      await page.evaluate(() => (window as unknown as { pageSockets: number }).pageSockets),
    ).toBe(0)
  },
)

test('after the first visit the app shell opens offline', async ({ page, context }) => {
  await openMainShell(page)
  await expect(page.getByRole('contentinfo').getByRole('status')).toHaveText('Connected')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })

  await context.setOffline(true)
  await page.reload()
  await reachMainShell(page)

  await expect(page.getByRole('heading', { level: 1, name: 'XRPL NFT Manager' })).toBeVisible()
  await expect(page.getByTestId('footer-network')).toHaveText('Sandbox')
  await context.setOffline(false)
})
