/**
 * e2e helpers of the Mint tab: URIs the sandbox gateway serves (and one it does not), number ranges
 * that differ per test and per project (both projects mint on the one sandbox), NFTs minted mutable
 * from Node for a reveal or a repair, and the ledger's view of an account's NFTs.
 */
import { readFile } from 'node:fs/promises'

import AxeBuilder from '@axe-core/playwright'
import { expect } from '@playwright/test'
import type { Download, Locator, Page, TestInfo } from '@playwright/test'
import { convertHexToString, convertStringToHex } from 'xrpl'
import type { AccountNFTsResponse, Wallet } from 'xrpl'

import { largeCollection } from '../../../src/sandbox/demo/catalog.ts'
import { nftsHeldBy, submitPipelined } from './airdrop.ts'
import { withSandbox } from './ledger.ts'
import { expectConnected, openMainShell, quickConnect, toolTabs } from './shell.ts'

/** The directory whose every `<n>.json` (n ≤ 100,000) the sandbox gateway serves complete. */
export const SERVED_DIR = largeCollection(1).dirCid

/** A complete metadata document the sandbox gateway serves. */
export function servedUri(n: number): string {
  return `ipfs://${SERVED_DIR}/${n}.json`
}

/** The same document through a gateway that has closed (the engine reads it from live ones). */
export function closedGatewayUri(n: number): string {
  return `https://cloudflare-ipfs.com/ipfs/${SERVED_DIR}/${n}.json`
}

/** A CID the sandbox gateway does not know: it answers 404. */
export const UNSERVED_URI =
  'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json'

/**
 * The first number of a test's range: each project and each test its own thousand, so that runs
 * side by side never mint the same URI.
 *
 * @param slot - the test's own slot (0–9).
 */
export function rangeStart(testInfo: TestInfo, slot: number): number {
  const project = testInfo.project.name === 'mobile' ? 2 : 1
  return project * 10_000 + slot * 1_000
}

/** NFTokenMint flags. */
const TF_TRANSFERABLE = 8
const TF_MUTABLE = 16

/** Mints one NFT per URI into `wallet` (taxon 46, transferable; mutable unless said). */
export async function mintFromNode(
  wallet: Wallet,
  uris: readonly string[],
  mutable = true,
): Promise<void> {
  await withSandbox((client) =>
    submitPipelined(
      client,
      wallet,
      uris.map((uri) => ({
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 46,
        Flags: TF_TRANSFERABLE | (mutable ? TF_MUTABLE : 0),
        URI: convertStringToHex(uri),
      })),
    ),
  )
}

/** The NFTs an account holds on the validated ledger, each with its URI as text. */
export async function nftUrisOf(address: string): Promise<Map<string, string>> {
  return withSandbox(async (client) => {
    const out = new Map<string, string>()
    let marker: unknown
    do {
      const page: AccountNFTsResponse = await client.request({
        command: 'account_nfts',
        account: address,
        ledger_index: 'validated',
        limit: 400,
        ...(marker === undefined ? {} : { marker }),
      })
      for (const nft of page.result.account_nfts) {
        out.set(nft.NFTokenID, nft.URI ? convertHexToString(nft.URI) : '')
      }
      marker = page.result.marker
    } while (marker !== undefined)
    return out
  })
}

/** Opens the app, connects `wallet` (Family Seed) and opens the Mint tab. */
export async function openMintAs(page: Page, wallet: Wallet, nfts: number): Promise<void> {
  await openMainShell(page)
  await quickConnect(page, { tab: 'Family Seed', secret: wallet.seed! })
  await expectConnected(page, wallet.address)
  if (nfts > 0) {
    // The collection reads the NFTs (and their metadata) on connecting: a repair reads what it found.
    await expect(page.getByTestId('collection-counts')).toContainText(`${nfts} total`, {
      timeout: 30_000,
    })
  }
  await toolTabs(page).getByRole('tab', { name: 'Mint' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Mint' })).toBeVisible()
}

/** Gives a file chooser of the Mint tab a file, as a user choosing it does. */
export async function chooseFile(
  page: Page,
  input: string,
  name: string,
  text: string,
): Promise<void> {
  await page.getByLabel(input).setInputFiles({
    name,
    mimeType: name.endsWith('.json') ? 'application/json' : 'text/csv',
    buffer: Buffer.from(text),
  })
}

/** The metadata check of the section shown, once its counts are in. */
export async function checkCounts(
  root: Locator,
  counts: { ok: number; incomplete?: number; unserved?: number },
): Promise<void> {
  const check = root.getByTestId('metadata-check')
  await expect(check.getByTestId('check-ok')).toHaveText(String(counts.ok), { timeout: 60_000 })
  await expect(check.getByTestId('check-incomplete')).toHaveText(String(counts.incomplete ?? 0))
  await expect(check.getByTestId('check-unserved')).toHaveText(String(counts.unserved ?? 0))
}

/** axe-core's WCAG 2.0–2.2 A and AA rules, as the accessibility spec scans every screen. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** The page's WCAG A and AA violations (rule and first place), for a screen of the Mint tab. */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' > ') ?? ''}`)
}

/** A downloaded job report's NFT ids with their recipients (the CSV's nft_id and recipient columns). */
export async function reportRecipients(download: Download): Promise<Map<string, string>> {
  const report = await readFile(await download.path(), 'utf8')
  const [header, ...lines] = report.trim().split(/\r?\n/)
  const columns = header!.split(',')
  return new Map(
    lines.map((line) => {
      const cells = line.split(',')
      return [cells[columns.indexOf('nft_id')]!, cells[columns.indexOf('recipient')]!]
    }),
  )
}

/** Waits until `address` holds every one of `nftIds` on the validated ledger (offers accepted). */
export async function expectHeld(address: string, nftIds: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const held = new Set(await nftsHeldBy(address))
        return nftIds.filter((id) => held.has(id)).length
      },
      { timeout: 60_000 },
    )
    .toBe(nftIds.length)
}
