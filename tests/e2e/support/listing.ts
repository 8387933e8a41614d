/**
 * e2e helpers of the List tab: fresh accounts holding NFTs with real metadata and images (their URIs
 * are those of the demo's Pixel Cats, served by the sandbox's gateway), handing NFTs to another
 * account, and the tab's controls.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import type { AccountNFTsResponse, Wallet } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { submitPipelined } from './airdrop.ts'
import { fundedAccount, withSandbox } from './ledger.ts'
import { toolTabs } from './shell.ts'

const TF_TRANSFERABLE = 8
/** The demo's Pixel Cats: good metadata with an image each. */
const PIXEL_CATS = { issuer: demoAccounts().artist.address, taxon: 2 }

/** `count` URIs (hex) of the demo Pixel Cats the demo holder holds (repeating after 80). */
async function catUris(count: number): Promise<string[]> {
  return withSandbox(async (client) => {
    const reply: AccountNFTsResponse = await client.request({
      command: 'account_nfts',
      account: demoAccounts().holder.address,
      ledger_index: 'validated',
      limit: 400,
    })
    const uris = reply.result.account_nfts
      .filter((n) => n.Issuer === PIXEL_CATS.issuer && n.NFTokenTaxon === PIXEL_CATS.taxon)
      .map((n) => n.URI!)
    if (uris.length === 0) throw new Error('no Pixel Cat URI to copy')
    return Array.from({ length: count }, (_, i) => uris[i % uris.length]!)
  })
}

/**
 * A fresh account holding `count` NFTs of its own collections (transferable, the transfer fee given
 * in 1/100000), each with a Pixel Cat's metadata and image; funded with `xrp` XRP on top of the 100
 * every fresh account gets. `taxa` gives each NFT's taxon in mint order (the last one repeats).
 */
export async function listingHolder(
  count: number,
  {
    taxa = [7],
    transferFee = 0,
    xrp = 0,
  }: { taxa?: readonly number[]; transferFee?: number; xrp?: number } = {},
): Promise<Wallet> {
  const holder = await fundedAccount('secp256k1', 100 + xrp)
  const uris = await catUris(count)
  await withSandbox(async (client) => {
    await submitPipelined(
      client,
      holder,
      uris.map((URI, i) => ({
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: taxa[Math.min(i, taxa.length - 1)],
        Flags: TF_TRANSFERABLE,
        URI,
        ...(transferFee > 0 ? { TransferFee: transferFee } : {}),
      })),
    )
  })
  return holder
}

/** Hands `nftIds` from `from` to `to`: free offers to `to`, accepted by `to`. */
export async function handNfts(from: Wallet, to: Wallet, nftIds: readonly string[]) {
  await withSandbox(async (client) => {
    await submitPipelined(
      client,
      from,
      nftIds.map((id) => ({
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: id,
        Amount: '0',
        Destination: to.address,
        Flags: 1,
      })),
    )
    const offers = await client.request({
      command: 'account_objects',
      account: from.address,
      type: 'nft_offer',
      ledger_index: 'validated',
    })
    const ids = (offers.result.account_objects as unknown as { index: string; NFTokenID: string }[])
      .filter((o) => nftIds.includes(o.NFTokenID))
      .map((o) => o.index)
    await submitPipelined(
      client,
      to,
      ids.map((id) => ({ TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: id })),
    )
  })
}

/** Opens the List tab and waits for its form. */
export async function openList(page: Page): Promise<Locator> {
  await toolTabs(page).getByRole('tab', { name: 'List NFTs' }).click()
  const card = page.getByRole('region', { name: 'Create NFT Offers' })
  await expect(card).toBeVisible()
  return card
}

/** The listing grid's count line ('n NFTs can be listed · page i of n'). */
export function listableCount(page: Page): Locator {
  return page.getByTestId('listable-count')
}

/** The review dialog ('Review n offers'). */
export function reviewDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Review \d+ offers?$/ })
}

/**
 * Closes a listing's result card, so that the next listing's card is not mistaken for it (a card
 * stays until closed, and the next job's shows once that job has ended).
 */
export async function closeListingResult(results: Locator): Promise<void> {
  await results.getByRole('button', { name: 'Close' }).click()
  await expect(results).toBeHidden()
}

/** The listing's result card, once the job has ended. */
export async function listingResult(page: Page): Promise<Locator> {
  const card = page.getByTestId('listing-results')
  await expect(card).toBeVisible({ timeout: 60_000 })
  return card
}
