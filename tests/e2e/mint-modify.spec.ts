/**
 * The Mint tab's Reveal or repair against the sandbox (XLS-46), on fresh accounts whose NFTs are
 * minted mutable from Node: a reveal of 10 NFTs from a file (one more, not mutable, left out), and
 * a repair of NFTs whose URI names a closed gateway (their ipfs:// form proposed; one not minted
 * mutable named and left alone). The ledger, read with a client, holds the new URIs. Each test uses
 * its own numbers, per project too.
 */
import { parseNFTokenID } from 'xrpl'

import { fundedAccount } from './support/ledger.ts'
import {
  checkCounts,
  chooseFile,
  closedGatewayUri,
  mintFromNode,
  nftUrisOf,
  openMintAs,
  rangeStart,
  servedUri,
  wcagViolations,
} from './support/mint.ts'
import { keepScreenshot, overflowsSideways, scrollsSideways } from './support/page.ts'
import { expect, test } from './support/test.ts'

test('a reveal of 10 mutable NFTs: the new documents checked, one not minted mutable named and left out, then the ledger holds the new URIs', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const minter = await fundedAccount('secp256k1')
  const start = rangeStart(testInfo, 2)
  await mintFromNode(
    minter,
    Array.from({ length: 10 }, (_, i) => servedUri(start + i + 1)),
  )
  const ids = [...(await nftUrisOf(minter.address)).keys()]
  // One NFT minted for good: its row is refused by pre-flight, its URI stays.
  await mintFromNode(minter, [servedUri(start + 11)], false)
  const fixedId = [...(await nftUrisOf(minter.address)).keys()].find((id) => !ids.includes(id))!
  const revealed = new Map(ids.map((id, i) => [id, servedUri(start + 500 + i + 1)]))
  const rows = [...revealed, [fixedId, servedUri(start + 511)]]
  const csv = ['nft_id,uri', ...rows.map(([id, uri]) => `${id},${uri}`)].join('\n')
  await openMintAs(page, minter, 11)

  await page.getByRole('button', { name: 'Reveal or repair' }).click()
  const reveal = page.getByRole('region', { name: 'Reveal', exact: true })
  await chooseFile(page, 'Reveal file', 'reveal.csv', csv)
  await expect(reveal.getByTestId('reveal-rows')).toHaveText('11 NFTs')
  await checkCounts(reveal, { ok: 11 })
  await expect(reveal.getByTestId('mint-sample').getByRole('listitem')).toHaveCount(6)
  await reveal.getByRole('button', { name: 'Review the change (11)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm URI Change' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('10', { timeout: 30_000 })
  await expect(dialog.getByTestId('plan-problems')).toContainText(
    `Row 11: NFT ${fixedId} was not minted mutable`,
  )
  if (testInfo.project.name === 'mobile') expect(await overflowsSideways(dialog)).toBe(false)
  await dialog.getByRole('button', { name: 'Change 10 URIs' }).click()

  const results = page.getByTestId('modify-results')
  await expect(results.getByTestId('results-successful')).toHaveText('10', { timeout: 90_000 })
  await expect(results.getByTestId('results-skipped')).toHaveText('1')
  await expect(results.getByTestId('result-uri').first()).toContainText('ipfs://')
  expect(await nftUrisOf(minter.address)).toEqual(
    new Map([...revealed, [fixedId, servedUri(start + 11)]]),
  )
})

test('a repair of NFTs on a closed gateway: their ipfs:// form proposed, one not mutable named and left alone, the ledger repaired', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const minter = await fundedAccount('secp256k1')
  const start = rangeStart(testInfo, 3)
  await mintFromNode(
    minter,
    [1, 2, 3, 4].map((n) => closedGatewayUri(start + n)),
  )
  await mintFromNode(minter, [closedGatewayUri(start + 5)], false)
  const before = await nftUrisOf(minter.address)
  await openMintAs(page, minter, 5)

  await page.getByRole('button', { name: 'Reveal or repair' }).click()
  await page.getByRole('button', { name: 'Repair', exact: true }).click()
  const repair = page.getByRole('region', { name: 'Repair', exact: true })
  await repair.getByRole('button', { name: 'Find NFTs to repair' }).click()
  await expect(repair.getByTestId('repair-found')).toHaveText(
    '5 NFTs to repair, 4 of them mutable; 0 picked.',
    { timeout: 30_000 },
  )
  await expect(repair.getByTestId('repair-list')).toContainText(
    `${closedGatewayUri(start + 1)} → ${servedUri(start + 1)}`,
  )
  // The one not minted mutable is named, and offers nothing to pick.
  const fixed = repair.locator('[data-testid="repair-row"][data-mutable="false"]')
  await expect(fixed.getByTestId('repair-not-mutable')).toBeVisible()
  await expect(fixed.getByRole('checkbox')).toHaveCount(0)
  if (testInfo.project.name === 'mobile') expect(await scrollsSideways(page)).toBe(false)
  await keepScreenshot(page, testInfo, 'repair-list', { fullPage: true })
  expect(await wcagViolations(page)).toEqual([])

  await repair.getByRole('button', { name: 'Pick all mutable' }).click()
  await expect(repair.getByTestId('repair-found')).toContainText('4 picked')
  await repair.getByRole('button', { name: 'Check the new documents' }).click()
  await checkCounts(repair, { ok: 4 })
  await repair.getByRole('button', { name: 'Review the repair (4)' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm URI Change' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('4', { timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Change 4 URIs' }).click()

  const results = page.getByTestId('modify-results')
  await expect(results.getByTestId('results-successful')).toHaveText('4', { timeout: 90_000 })
  const after = await nftUrisOf(minter.address)
  for (const [id, uri] of before) {
    // Only the mutable ones (tfMutable, 16, is in the id) get their ipfs:// form.
    const mutable = (parseNFTokenID(id).Flags & 16) !== 0
    expect(after.get(id)).toBe(
      mutable ? uri.replace('https://cloudflare-ipfs.com/ipfs/', 'ipfs://') : uri,
    )
  }
})
