/**
 * For project teams: a collection's holders read from the sandbox's Clio at one ledger, turned into a
 * distribution by rules (the issuer and a block list left out, one NFT each), planned and sent as an
 * airdrop that keeps the snapshot and its rules; the offers on the ledger go to exactly the holders
 * the snapshot named, and the re-offer of an unclaimed one goes to the next holder the rules give.
 * The e2e network has one server, the Clio that lists the holders: no second server can confirm
 * them, so the preview says so and the user keeps them. The demo wallet's collections are offered by
 * the names their NFTs' metadata give; 'Use this distribution' brings the upload summary into view,
 * focuses its heading and says what changed.
 */
import type { Wallet } from 'xrpl'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
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
import { connectDemo, waitForNfts } from './support/nfts.ts'
import { makeSellOffers } from './support/orders.ts'

test(
  'snapshot → rules → airdrop → some claim → the rest re-offered to the next holders',
  { tag: '@desktop-only' },
  async ({ page }) => {
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

    // A block list uploaded as another tool writes it (quoted, a header, a note): D is left out.
    await panel.getByLabel(/^Or add the addresses of a file/).setInputFiles({
      name: 'blocked.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`"address","note"\r\n"${d.address}","bot"\r\n`),
    })
    await panel.getByRole('button', { name: 'Preview distribution' }).click()
    const preview = panel.getByTestId('distribution-preview')
    await expect(preview.getByTestId('preview-left-out')).toHaveText(
      '1 holder left out: the issuer1 holder left out: on the block list',
    )
    // No second server on this network: the holders are left out until the user keeps them.
    await expect(preview.getByTestId('preview-unconfirmed')).toHaveText(
      '3 holders not confirmed by a second server: left out',
    )
    await expect(preview.getByTestId('preview-recipients')).toHaveText('0 recipients')
    await preview.getByRole('checkbox', { name: /^Keep them/ }).check()
    await expect(preview.getByTestId('preview-unconfirmed')).toHaveText(
      '3 holders not confirmed by a second server: kept',
    )
    await expect(preview.getByTestId('preview-recipients')).toHaveText('3 recipients')
    await expect(preview.getByTestId('preview-nfts')).toHaveText('3 NFTs')
    await preview.getByRole('button', { name: 'Use this distribution' }).click()
    await expect(uploadPanel(page).getByTestId('csv-columns')).toHaveText(
      `From the holder snapshot at ledger ${ledger}`,
    )
    await expect(uploadPanel(page).getByTestId('csv-distributions')).toHaveText('3')

    // Two NFTs for three recipients: A and B (the most held) get one each, C none yet.
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
      '1 accepted, 1 waiting, 0 withdrawn',
      { timeout: 30_000 },
    )

    // B's NFT goes to the next holder the airdrop's rules give: C (D is on its block list).
    await expect(acceptance.getByLabel('Re-offer to')).toHaveValue('snapshot')
    await acceptance.getByRole('button', { name: 'Re-offer unclaimed' }).click()
    const dialog = page.getByRole('dialog', { name: 'Re-offer unclaimed NFTs' })
    await expect(dialog.getByTestId('plan-transactions')).toHaveText('2')
    // The user confirms who gets the NFT, not only the counts.
    const next = c.address
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
  },
)

test("the demo wallet's collections by name; 'Use this distribution' brings the loaded list into view and says what changed", async ({
  page,
}) => {
  // The demo holder is only read: a snapshot and its distribution stay in this browser.
  await connectDemo(page)
  await waitForNfts(page)
  const panel = page.getByTestId('holders-panel')
  const pick = panel.getByLabel('Your collections')
  // Named as the NFT cards and the collection filter name them (once their metadata is in), the
  // issuer and taxon in each option's title.
  const artist = demoAccounts().artist.address
  const cats = pick.locator('option', { hasText: 'Pixel Cats' })
  await expect(cats).toHaveText('Pixel Cats (80 NFTs in this wallet)', { timeout: 30_000 })
  await expect(cats).toHaveAttribute('title', `Issuer ${artist} · taxon 2`)
  for (const name of ['Sandbox Badges', 'Ancient Relics', 'Voyagers', 'Glitch Garden']) {
    await expect(pick.locator('option', { hasText: name })).toHaveCount(1)
  }
  await expect(pick.locator('option', { hasText: /taxon/ })).toHaveCount(0)
  await pick.selectOption({ label: 'Pixel Cats (80 NFTs in this wallet)' })
  await expect(panel.getByLabel('Collection issuer')).toHaveValue(artist)
  await expect(panel.getByLabel(/^Collection taxon/)).toHaveValue('2')
  await expect(panel.getByTestId('picked-collection')).toHaveText(
    `Issuer ${shortAddress(artist)} · taxon 2`,
  )

  // The wallet's 80 and the two other sellers' 2 each (src/sandbox/demo/market.ts).
  await panel.getByRole('button', { name: 'Take snapshot' }).click()
  const summary = panel.getByTestId('snapshot-summary')
  await expect(summary).toContainText('84 NFTs held by 3 holders at ledger', { timeout: 30_000 })
  const ledger = await summary.getByTestId('snapshot-ledger').innerText()
  await panel.getByRole('button', { name: 'Preview distribution' }).click()
  const preview = panel.getByTestId('distribution-preview')
  await preview.getByRole('checkbox', { name: /^Keep them/ }).check()
  await expect(preview.getByTestId('preview-recipients')).toHaveText('2 recipients')

  // The upload summary is below the fold: the button brings it up, with the focus on its heading.
  const upload = uploadPanel(page)
  const heading = upload.getByRole('heading', { name: 'Upload Distribution List' })
  await preview.getByRole('button', { name: 'Use this distribution' }).click()
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()
  await expect(upload.getByTestId('csv-summary')).toBeInViewport({ ratio: 1 })
  const loaded = `Now loaded from the holder snapshot at ledger ${ledger}: 2 recipients and 2 NFTs.`
  await expect(upload.getByTestId('distribution-loaded')).toHaveText(loaded)
  await expect(heading).toHaveAccessibleDescription(loaded)
  await expect(upload.getByTestId('csv-distributions')).toHaveText('2')

  // Other rules, used again: the note says what the new list replaced.
  await panel.getByLabel('One per NFT held').check()
  await panel.getByRole('button', { name: 'Preview distribution' }).click()
  await expect(preview.getByTestId('preview-nfts')).toHaveText('4 NFTs')
  await preview.getByRole('button', { name: 'Use this distribution' }).click()
  await expect(heading).toBeFocused()
  await expect(upload.getByTestId('csv-summary')).toBeInViewport({ ratio: 1 })
  await expect(upload.getByTestId('distribution-loaded')).toHaveText(
    `Now loaded from the holder snapshot at ledger ${ledger}: 2 recipients and 4 NFTs, in place of the distribution loaded before (2 recipients and 2 NFTs).`,
  )
  await expect(upload.getByTestId('csv-nfts-requested')).toHaveText('4')
})
