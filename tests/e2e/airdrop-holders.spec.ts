/**
 * For project teams: a collection's holders read from the sandbox's Clio at one ledger, turned into a
 * distribution by rules (the issuer left out, one NFT each), planned and sent as an airdrop that keeps
 * the snapshot; the offers on the ledger go to exactly the holders the snapshot named.
 */
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

test('snapshot → rules → airdrop: one NFT to each holder of the collection, the issuer left out', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // The team's collection: 8 NFTs, 3 of them already held by collectors.
  const team = await airdropHolder(8, 20)
  const collectors = [
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
    await fundedAccount('secp256k1'),
  ]
  const minted = await nftsHeldBy(team.address)
  await makeSellOffers(
    team,
    collectors.map((c, i) => ({ nftId: minted[i]!, drops: '0', destination: c.address })),
  )
  const gifts = await offersOwnedBy(team.address)
  await withSandbox(async (client) => {
    for (const collector of collectors) {
      const gift = gifts.find((o) => o.Destination === collector.address)!
      await submitPipelined(client, collector, [
        { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: gift.index },
      ])
    }
  })

  await connectHolder(page, team, 5)
  const panel = page.getByTestId('holders-panel')
  await panel.getByLabel('Your collections').selectOption({ index: 1 })
  await expect(panel.getByLabel('Issuer')).toHaveValue(team.address)
  await expect(panel.getByLabel(/^Taxon/)).toHaveValue('7')
  await panel.getByRole('button', { name: 'Take snapshot' }).click()
  const summary = panel.getByTestId('snapshot-summary')
  await expect(summary).toContainText('8 NFTs held by 4 holders at ledger', { timeout: 30_000 })
  const ledger = await summary.getByTestId('snapshot-ledger').innerText()
  await expect(summary.getByTestId('holder-row').first()).toContainText('5')
  await expect(summary.getByTestId('holder-row').first()).toContainText('issuer, this wallet')

  // The CSV names the snapshot's ledger.
  const downloading = page.waitForEvent('download')
  await summary.getByRole('button', { name: 'Export CSV' }).click()
  expect((await downloading).suggestedFilename()).toBe(
    `holders-${team.address}-taxon-7-ledger-${ledger}.csv`,
  )

  await panel.getByRole('button', { name: 'Preview distribution' }).click()
  const preview = panel.getByTestId('distribution-preview')
  await expect(preview.getByTestId('preview-recipients')).toHaveText('3 recipients')
  await expect(preview.getByTestId('preview-nfts')).toHaveText('3 NFTs')
  await expect(preview.getByTestId('preview-left-out')).toHaveText('1 holder left out: the issuer')
  await preview.getByRole('button', { name: 'Use this distribution' }).click()
  await expect(uploadPanel(page).getByTestId('csv-columns')).toHaveText(
    `From the holder snapshot at ledger ${ledger}`,
  )
  await expect(uploadPanel(page).getByTestId('csv-distributions')).toHaveText('3')

  // Three of the team's own NFTs go out, one to each collector.
  const cards = page.getByTestId('nft-card')
  for (const i of [0, 1, 2]) await cards.nth(i).click()
  await page.getByRole('checkbox', { name: /Randomize/ }).uncheck()
  await confirmAirdrop(page, 3)
  const results = managerPanel(page).getByTestId('airdrop-results')
  await expect(results.getByTestId('results-successful')).toHaveText('3', { timeout: 60_000 })

  const offers = (await offersOwnedBy(team.address)).filter((o) => o.Amount === '0')
  expect(new Set(offers.map((o) => o.Destination))).toEqual(
    new Set(collectors.map((c) => c.address)),
  )
})
