/**
 * Xaman, as a holder uses it: the wallet menu offers sign-in with Xaman (the build has an API key),
 * the sign-in window reports back, the account is connected without a secret; the airdrop's
 * confirmation says one approval per transaction, and each offer is a request approved on the phone
 * (shown on the page while it waits). Xaman's cloud and the phone are a local stand-in that signs with
 * the account's real key.
 */
import { expect, test } from './support/test.ts'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { startXamanStandIn } from '../helpers/xamanStandIn.ts'
import type { XamanStandIn } from '../helpers/xamanStandIn.ts'
import { airdropHolder, offersOwnedBy } from './support/airdrop.ts'
import { withSandbox } from './support/ledger.ts'
import {
  expectConnected,
  ledgerConnected,
  openMainShell,
  openWalletDropdown,
} from './support/shell.ts'
import { expectAirdropComplete, startWalletAirdrop } from './support/airdrop.ts'
import { expectApprovesWithMaster } from './support/wallets.ts'

test.setTimeout(120_000)

/** The port .env.e2e builds the app with. */
const XAMAN_PORT = 16009
const API_KEY = '3a7e9c1e-5b1f-4d6a-9c2e-7f0b8d4a1e22'
const to = demoAccounts().recipients.slice(44, 47)

let xaman: XamanStandIn | undefined

test.afterEach(async () => {
  await xaman?.stop()
  xaman = undefined
})

test('sign in with Xaman, then an airdrop approved on the phone, one request per offer @desktop-only', async ({
  page,
}) => {
  const holder = await airdropHolder(3)
  xaman = await startXamanStandIn({
    account: holder,
    apiKey: API_KEY,
    port: XAMAN_PORT,
    // The sandbox's ledgers are numbered from 1: on a real network no LastLedgerSequence is below 32570.
    relativeBelow: 0,
    lastClosed: () => withSandbox(async (client) => (await client.getLedgerIndex()) - 1),
    answers: ['approve', 'approve', 'approve'],
  })
  await openMainShell(page)
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  const item = dropdown.locator('[data-wallet="xaman"]')
  await expect(item).toContainText('one approval per transaction, on your phone')
  const signIn = page.waitForEvent('popup')
  await item.getByRole('button', { name: 'Connect Xaman' }).click()
  const popup = await signIn
  expect(popup.url()).toContain(`http://127.0.0.1:${XAMAN_PORT}/auth?response_type=code`)
  await expectConnected(page, holder.address)
  await expect(page.getByTestId('collection-counts')).toContainText('3 total', { timeout: 30_000 })
  await expectApprovesWithMaster(page, 'Xaman')

  const manager = await startWalletAirdrop(page, to, 3, '3 (one per transaction)')
  await expectAirdropComplete(manager, 3)
  expect(xaman.payloads.map((p) => [p.txjson.TransactionType, p.submit, p.signers])).toEqual(
    Array.from({ length: 3 }, () => ['NFTokenCreateOffer', false, [holder.address]]),
  )
  const offers = await offersOwnedBy(holder.address)
  expect(offers.map((o) => o.Destination).sort()).toEqual(to.map((w) => w.address).sort())
  await expect(page.getByRole('status', { name: 'Waiting for Xaman' })).toHaveCount(0)
})
