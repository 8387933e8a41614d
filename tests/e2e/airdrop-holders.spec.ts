/**
 * For project teams: a collection's holders read from the sandbox's Clio at one ledger, turned into a
 * distribution by rules (the issuer left out, one NFT each), planned and sent as an airdrop that keeps
 * the snapshot; the offers on the ledger go to exactly the holders the snapshot named.
 */
import type { Wallet } from 'xrpl'

import { shortAddress } from '../../src/shared/format.ts'
import { expect, test } from './support/test.ts'

import {
  confirmAirdrop,
  connectHolder,
  managerPanel,
  nftsHeldBy,
  offersOwnedBy,
  airdropHolder,
  submitPipelined,
  uploadPanel,
} from './support/airdrop.ts'
import { fundedAccount, withSandbox } from './support/ledger.ts'
import { makeSellOffers } from './support/orders.ts'

test('snapshot → rules → airdrop → some claim → the rest re-offered to the next holders', async ({
  page,
}) => {
  test.setTimeout(150_000)
  // The team's collection: 14 NFTs; collectors A and B hold 2 each, C and D one each.
  const team = await airdropHolder(14, 20)
  const collectors = [
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
  ]
  const [a, b, c, d] = collectors as [Wallet, Wallet, Wallet, Wallet]
  const minted = await nftsHeldBy(team.address)
  const owners = [a, a, b, b, c, d]
  await makeSellOffers(
    team,
    owners.map((owner, i) => ({ nftId: minted[i]!, drops: '0', destination: owner.address })),
  )
  const gifts = await offersOwnedBy(team.address)
  await withSandbox(async (client) => {
    for (const owner of collectors) {
      const mine = gifts.filter((o) => o.Destination === owner.address)
      await submitPipelined(
        client,
        owner,
        mine.map((gift) => ({
          TransactionType: 'NFTokenAcceptOffer',
          NFTokenSellOffer: gift.index,
        })),
      )
    }
  })

  await connectHolder(page, team, 8)
  const panel = page.getByTestId('holders-panel')
  await panel.getByLabel('Your collections').selectOption({ index: 1 })
  await expect(panel.getByLabel('Collection issuer')).toHaveValue(team.address)
  await expect(panel.getByLabel(/^Collection taxon/)).toHaveValue('7')
  await panel.getByRole('button', { name: 'Take snapshot' }).click()
  const summary = panel.getByTestId('snapshot-summary')
  await expect(summary).toContainText('14 NFTs held by 5 holders at ledger', { timeout: 30_000 })
  const ledger = await summary.getByTestId('snapshot-ledger').innerText()
  await expect(summary.getByTestId('holder-row').first()).toContainText('8')
  await expect(summary.getByTestId('holder-row').first()).toContainText('issuer, this wallet')

  // The CSV names the snapshot's ledger.
  const downloading = page.waitForEvent('download')
  await summary.getByRole('button', { name: 'Export CSV' }).click()
  expect((await downloading).suggestedFilename()).toBe(
    `holders-${team.address}-taxon-7-ledger-${ledger}.csv`,
  )

  // A block list uploaded (a CSV with a header): D is left out; the header is noted, not fatal.
  await panel.getByLabel(/^Or add the addresses of a file/).setInputFiles({
    name: 'blocked.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`address\n${d.address}\n`),
  })
  await expect(panel.getByLabel(/^Block list/)).toHaveValue(`address\n${d.address}`)
  await panel.getByRole('button', { name: 'Preview distribution' }).click()
  const blocked = panel.getByTestId('distribution-preview')
  await expect(blocked.getByTestId('preview-recipients')).toHaveText('3 recipients')
  await expect(blocked.getByTestId('preview-left-out')).toHaveText(
    '1 holder left out: the issuer1 holder left out: on the block list',
  )
  await expect(blocked).toContainText('Block list entry "address" is not an address; it is ignored')
  await panel.getByLabel(/^Block list/).fill('')

  // One NFT to each holder of at least two: A and B.
  await panel.getByLabel('Minimum holding').fill('2')
  await panel.getByRole('button', { name: 'Preview distribution' }).click()
  const preview = panel.getByTestId('distribution-preview')
  await expect(preview.getByTestId('preview-recipients')).toHaveText('2 recipients')
  await expect(preview.getByTestId('preview-nfts')).toHaveText('2 NFTs')
  await expect(preview.getByTestId('preview-left-out')).toHaveText(
    '1 holder left out: the issuer2 holders left out: holds fewer than 2',
  )
  await preview.getByRole('button', { name: 'Use this distribution' }).click()
  await expect(uploadPanel(page).getByTestId('csv-columns')).toHaveText(
    `From the holder snapshot at ledger ${ledger}`,
  )
  await expect(uploadPanel(page).getByTestId('csv-distributions')).toHaveText('2')

  const cards = page.getByTestId('nft-card')
  for (const i of [0, 1]) await cards.nth(i).click()
  await page.getByRole('checkbox', { name: /Randomize/ }).uncheck()
  await confirmAirdrop(page, 2)
  const manager = managerPanel(page)
  const results = manager.getByTestId('airdrop-results')
  await expect(results.getByTestId('results-successful')).toHaveText('2', { timeout: 60_000 })
  const sent = (await offersOwnedBy(team.address)).filter((o) => o.Amount === '0')
  expect(new Set(sent.map((o) => o.Destination))).toEqual(new Set([a.address, b.address]))

  // A claims; B does not.
  const toA = sent.find((o) => o.Destination === a.address)!
  const toB = sent.find((o) => o.Destination === b.address)!
  await withSandbox((client) =>
    submitPipelined(client, a, [
      { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: toA.index },
    ]),
  )
  const acceptance = manager.getByTestId('acceptance')
  await acceptance.getByRole('button', { name: 'Check now' }).click()
  await expect(acceptance.getByTestId('acceptance-summary')).toHaveText(
    '1 accepted, 1 waiting, 0 gone',
    { timeout: 30_000 },
  )

  // B's NFT goes to the next holder of the snapshot (C and D hold one each: by address).
  await expect(acceptance.getByLabel('Re-offer to')).toHaveValue('snapshot')
  await acceptance.getByRole('button', { name: 'Re-offer unclaimed' }).click()
  const dialog = page.getByRole('dialog', { name: 'Re-offer unclaimed NFTs' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('2')
  // The user confirms who gets the NFT, not only the counts.
  const next = [c.address, d.address].sort()[0]!
  await expect(dialog.getByTestId('reoffer-row')).toHaveText([
    new RegExp(`→ ${shortAddress(next)} \\(instead of ${shortAddress(b.address)}\\)$`),
  ])
  await dialog.getByRole('button', { name: 'Cancel and re-offer' }).click()
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect
    .poll(
      async () => (await offersOwnedBy(team.address)).map((o) => [o.NFTokenID, o.Destination]),
      {
        timeout: 60_000,
      },
    )
    .toEqual([[toB.NFTokenID, next]])
})
