/**
 * Metadata gateways (issue 30): the Servers dialog lists the gateways in use and takes the user's
 * own (refusing an address the app may not use), first in the list; when a picture fails on one
 * gateway the card tries the next before the placeholder. The sandbox gateway answers as both
 * 127.0.0.1 and localhost: two gateways for the browser. The gateway first asked for each picture
 * cannot serve it, so every card has to fail over to the other gateway to show its picture.
 */
import type { Route } from '@playwright/test'

import { demoCollections } from '../../src/sandbox/demo/catalog.ts'
import { card, waitForNfts } from './support/nfts.ts'
import { connectDemoWallet, openMainShell } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 16007)
const SANDBOX_GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`
const OWN_GATEWAY = `http://localhost:${GATEWAY_PORT}`

test(
  'your own gateway goes first; a picture it cannot serve comes from the next gateway',
  { tag: '@desktop-only' },
  async ({ page }) => {
    // The gateway first asked for a picture (the engine orders them by measured health) cannot serve
    // it, then or later; the other gateway serves it. A card drawn anew before its picture's error
    // arrived asks the same gateway again: only failing over shows the picture.
    const refused = new Map<string, string>()
    const refuseFirst = (route: Route) => {
      const url = new URL(route.request().url())
      if (!refused.has(url.pathname)) refused.set(url.pathname, url.origin)
      if (refused.get(url.pathname) !== url.origin) return route.fallback()
      return route.abort('connectionrefused')
    }
    await page.route(`${SANDBOX_GATEWAY}/ipfs/**/img/**`, refuseFirst)
    await page.route(`${OWN_GATEWAY}/ipfs/**/img/**`, refuseFirst)
    await openMainShell(page)
    await page.getByTestId('servers-button').click()
    const dialog = page.getByRole('dialog', { name: 'Sandbox servers' })
    const list = dialog.getByRole('list', { name: 'Metadata gateways' })
    await expect(list.getByRole('listitem')).toHaveText([new RegExp(SANDBOX_GATEWAY)])

    const address = dialog.getByLabel('Gateway address')
    await address.fill('http://gateway.example.com')
    await dialog.getByRole('button', { name: 'Add gateway' }).click()
    await expect(dialog.getByRole('alert')).toContainText('starts with https://')
    await address.fill(`${OWN_GATEWAY}/ipfs/`)
    await dialog.getByRole('button', { name: 'Add gateway' }).click()
    await expect(list.getByRole('listitem')).toHaveText([
      new RegExp(OWN_GATEWAY),
      new RegExp(SANDBOX_GATEWAY),
    ])
    await dialog.getByRole('button', { name: 'Close' }).click()

    await connectDemoWallet(page)
    await waitForNfts(page)
    const item = demoCollections()
      .flatMap((c) => c.items)
      .find((i) => i.kind === 'ok' && i.uriStyle === 'ipfs')
    if (!item) throw new Error('no good IPFS item in the catalogue')
    const name = item.name ?? ''
    await page.getByLabel(/Search by name/).fill(name)
    const picture = card(page, name).locator('img')
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    // This card asked one gateway for its picture, was refused, and got it from the other.
    const shown = new URL((await picture.getAttribute('src')) ?? '')
    expect(refused.get(shown.pathname)).toBeDefined()
    expect(refused.get(shown.pathname)).not.toBe(shown.origin)
    expect([SANDBOX_GATEWAY, OWN_GATEWAY]).toContain(shown.origin)

    // Back to the network's own list.
    await page.getByTestId('servers-button').click()
    await dialog.getByRole('button', { name: 'Use Sandbox’s gateways' }).click()
    await expect(list.getByRole('listitem')).toHaveText([new RegExp(SANDBOX_GATEWAY)])
  },
)

/** One second of silence as a WAV file: media a <video> element plays (a sound track, no frames). */
function silentWav(): Buffer {
  const rate = 8000
  const data = Buffer.alloc(rate)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  data.fill(128)
  return Buffer.concat([header, data])
}

test(
  'an NFT with only a video shows it muted and looping, playing on screen and paused off it',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const item = demoCollections()
      .flatMap((c) => c.items)
      .find((i) => i.kind === 'ok' && i.uriStyle === 'ipfs')
    const path = /^ipfs:\/\/(.*)$/.exec(item?.uri ?? '')?.[1]
    if (!item || !path) throw new Error('no good IPFS item in the catalogue')
    // That NFT's document, as a collection that publishes only a video writes it (XLS-24 `video`).
    await page.route(`${SANDBOX_GATEWAY}/ipfs/${path}`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ name: 'Looping Clip', video: `${SANDBOX_GATEWAY}/clips/loop.mp4` }),
      }),
    )
    await page.route(`${SANDBOX_GATEWAY}/clips/loop.mp4`, (route) =>
      route.fulfill({ contentType: 'audio/wav', body: silentWav() }),
    )
    await openMainShell(page)
    await connectDemoWallet(page)
    await waitForNfts(page)
    await page.getByLabel(/Search by name/).fill('Looping Clip')
    const video = card(page, 'Looping Clip').getByTestId('nft-video')
    await expect(video).toHaveJSProperty('muted', true)
    await expect(video).toHaveJSProperty('loop', true)
    // Below the fold it waits; scrolled into view, it plays.
    await expect(video).toHaveJSProperty('paused', true)
    await video.scrollIntoViewIfNeeded()
    await expect(video).toHaveJSProperty('paused', false)
    // Moved off screen, it stops.
    await video.evaluate((el: HTMLVideoElement) => {
      el.style.position = 'fixed'
      el.style.top = '200vh'
    })
    await expect(video).toHaveJSProperty('paused', true)
  },
)
