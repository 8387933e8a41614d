/**
 * The Mint tab against the sandbox, on fresh accounts: a team mints 30 NFTs from a manifest straight
 * into offers to 10 recipients (demo recipients 1–10 accept them) and the results name each NFT with
 * its recipient, as the ledger has it; a row whose URI nothing serves is left out before anything is
 * signed; the manifest's problems named with their lines; minting for an issuer that has not
 * authorized the account refused. Each test mints its own numbers (per project too: both projects
 * share the sandbox), and reads the ledger with a client. Reveal and repair: mint-modify.spec.ts.
 */
import { parseNFTokenID } from 'xrpl'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { fundedAccount } from './support/ledger.ts'
import {
  SERVED_DIR,
  UNSERVED_URI,
  checkCounts,
  chooseFile,
  expectHeld,
  nftUrisOf,
  openMintAs,
  rangeStart,
  reportRecipients,
  servedUri,
  wcagViolations,
} from './support/mint.ts'
import { keepScreenshot, overflowsSideways, scrollsSideways } from './support/page.ts'
import { openMainShell, toolTabs } from './support/shell.ts'
import { expect, test } from './support/test.ts'

test('without a wallet the tab asks for one', async ({ page }) => {
  await openMainShell(page)
  await toolTabs(page).getByRole('tab', { name: 'Mint' }).click()
  await expect(page.getByText('Wallet Required')).toBeVisible()
  await expect(page.getByText('Connect your wallet to mint or modify NFTs')).toBeVisible()
})

test('the NFTs from a file or a numbered base URI: a refused file said, each bad row with its line, repeated URIs and skipped numbers named; an issuer that authorized no one refused', async ({
  page,
}, testInfo) => {
  const minter = await fundedAccount('secp256k1')
  const start = rangeStart(testInfo, 4)
  await openMintAs(page, minter, 0)
  const nfts = page.getByRole('region', { name: '1. The NFTs' })
  await expect(nfts).toContainText('No NFTs yet')

  await chooseFile(page, 'Mint manifest file', 'no-uris.csv', 'name,edition\nA,1\n')
  await expect(nfts.getByRole('alert')).toContainText('The manifest has no URI column')
  const csv = [
    'token_uri,wallet',
    `${servedUri(start + 1)},`,
    `${servedUri(start + 2)},not-an-address`,
    `${servedUri(start + 4)},`,
    `${servedUri(start + 1)},`,
  ].join('\n')
  await chooseFile(page, 'Mint manifest file', 'rough.csv', csv)
  await expect(nfts.getByTestId('manifest-rows')).toHaveText('3 NFTs')
  await expect(nfts.getByTestId('manifest-problems')).toContainText('Line 3:')
  await expect(nfts.getByTestId('manifest-problems')).toContainText(
    'not a valid XRP Ledger address',
  )
  await expect(nfts.getByTestId('manifest-duplicates')).toHaveText(
    '1 row repeats a URI of an earlier row.',
  )
  await expect(nfts.getByTestId('manifest-gaps')).toContainText(
    `The numbered set skips ${start + 2}, ${start + 3}: those NFTs would never be minted.`,
  )
  await checkCounts(page.getByRole('region', { name: '3. Check and mint' }), { ok: 3 })

  // A numbered base URI instead: the template needs {n}.
  await nfts.getByRole('button', { name: 'A numbered base URI' }).click()
  await nfts.getByLabel('Base URI ({n} is each NFT’s number)').fill(`ipfs://${SERVED_DIR}/x.json`)
  await nfts.getByLabel('From', { exact: true }).fill(String(start + 10))
  await nfts.getByLabel('To', { exact: true }).fill(String(start + 14))
  await nfts.getByLabel('To', { exact: true }).press('Enter')
  await expect(nfts.getByRole('alert')).toContainText('The base URI needs {n}')
  await nfts.getByLabel('Base URI ({n} is each NFT’s number)').fill(`ipfs://${SERVED_DIR}/{n}.json`)
  await nfts.getByRole('button', { name: 'Use these NFTs' }).click()
  await expect(nfts.getByTestId('manifest-rows')).toHaveText('5 NFTs')
  const step3 = page.getByRole('region', { name: '3. Check and mint' })
  await checkCounts(step3, { ok: 5 })
  if (testInfo.project.name === 'mobile') expect(await scrollsSideways(page)).toBe(false)

  // Minting for another issuer takes its word on the ledger: without it, nothing can be minted.
  const issuer = await fundedAccount('secp256k1')
  await page.getByLabel('Mint for issuer (optional, as its authorized minter)').fill(issuer.address)
  await step3.getByRole('button', { name: 'Review and mint' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Mint' })
  await expect(dialog.getByTestId('plan-problems')).toContainText(
    `The issuer ${issuer.address} has not made ${minter.address} its authorized minter`,
  )
  await expect(dialog.getByTestId('confirm-terms')).toContainText(
    `Minted for the issuer ${issuer.address}, as its authorized minter`,
  )
  await expect(
    dialog.getByText('Nothing can be minted: see what stands in the way above.'),
  ).toBeVisible()
  await expect(dialog.getByLabel(/^Type MINT/)).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Go back' }).click()
  await expect(dialog).toBeHidden()
})

test('30 NFTs minted from a manifest straight to 10 recipients: the permanent terms said and typed, each NFT with its recipient in the results and on the ledger', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const minter = await fundedAccount('secp256k1', 200)
  const recipients = demoAccounts().recipients.slice(0, 10)
  const start = rangeStart(testInfo, 0)
  const rows = Array.from({ length: 30 }, (_, i) => ({
    uri: servedUri(start + i + 1),
    recipient: recipients[i % 10]!.address,
  }))
  const csv = ['uri,recipient', ...rows.map((r) => `${r.uri},${r.recipient}`)].join('\n')
  await openMintAs(page, minter, 0)

  await chooseFile(page, 'Mint manifest file', 'team-drop.csv', csv)
  const nfts = page.getByRole('region', { name: '1. The NFTs' })
  await expect(nfts.getByTestId('manifest-rows')).toHaveText('30 NFTs')
  await expect(nfts).toContainText('30 of them straight to a recipient')
  // The documents are read before anything can be planned: all complete, a sample drawn as cards.
  const step3 = page.getByRole('region', { name: '3. Check and mint' })
  await checkCounts(step3, { ok: 30 })
  const sample = step3.getByTestId('mint-sample')
  await expect(sample.getByRole('listitem')).toHaveCount(6)
  await expect(sample.getByRole('heading').first()).not.toBeEmpty()

  // The terms, said before signing: the fee as what the issuer earns of 100 XRP, each flag's meaning.
  const terms = page.getByRole('region', { name: '2. The collection’s terms' })
  await expect(terms.getByRole('note')).toContainText('These terms are permanent.')
  await terms.getByLabel('Taxon (the collection’s number)').fill('4601')
  await terms.getByLabel('Transfer fee (%)').fill('5')
  await expect(terms.getByTestId('fee-sentence')).toHaveText(
    'The issuer earns 5 XRP of each 100 XRP resale (5 %). It cannot change after minting.',
  )
  // A fee needs transferable NFTs: the engine refuses it, in its words.
  await terms.getByRole('checkbox', { name: /Transferable/ }).uncheck()
  await expect(terms).toContainText('A holder can only give an NFT back to the issuer')
  await step3.getByRole('button', { name: 'Review and mint' }).click()
  await expect(step3.getByRole('alert')).toContainText('A transfer fee needs transferable NFTs')
  await terms.getByRole('checkbox', { name: /Transferable/ }).check()
  if (testInfo.project.name === 'mobile') expect(await scrollsSideways(page)).toBe(false)

  await step3.getByRole('button', { name: 'Review and mint' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Mint' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('30', { timeout: 30_000 })
  await expect(dialog.getByTestId('plan-problems')).toHaveCount(0)
  const listed = dialog.getByTestId('confirm-terms')
  await expect(listed).toContainText('Taxon 4601')
  await expect(listed).toContainText('The issuer earns 5 XRP of each 100 XRP resale')
  await expect(listed).toContainText('Transferable: yes')
  await expect(listed).toContainText('Mutable (URI can change): no')
  const mint = dialog.getByRole('button', { name: 'Mint 30 NFTs' })
  await expect(mint).toBeDisabled()
  await dialog.getByLabel('Type MINT 30 to confirm').fill('MINT 30')
  if (testInfo.project.name === 'mobile') expect(await overflowsSideways(dialog)).toBe(false)
  await keepScreenshot(page, testInfo, 'mint-confirm')
  await mint.click()

  const results = page.getByTestId('mint-results')
  await expect(results.getByTestId('results-successful')).toHaveText('30', { timeout: 120_000 })
  await expect(results.getByTestId('results-failed')).toHaveText('0')
  const items = results.getByTestId('result-item')
  await expect(items).toHaveCount(30)
  // Each row's NFT and the recipient its offer went to, as the results show them.
  const shown = new Map<string, string>()
  for (const [i, item] of (await items.all()).entries()) {
    const nftId = (await item.getByTestId('result-nft').textContent())!.trim()
    await expect(item.getByTestId('result-recipient')).toHaveText(
      `offered to ${rows[i]!.recipient}`,
    )
    shown.set(nftId, rows[i]!.recipient)
  }
  expect(shown.size).toBe(30)
  await results.scrollIntoViewIfNeeded()
  await keepScreenshot(page, testInfo, 'mint-results')
  // The report names each NFT with its recipient, as the results do.
  const download = page.waitForEvent('download')
  await results.getByRole('button', { name: 'Export report (CSV)' }).click()
  expect(await reportRecipients(await download)).toEqual(shown)
  for (const nftId of shown.keys()) {
    const id = parseNFTokenID(nftId)
    expect([id.Issuer, id.Taxon, id.TransferFee]).toEqual([minter.address, 4601, 5000])
  }
  // The recipients accept their offers: each then holds the NFTs the results name for it.
  for (const recipient of recipients) {
    const mine = [...shown].filter(([, to]) => to === recipient.address).map(([id]) => id)
    expect(mine).toHaveLength(3)
    await expectHeld(recipient.address, mine)
  }
  expect((await nftUrisOf(minter.address)).size).toBe(0)
})

test('a row whose URI nothing serves is left out before signing, and never minted', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 })
  const minter = await fundedAccount('secp256k1')
  const start = rangeStart(testInfo, 1)
  const served = [servedUri(start + 1), servedUri(start + 2)]
  const manifest = JSON.stringify([{ uri: served[0] }, { uri: UNSERVED_URI }, { uri: served[1] }])
  await openMintAs(page, minter, 0)

  await chooseFile(page, 'Mint manifest file', 'with-a-hole.json', manifest)
  const step3 = page.getByRole('region', { name: '3. Check and mint' })
  await checkCounts(step3, { ok: 2, unserved: 1 })
  await expect(step3.getByTestId('check-left-out')).toHaveText(
    '1 row that nothing serves will be left out of the mint.',
  )
  await expect(step3.getByTestId('check-problems')).toContainText(`Row 2: ${UNSERVED_URI}`)
  if (testInfo.project.name === 'mobile') expect(await scrollsSideways(page)).toBe(false)
  expect(await wcagViolations(page)).toEqual([])

  await step3.getByRole('button', { name: 'Review and mint' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm Mint' })
  await expect(dialog.getByTestId('plan-transactions')).toHaveText('2', { timeout: 30_000 })
  await expect(dialog.getByTestId('plan-problems')).toContainText(UNSERVED_URI)
  await expect(dialog.getByTestId('plan-problems')).toContainText('It is left out')
  expect(await wcagViolations(page)).toEqual([])
  // By keyboard: the typed words, then Enter in the field.
  const field = dialog.getByLabel('Type MINT 2 to confirm')
  await field.focus()
  await page.keyboard.type('MINT 2')
  await page.keyboard.press('Enter')

  const results = page.getByTestId('mint-results')
  await expect(results.getByTestId('results-successful')).toHaveText('2', { timeout: 90_000 })
  await expect(results.getByTestId('results-skipped')).toHaveText('1')
  await expect(results.getByTestId('result-item').nth(1)).toContainText('Left out')
  await expect(results.getByTestId('result-item').nth(0)).toContainText('kept by your account')
  const held = await nftUrisOf(minter.address)
  expect([...held.values()].sort()).toEqual([...served].sort())
})
