/**
 * A Ledger, as a holder uses it in Chromium: the wallet menu offers it (WebHID is there), Connect
 * reaches the device through the browser's HID interface and reads the account from the XRP app;
 * the airdrop's confirmation says one approval per transaction, and each offer is signed on the
 * device. An outdated XRP app is named at connect (desktop only: phones have no WebHID). (The device is a stand-in at the WebHID surface,
 * its XRP app emulated down to the APDUs, signing with a real key.)
 */
import { expect, test } from './support/test.ts'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { airdropHolder, offersOwnedBy } from './support/airdrop.ts'
import { fundedAccount } from './support/ledger.ts'
import { installLedgerStandIn } from './support/ledgerStandIn.ts'
import { ledgerConnected, openMainShell, openWalletDropdown } from './support/shell.ts'
import { expectAirdropComplete, startWalletAirdrop } from './support/airdrop.ts'
import { connectFromMenu, expectApprovesWithMaster } from './support/wallets.ts'

test.setTimeout(120_000)

const to = demoAccounts().recipients.slice(40, 43)

test('connect a Ledger, then an airdrop approved on the device, one approval per offer @desktop-only', async ({
  page,
}) => {
  const holder = await airdropHolder(3)
  const device = await installLedgerStandIn(page, holder)
  await connectFromMenu(
    page,
    { id: 'ledger', name: 'Ledger', how: 'one approval per transaction, on the device' },
    holder.address,
    3,
  )
  await expectApprovesWithMaster(page, 'Ledger')

  const manager = await startWalletAirdrop(page, to, 3, '3 (one per transaction)')
  await expectAirdropComplete(manager, 3)
  expect(device.shown.map((s) => s.tx.TransactionType)).toEqual([
    'NFTokenCreateOffer',
    'NFTokenCreateOffer',
    'NFTokenCreateOffer',
  ])
  const offers = await offersOwnedBy(holder.address)
  expect(offers.map((o) => o.Destination).sort()).toEqual(to.map((w) => w.address).sort())
})

test('an outdated XRP app is named, and nothing connects @desktop-only', async ({ page }) => {
  const account = await fundedAccount('secp256k1')
  await installLedgerStandIn(page, account, { version: '2.4.1' })
  await openMainShell(page)
  await ledgerConnected(page)
  const dropdown = await openWalletDropdown(page)
  await dropdown
    .locator('[data-wallet="ledger"]')
    .getByRole('button', { name: 'Connect Ledger' })
    .click()
  await expect(dropdown.getByRole('alert')).toHaveText(
    'Update the XRP app on your Ledger to 2.4.2 or later in Ledger Live (this one has 2.4.1): older versions cannot sign NFT transactions',
  )
  await expect(dropdown.getByRole('heading', { name: 'Connect XRPL Wallet' })).toBeVisible()
})
