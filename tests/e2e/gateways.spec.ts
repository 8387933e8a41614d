/**
 * Metadata gateways (issue 30): the Servers dialog lists the gateways in use and takes the user's
 * own (refusing an address the app may not use), first in the list; when a picture fails on one
 * gateway the card tries the next before the placeholder. The sandbox gateway answers as both
 * 127.0.0.1 and localhost: two gateways for the browser. Pictures on one of them are refused by the
 * route below, so a card whose picture comes first from there has to fail over to reach it.
 */
import { demoCollections } from '../../src/sandbox/demo/catalog.ts'
import { card, waitForNfts } from './support/nfts.ts'
import { connectDemoWallet, openMainShell } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 16007)
const SANDBOX_GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}`
const OWN_GATEWAY = `http://localhost:${GATEWAY_PORT}`

test('your own gateway goes first; a picture it cannot serve comes from the next gateway', async ({
  page,
}) => {
  const refused: string[] = []
  await page.route(`${SANDBOX_GATEWAY}/ipfs/**/img/**`, (route) => {
    refused.push(new URL(route.request().url()).pathname)
    return route.abort('connectionrefused')
  })
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
  await expect(picture).toHaveAttribute('src', new RegExp(`^${OWN_GATEWAY}/ipfs/`))
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  // This card asked the sandbox gateway for its picture first, was refused, and moved on.
  const shown = new URL((await picture.getAttribute('src')) ?? '').pathname
  expect(refused).toContain(shown)

  // Back to the network's own list.
  await page.getByTestId('servers-button').click()
  await dialog.getByRole('button', { name: 'Use Sandbox’s gateways' }).click()
  await expect(list.getByRole('listitem')).toHaveText([new RegExp(SANDBOX_GATEWAY)])
})
