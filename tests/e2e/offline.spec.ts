/**
 * The installable, offline-first app (issue 16): the manifest passes Chromium's installability check
 * and a service worker controls the page; a reload reopens the last account read-only; an offline
 * reload shows the saved collection with its time, its pictures, the offers last read and the job
 * history, with every ledger action disabled and its reason; an airdrop waits for the network and
 * finishes once it is back (one offer per transfer); an update waits for the running job.
 */
import { shortAddress } from '../../src/shared/format.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  airdropHolder,
  chooseCsv,
  confirmAirdrop,
  connectHolder,
  distributionCsv,
  managerPanel,
  nftsHeldBy,
  offersOwnedBy,
  reconnectHolder,
  selectAllNfts,
} from './support/airdrop.ts'
import { fundedAccount } from './support/ledger.ts'
import { listingHolder } from './support/listing.ts'
import { makeSellOffers } from './support/orders.ts'
import { connectDemo, waitForNfts } from './support/nfts.ts'
import { reachMainShell, toolTabs, walletButton, openWalletDropdown } from './support/shell.ts'
import { serveBuild, twoBuilds } from './support/staticServer.ts'
import { expect, test } from './support/test.ts'
import type { Locator, Page } from '@playwright/test'

/** Waits until a service worker is active and controls the page (after a reload if need be). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload()
    await reachMainShell(page)
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

async function openTab(page: Page, name: 'Airdrop' | 'Orders' | 'List NFTs' | 'Burn') {
  await toolTabs(page).getByRole('tab', { name }).click()
}

/**
 * Whether the pictures of the cards on screen have loaded (real images, not the placeholder); the
 * first card is scrolled into view first (pictures load lazily, as they come on screen).
 */
async function picturesShown(cards: Locator): Promise<boolean> {
  await cards.first().scrollIntoViewIfNeeded()
  return await cards.evaluateAll((nodes) => {
    const onScreen = nodes.filter((node) => {
      const box = node.getBoundingClientRect()
      return box.bottom > 0 && box.top < window.innerHeight
    })
    return (
      onScreen.length > 0 &&
      onScreen.every((node) => {
        const img = node.querySelector('img')
        return img !== null && img.complete && img.naturalWidth > 0
      })
    )
  })
}

test('installable: the manifest passes Chromium’s criteria and a service worker controls the page', async ({
  page,
}) => {
  await page.goto('/')
  await reachMainShell(page)
  await controlledBySw(page)
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[]
  }
  // Playwright's contexts are incognito-like, where Chromium never installs: that error is the
  // test's browser, not the app. Any other (manifest, icons, service worker) is the app's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
    string,
    unknown
  >
  expect(manifest).toMatchObject({
    id: '/',
    scope: '/',
    name: 'XRPL NFT Manager',
    short_name: 'NFT Manager',
    display: 'standalone',
  })
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[]
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ])
  const shots = manifest.screenshots as { src: string; form_factor: string }[]
  expect(shots.map((s) => s.form_factor)).toEqual(['wide', 'narrow'])
  for (const file of [...icons, ...shots]) {
    const response = await page.request.get(`/${file.src}`)
    expect(response.headers()['content-type']).toBe('image/png')
  }
  // Light and dark theme colours for the browser's chrome.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2)
})

test(
  'a reload reopens the last account read-only; any account opens by its address',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await listingHolder(3)
    await connectHolder(page, holder, 3)
    await page.reload()
    await reachMainShell(page)

    // No secret was kept, yet the account and its saved list are there.
    await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
    await expect(page.getByRole('contentinfo')).toContainText('View only')
    await expect(page.getByTestId('collection-counts')).toContainText('3 total')
    await expect(page.getByTestId('nft-card').first()).toBeVisible()
    await expect(page.getByTestId('collection-read-at')).toContainText('Read from the ledger')
    await openTab(page, 'Burn')
    // Its own disabled state (blocked), not the look it has with nothing selected (aria-disabled).
    await expect(page.getByRole('button', { name: /^Burn Selected/ })).toHaveJSProperty(
      'disabled',
      true,
    )
    await expect(page.getByTestId('blocked-reason')).toHaveText(
      'Connect to act: this account is open read-only. Connect its wallet to sign',
    )

    // Another account, by address alone; a malformed one is refused with a message.
    const dropdown = await openWalletDropdown(page)
    await expect(dropdown.getByTestId('viewed-account')).toContainText(holder.address)
    const address = dropdown.getByLabel('Address to view (r…)')
    await address.fill('rNotAnAddress')
    await dropdown.getByRole('button', { name: 'View account' }).click()
    await expect(dropdown.getByRole('alert')).toHaveText('Please enter a valid XRPL address (r…)')
    const other = demoAccounts().holder.address
    await address.fill(other)
    await dropdown.getByRole('button', { name: 'View account' }).click()
    await expect(walletButton(page)).toHaveText(`View only ${shortAddress(other)}`)
    await expect(page.getByTestId('collection-counts')).toContainText('250 total', {
      timeout: 30_000,
    })

    // Connecting the wallet turns the view into a session that signs.
    await reconnectHolder(page, holder, 3)
    await expect(page.getByTestId('blocked-reason')).toBeHidden()
    await expect(page.getByRole('button', { name: /^Burn Selected/ })).toHaveJSProperty(
      'disabled',
      false,
    )

    // Close account: the next visit starts without it.
    await (
      await openWalletDropdown(page)
    )
      .getByRole('button', { name: 'Disconnect Wallet' })
      .click()
    await expect(walletButton(page)).toHaveText('Connect Wallet')
    await page.reload()
    await reachMainShell(page)
    await expect(walletButton(page)).toHaveText('Connect Wallet')
  },
)

test('offline: the saved collection with its pictures and time, the offers and jobs; ledger actions say why they are off', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const holder = await listingHolder(4, { xrp: 20 })
  await page.goto('/')
  await reachMainShell(page)
  await controlledBySw(page)
  await reconnectHolder(page, holder, 4)
  // The grid is virtualized: on a phone only the cards on screen are in the page.
  const cards = page.getByTestId('nft-card')
  const counts = page.getByTestId('collection-counts')
  await expect(counts).toContainText('4 total')
  await expect(cards.first()).toBeVisible()
  await expect.poll(() => picturesShown(cards), { timeout: 30_000 }).toBe(true)
  // The pictures are in the service worker's runtime cache (not only the HTTP cache).
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('nft-images')).keys()).length))
    .toBeGreaterThan(0)
  // A small airdrop for the job history, and the offers read on the Orders tab.
  const recipient = demoAccounts().recipients[20]!
  await chooseCsv(page, 'one.csv', distributionCsv([[recipient.address, 1]]))
  await selectAllNfts(page, 4)
  await page.getByRole('checkbox', { name: /Randomize/ }).uncheck()
  await confirmAirdrop(page, 1)
  const results = managerPanel(page).getByTestId('airdrop-results')
  await expect(results.getByTestId('results-successful')).toHaveText('1', { timeout: 60_000 })
  await openTab(page, 'Orders')
  await expect(page.getByTestId('offers-read-at')).toBeVisible({ timeout: 30_000 })

  await context.setOffline(true)
  // A device without a link says so from the first moment of a page (navigator.onLine false).
  // Chromium 150's offline emulation only cuts the requests: a page loaded under it reads
  // navigator.onLine true. What a real device reports is given to the page here, until the
  // browser's 'online' event.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    // Back online, the browser's own answer shows again.
    window.addEventListener(
      'online',
      () => delete (navigator as unknown as Record<string, unknown>).onLine,
    )
  })
  await page.reload()
  await reachMainShell(page)
  await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
  await expect(page.getByRole('contentinfo').getByTestId('connection-state')).toHaveText('Offline')
  const reach = page.getByTestId('reach-banner')
  await expect(reach).toHaveText(
    'This device has no network connection: the Sandbox ledger cannot be reached. What was saved on this device is shown; ledger actions wait until it answers.',
  )
  await expect(counts).toContainText('4 total')
  await expect(cards.first()).toBeVisible()
  await expect(page.getByTestId('collection-read-at')).toContainText('Read from the ledger')
  await expect.poll(() => picturesShown(cards), { timeout: 15_000 }).toBe(true)
  await expect(page.getByRole('button', { name: 'Load NFTs' })).toBeDisabled()
  // The tabs' reasons come first on the page; the collection's own (Load NFTs) says the same.

  const offline = /^Offline: this device has no network connection/
  await openTab(page, 'Airdrop')
  await expect(managerPanel(page).getByTestId('airdrop-results')).toContainText('1')
  const acceptance = managerPanel(page).getByTestId('acceptance')
  await expect(acceptance.getByRole('button', { name: 'Check now' })).toBeDisabled()
  await expect(acceptance.getByRole('button', { name: 'Reclaim unaccepted' })).toBeDisabled()
  await expect(acceptance.getByTestId('blocked-reason')).toHaveText(offline)
  await openTab(page, 'Orders')
  const offersReadAt = page.getByTestId('offers-read-at')
  await expect(offersReadAt).toBeVisible()
  const offersReadOffline = await offersReadAt.innerText()
  // The saved reading is not called live while the ledger is out of reach.
  await expect(page.getByTestId('offers-live')).toHaveText(/Saved · ledger \d+/)
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeDisabled()
  await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)
  await openTab(page, 'List NFTs')
  await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)
  await openTab(page, 'Burn')
  // Its own disabled state (blocked), not the look it has with nothing selected (aria-disabled).
  await expect(page.getByRole('button', { name: /^Burn Selected/ })).toHaveJSProperty(
    'disabled',
    true,
  )
  await expect(page.getByTestId('blocked-reason').first()).toHaveText(offline)

  // Back online: the list and the offers put off while offline are read from the ledger by themselves.
  const readAt = page.getByTestId('collection-read-at')
  const readOffline = await readAt.innerText()
  await context.setOffline(false)
  await expect(readAt).not.toHaveText(readOffline, { timeout: 30_000 })
  await expect(reach).toBeHidden()
  // Still read-only (no secret was kept): signing asks for the wallet.
  await expect(page.getByTestId('blocked-reason').first()).toHaveText(/^Connect to act/)
  await openTab(page, 'Orders')
  await expect(offersReadAt).not.toHaveText(offersReadOffline, { timeout: 30_000 })
  await expect(page.getByTestId('offers-live')).toHaveText(/Live · ledger \d+/)
})

/**
 * Reloads the page with the device offline: the requests are cut and the page reads
 * navigator.onLine false from its first moment (see the test above), until the browser's 'online'.
 */
async function reloadOffline(page: Page): Promise<void> {
  await page.context().setOffline(true)
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    window.addEventListener(
      'online',
      () => delete (navigator as unknown as Record<string, unknown>).onLine,
    )
  })
  await page.reload()
  await reachMainShell(page)
}

test('offline Orders: the footer counts the saved offers and says so; offers never read here say when they will be', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const holder = await airdropHolder(3)
  const [first, second] = await nftsHeldBy(holder.address)
  await makeSellOffers(holder, [
    { nftId: first!, drops: '1000000' },
    { nftId: second!, drops: '2000000' },
  ])
  // An account this device never read: its address alone, viewed offline.
  const other = await fundedAccount('secp256k1')
  await page.goto('/')
  await reachMainShell(page)
  await controlledBySw(page)
  await reconnectHolder(page, holder, 3)
  await openTab(page, 'Orders')
  await expect(page.getByTestId('offers-read-at')).toBeVisible({ timeout: 30_000 })
  const footerOffers = page.getByTestId('footer-counts')
  await expect(footerOffers).toContainText('Offers: 2', { timeout: 30_000 })

  await reloadOffline(page)
  await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
  // No count can be read: the footer counts the offers saved on this device, and says they are.
  await expect(footerOffers).toContainText(/Offers: 2 \(saved [^)]+\)$/)
  await openTab(page, 'Orders')
  await expect(page.getByTestId('offers-total')).toHaveText('2')
  await expect(page.getByTestId('offers-unread')).toBeHidden()

  const dropdown = await openWalletDropdown(page)
  await dropdown.getByLabel('Address to view (r…)').fill(other.address)
  await dropdown.getByRole('button', { name: 'View account' }).click()
  await expect(walletButton(page)).toHaveText(`View only ${shortAddress(other.address)}`)
  const unread = page.getByTestId('offers-unread')
  await expect(unread).toContainText(
    "This account's offers have not been read on this device yet. They are read when the connection returns.",
  )
  await expect(footerOffers).toContainText('Offers: not read yet')

  // Back online: they are read by themselves (this account has none).
  await context.setOffline(false)
  await expect(page.getByTestId('offers-empty')).toBeVisible({ timeout: 30_000 })
  await expect(unread).toBeHidden()
  await expect(footerOffers).toContainText(/Offers: 0$/, { timeout: 30_000 })
})

test.describe('between two builds', () => {
  test(
    'an airdrop waits for the network; the update waits for the airdrop @desktop-only',
    {
      tag: '@desktop-only',
    },
    async ({ page, context }) => {
      test.setTimeout(240_000)
      const NFTS = 300
      const builds = await twoBuilds('dist-e2e')
      const server = await serveBuild(builds.first)
      try {
        const holder = await airdropHolder(NFTS, 100)
        await page.goto(server.url)
        await reachMainShell(page)
        // As for a returning user: the page is the service worker's.
        await controlledBySw(page)
        await reconnectHolder(page, holder, NFTS)

        // A deploy: the browser finds the new service worker, which waits for the user's word.
        server.serve(builds.second)
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update()
        })
        const prompt = page.getByTestId('reload-prompt')
        await expect(prompt).toContainText('Update available. Reload to use the new version.', {
          timeout: 30_000,
        })

        // An airdrop starts online; the device goes offline in the middle of it.
        const recipients = demoAccounts().recipients.slice(10, 40)
        await chooseCsv(page, 'wait.csv', distributionCsv(recipients.map((w) => [w.address, 10])))
        await selectAllNfts(page, NFTS)
        await confirmAirdrop(page, NFTS)
        await context.setOffline(true)
        const progress = managerPanel(page).getByTestId('airdrop-progress')
        await expect(progress.getByTestId('progress-step')).toHaveText(
          'Paused: waiting for the network. The job goes on by itself when the connection returns',
          { timeout: 30_000 },
        )
        // The update is held back while the job runs, and says so.
        await expect(prompt).toContainText('It waits for the running job')
        await expect(prompt.getByRole('button', { name: 'Reload' })).toHaveCount(0)
        const during = await progress.getByTestId('progress-successful').innerText()
        expect(Number(during)).toBeLessThan(NFTS)
        await page.waitForTimeout(2_000)
        await expect(progress.getByTestId('progress-successful')).toHaveText(during)

        // Back online: the same job goes on by itself to its end, then Reload is offered.
        await context.setOffline(false)
        const results = managerPanel(page).getByTestId('airdrop-results')
        await expect(results.getByTestId('results-successful')).toHaveText(String(NFTS), {
          timeout: 120_000,
        })
        const offers = await offersOwnedBy(holder.address)
        expect(offers).toHaveLength(NFTS)
        expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(NFTS)
        await expect(prompt).toContainText('Reload to use the new version.')
        await prompt.getByRole('button', { name: 'Reload' }).click()
        await expect(page.locator('meta[name="app-build"]')).toHaveAttribute('content', 'second', {
          timeout: 30_000,
        })
        await reachMainShell(page)
      } finally {
        await server.close()
      }
    },
  )
})

test(
  'no network link but the sandbox answers (loopback only): the ledger connection decides, the app works',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // The browser reports no link from the start (Wi-Fi off; a machine whose only interface is
    // loopback), while the sandbox on 127.0.0.1 answers.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false })
    })
    await connectDemo(page)
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)
    await waitForNfts(page)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByTestId('connection-state')).toHaveText('Connected')
    await expect(footer.getByTestId('footer-counts')).toContainText(/Offers: \d+/, {
      timeout: 30_000,
    })
    await expect(page.getByText(/^Offline:/)).toHaveCount(0)
    await expect(page.getByTestId('reach-banner')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Load NFTs' })).toBeEnabled()
    await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
    await expect(page.getByTestId('offers-read-at')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('blocked-reason')).toHaveCount(0)

    // The browser's 'offline' event is a hint: the engine gives the connection up and looks again at
    // once, and with the ledger answering it is back, with nothing said to be offline.
    await page.evaluate(() => {
      const states: string[] = []
      const element = document.querySelector('[data-testid="connection-state"]')!
      new MutationObserver(() => states.push(element.textContent ?? '')).observe(element, {
        subtree: true,
        childList: true,
        characterData: true,
      })
      Object.assign(window, { connectionStates: states })
      window.dispatchEvent(new Event('offline'))
    })
    const seen = () =>
      page.evaluate(() => (window as unknown as { connectionStates: string[] }).connectionStates)
    await expect.poll(seen, { timeout: 30_000 }).toContain('Connected')
    expect((await seen()).some((state) => state !== 'Connected')).toBe(true)
    await expect(footer.getByTestId('connection-state')).toHaveText('Connected')
    await expect(page.getByText(/^Offline:/)).toHaveCount(0)
    await expect(page.getByTestId('reach-banner')).toBeHidden()
    await expect(page.getByTestId('blocked-reason')).toHaveCount(0)
  },
)

test(
  'the metadata gateways out of reach while the ledger answers: the banner names the gateways',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // Every request to the sandbox's gateway (documents and pictures) is refused, as by a firewall
    // that lets the ledger through; the worker's fetches are routed too.
    const gateway = Number(process.env.E2E_GATEWAY_PORT ?? 16007)
    await page.route(`http://127.0.0.1:${gateway}/**`, (route) => route.abort('connectionrefused'))
    await connectDemo(page)
    await waitForNfts(page)
    const banner = page.getByTestId('reach-banner')
    await expect(banner).toHaveText(
      'The metadata gateways cannot be reached: NFTs show without their names and pictures until one answers. The ledger works.',
      { timeout: 30_000 },
    )
    await expect(page.getByRole('contentinfo').getByTestId('connection-state')).toHaveText(
      'Connected',
    )
    // Ledger work goes on: nothing says offline.
    await expect(page.getByText(/^Offline:/)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Load NFTs' })).toBeEnabled()
  },
)
