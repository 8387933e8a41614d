/**
 * Bring your own node (issue 27): the footer names the server in use and opens the network's
 * servers; a server the user adds is checked before use (a wrong address or an unreachable server is
 * refused with the reason), then used first and kept after a reload; removing it goes back to the
 * network's own. The sandbox's admin port serves the same ledger: it stands in for the user's node.
 */
import { sandboxUrl } from './support/ledger.ts'
import { reachMainShell } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const OWN_NODE = `ws://127.0.0.1:${process.env.E2E_ADMIN_PORT ?? 16008}`
const hostOf = (url: string) => new URL(url).host

test('a server of your own: refused when wrong, used first when it holds the network’s ledger, kept, removed', async ({
  page,
}) => {
  await page.goto('/')
  await reachMainShell(page)
  const button = page.getByTestId('servers-button')
  await expect(button).toHaveText(`Server: ${hostOf(sandboxUrl())}`)

  await button.click()
  const dialog = page.getByRole('dialog', { name: 'Sandbox servers' })
  const address = dialog.getByLabel('Server address')
  const add = dialog.getByRole('button', { name: 'Add server' })
  await address.fill('ws://node.example.com:6006')
  await add.click()
  await expect(dialog.getByRole('alert')).toContainText('Use a wss:// address')
  await address.fill('ws://127.0.0.1:1')
  await add.click()
  await expect(dialog.getByRole('alert')).toContainText('Cannot reach ws://127.0.0.1:1')

  await address.fill(OWN_NODE)
  await add.click()
  const yours = dialog.getByRole('list', { name: 'Your servers' })
  await expect(yours).toContainText(OWN_NODE)
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(dialog.getByTestId('server-in-use')).toHaveText(`In use: ${OWN_NODE} (your server)`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(button).toHaveText(`Server: ${hostOf(OWN_NODE)}`)

  // Kept: the next visit uses it first.
  await page.reload()
  await reachMainShell(page)
  await expect(button).toHaveText(`Server: ${hostOf(OWN_NODE)}`)

  await button.click()
  await yours.getByRole('button', { name: 'Remove' }).click()
  await expect(dialog.getByText('None: the app uses Sandbox’s public servers.')).toBeVisible()
  await expect(dialog.getByTestId('server-in-use')).toHaveText(`In use: ${sandboxUrl()}`)
})
