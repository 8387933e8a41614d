/**
 * e2e helpers of the Airdrop tab. Airdrop tests never spend the demo holder's NFTs (other spec files
 * count them): each test funds a fresh account, mints it the NFTs it needs from Node with xrpl.js,
 * and connects it in the UI through Quick Connect.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import type {
  AccountNFTsResponse,
  AccountObjectsResponse,
  Client,
  SubmittableTransaction,
  Wallet,
} from 'xrpl'

import { fundedAccount, withSandbox } from './ledger.ts'
import { expectConnected, openMainShell, quickConnect } from './shell.ts'

/** tfTransferable of NFTokenMint. */
const TF_TRANSFERABLE = 8

async function validatedSequence(client: Client, address: string): Promise<number> {
  const info = await client.request({
    command: 'account_info',
    account: address,
    ledger_index: 'validated',
  })
  return info.result.account_data.Sequence
}

/** Resolves once the open ledger's index has moved past `index` (the next ledger closed). */
async function nextLedger(client: Client, index: number): Promise<number> {
  await expect.poll(() => client.getLedgerIndex(), { timeout: 15_000 }).toBeGreaterThan(index)
  return client.getLedgerIndex()
}

/**
 * Signs `txs` with consecutive sequence numbers and submits them without waiting for each one
 * (a whole batch fits in a few ledgers); a full queue waits for the next ledger and submits the same
 * blob again. Resolves once every one is validated.
 */
export async function submitPipelined(
  client: Client,
  wallet: Wallet,
  txs: Record<string, unknown>[],
): Promise<void> {
  const first = await validatedSequence(client, wallet.address)
  let ledger = await client.getLedgerIndex()
  const lastLedger = ledger + 200
  for (const [i, fields] of txs.entries()) {
    const tx = {
      ...fields,
      Account: wallet.address,
      Fee: '12',
      Sequence: first + i,
      LastLedgerSequence: lastLedger,
    } as SubmittableTransaction
    const { tx_blob } = wallet.sign(tx)
    for (let attempt = 0; ; attempt += 1) {
      const reply = await client.request({ command: 'submit', tx_blob })
      const result = reply.result.engine_result
      if (result === 'tesSUCCESS' || result === 'terQUEUED') break
      // The same blob again after a full queue: the server may have held and applied it meanwhile.
      if (attempt > 0 && /^tef(PAST_SEQ|ALREADY)/.test(result)) break
      if (!/^(tel|terINSUF_FEE_B)/.test(result)) throw new Error(`submit failed: ${result}`)
      ledger = await nextLedger(client, ledger)
    }
  }
  await expect
    .poll(() => validatedSequence(client, wallet.address), { timeout: 60_000 })
    .toBe(first + txs.length)
}

/**
 * A fresh account holding `nfts` transferable NFTs (taxon 7), funded with `xrp` XRP on top of the
 * 100 every fresh account gets (each offer locks 0.2 XRP of reserve).
 */
export async function airdropHolder(nfts: number, xrp = 0): Promise<Wallet> {
  const holder = await fundedAccount('secp256k1', 100 + xrp)
  await withSandbox(async (client) => {
    const mint = { TransactionType: 'NFTokenMint', NFTokenTaxon: 7, Flags: TF_TRANSFERABLE }
    await submitPipelined(
      client,
      holder,
      Array.from({ length: nfts }, () => mint),
    )
  })
  return holder
}

/** An NFTokenOffer ledger entry, as account_objects returns it (the fields the tests read). */
export interface LedgerOffer {
  index: string
  NFTokenID: string
  Amount: string | Record<string, string>
  Destination?: string
  Expiration?: number
  PreviousTxnLgrSeq: number
  Flags: number
}

/**
 * The latest validated ledger's index: reads pinned to it (`ledger` of nftsHeldBy, offersOwnedBy) see
 * one state of the ledger, however many ledgers close while they run.
 */
export async function validatedLedgerIndex(): Promise<number> {
  return withSandbox(async (client) => {
    const reply = await client.request({ command: 'ledger', ledger_index: 'validated' })
    return reply.result.ledger_index
  })
}

/**
 * The NFT ids an account holds on the validated ledger (account_nfts, all pages), or on the validated
 * ledger of index `ledger`.
 */
export async function nftsHeldBy(
  address: string,
  ledger: number | 'validated' = 'validated',
): Promise<string[]> {
  return withSandbox(async (client) => {
    const ids: string[] = []
    let marker: unknown
    do {
      const page: AccountNFTsResponse = await client.request({
        command: 'account_nfts',
        account: address,
        ledger_index: ledger,
        limit: 400,
        ...(marker === undefined ? {} : { marker }),
      })
      ids.push(...page.result.account_nfts.map((nft) => nft.NFTokenID))
      marker = page.result.marker
    } while (marker !== undefined)
    return ids
  })
}

/**
 * Every NFT offer the account owns on the validated ledger (account_objects, all pages), or on the
 * validated ledger of index `ledger`.
 */
export async function offersOwnedBy(
  address: string,
  ledger: number | 'validated' = 'validated',
): Promise<LedgerOffer[]> {
  return withSandbox(async (client) => {
    const offers: LedgerOffer[] = []
    let marker: unknown
    do {
      const page: AccountObjectsResponse = await client.request({
        command: 'account_objects',
        account: address,
        type: 'nft_offer',
        ledger_index: ledger,
        limit: 400,
        ...(marker === undefined ? {} : { marker }),
      })
      offers.push(...(page.result.account_objects as unknown as LedgerOffer[]))
      marker = page.result.marker
    } while (marker !== undefined)
    return offers
  })
}

/**
 * Opens the app, connects `wallet` through Quick Connect (Family Seed) and waits until its
 * `nfts` NFTs are listed.
 */
export async function connectHolder(page: Page, wallet: Wallet, nfts: number): Promise<void> {
  await openMainShell(page)
  await reconnectHolder(page, wallet, nfts)
}

/** Connects `wallet` in an open main shell (after a reload) and waits for its NFT list. */
export async function reconnectHolder(page: Page, wallet: Wallet, nfts: number): Promise<void> {
  await quickConnect(page, { tab: 'Family Seed', secret: wallet.seed! })
  await expectConnected(page, wallet.address)
  await expect(page.getByTestId('collection-counts')).toContainText(`${nfts} total`, {
    timeout: 30_000,
  })
}

/** Selects every listed NFT with 'Select All Filtered' and waits for the count. */
export async function selectAllNfts(page: Page, nfts: number): Promise<void> {
  await page.getByRole('button', { name: 'Select All Filtered', exact: true }).click()
  await expect(page.getByTestId('collection-counts')).toContainText(`${nfts} selected`)
}

/** A distribution CSV: the header, then one `address,amount` row each (amount left out if absent). */
export function distributionCsv(rows: readonly (readonly [string, (number | string)?])[]): string {
  const lines = rows.map(([address, amount]) =>
    amount === undefined ? address : `${address},${amount}`,
  )
  return ['wallet_address,nft_amount', ...lines].join('\n')
}

/** The Upload Distribution List panel. */
export function uploadPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Upload Distribution List' })
}

/** The Airdrop Manager panel. */
export function managerPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Airdrop Manager' })
}

/** Gives the upload panel's file chooser a file, as a user choosing it does. */
export async function chooseCsv(page: Page, name: string, text: string): Promise<void> {
  await uploadPanel(page)
    .getByLabel('Distribution CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
}

/**
 * Presses Start Airdrop, checks that the confirmation plans `transactions` offers and confirms.
 * (Pre-flight problems, if any, must be handled by the caller instead.)
 */
export async function confirmAirdrop(page: Page, transactions: number): Promise<void> {
  await managerPanel(page).getByRole('button', { name: 'Start Airdrop' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
  await expect(confirm.getByTestId('plan-transactions')).toHaveText(String(transactions))
  await expect(confirm.getByTestId('plan-problems')).toBeHidden()
  await confirm.getByRole('button', { name: 'Confirm and start' }).click()
}

/** The percentage a progress card shows. */
export async function progressPercent(card: Locator): Promise<number> {
  return Number((await card.getByTestId('progress-percent').textContent())!.replace('%', ''))
}

/**
 * The connected wallet's airdrop of its `nfts` NFTs to `to` (as many each): the Airdrop tab, the CSV,
 * every NFT selected, Start; the confirmation must say `approvals` (the approvals line of an
 * external wallet) and pass `checkConfirm`, then it is confirmed. Returns the Airdrop Manager panel.
 */
export async function startWalletAirdrop(
  page: Page,
  to: readonly Wallet[],
  nfts: number,
  approvals: string,
  checkConfirm?: (confirm: Locator) => Promise<void>,
): Promise<Locator> {
  await page.getByRole('tab', { name: 'Airdrop' }).click()
  const rows = to.map((w): [string, number] => [w.address, nfts / to.length])
  await chooseCsv(page, 'wallet-airdrop.csv', distributionCsv(rows))
  await selectAllNfts(page, nfts)
  const manager = managerPanel(page)
  await manager.getByRole('button', { name: 'Start Airdrop' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Airdrop' })
  await expect(confirm.getByTestId('plan-transactions')).toHaveText(String(nfts))
  await expect(confirm.getByTestId('plan-approvals')).toHaveText(approvals)
  await checkConfirm?.(confirm)
  await confirm.getByRole('button', { name: 'Confirm and start' }).click()
  return manager
}

/** Waits for 'Airdrop Complete' with `succeeded` offers made. */
export async function expectAirdropComplete(manager: Locator, succeeded: number): Promise<void> {
  const results = manager.getByTestId('airdrop-results')
  await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
    timeout: 90_000,
  })
  await expect(results.getByTestId('results-successful')).toHaveText(String(succeeded))
}
