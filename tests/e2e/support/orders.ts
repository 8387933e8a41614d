/**
 * e2e helpers of the Orders tab: sell offers made from Node with xrpl.js (signed, pipelined), the
 * tab opened, and the typed confirmation of a bulk cancellation.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import type { AccountTxTransaction, Wallet } from 'xrpl'

import { offersOwnedBy, submitPipelined } from './airdrop.ts'
import { transactionsOf, withSandbox } from './ledger.ts'
import { toolTabs } from './shell.ts'

/** tfSellNFToken of NFTokenCreateOffer. */
const TF_SELL_NFTOKEN = 1

/** One sell offer to make. */
export interface SellOffer {
  nftId: string
  drops: string
  destination?: string
  /** Ripple-epoch seconds. */
  expiration?: number
}

/** Makes `offers` as sell offers of `wallet`, in order (consecutive sequences). */
export async function makeSellOffers(wallet: Wallet, offers: readonly SellOffer[]): Promise<void> {
  await withSandbox((client) =>
    submitPipelined(
      client,
      wallet,
      offers.map((o) => ({
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: o.nftId,
        Amount: o.drops,
        Flags: TF_SELL_NFTOKEN,
        ...(o.destination ? { Destination: o.destination } : {}),
        ...(o.expiration ? { Expiration: o.expiration } : {}),
      })),
    ),
  )
}

/**
 * Makes `offers` as sell offers of `wallet` that expire soon: 2 s after the latest validated ledger's
 * close, which the caller then waits out. An offer that had to wait a ledger or two behind other
 * transactions (the other worker filling ledgers) can come after that time and be refused as expired
 * (tecEXPIRED: no offer); those are made again, with a later expiration, until each one is on the
 * ledger.
 *
 * @returns the latest expiration (Ripple-epoch seconds) the offers carry.
 */
export async function makeExpiringSellOffers(
  wallet: Wallet,
  offers: readonly SellOffer[],
): Promise<number> {
  let missing = offers
  let expiration = 0
  for (let round = 1; missing.length > 0; round += 1) {
    if (round > 5) throw new Error(`${missing.length} expiring offers refused 5 times as expired`)
    expiration = (await validatedCloseTime()) + 2
    const batch = missing.map((o) => ({ ...o, expiration }))
    // Resolves once every one of them is validated, applied or refused.
    await makeSellOffers(wallet, batch)
    const made = await offersOwnedBy(wallet.address)
    missing = batch.filter(
      (o) =>
        !made.some(
          (m) => m.NFTokenID === o.nftId && m.Amount === o.drops && m.Expiration === expiration,
        ),
    )
  }
  return expiration
}

/** The close time (Ripple-epoch seconds) of the latest validated ledger. */
export async function validatedCloseTime(): Promise<number> {
  return withSandbox(async (client) => {
    const ledger = await client.request({ command: 'ledger', ledger_index: 'validated' })
    return ledger.result.ledger.close_time
  })
}

/** The account's validated NFTokenCancelOffer transactions (every page of account_tx). */
export async function cancelTransactions(address: string): Promise<AccountTxTransaction[]> {
  const txs = await transactionsOf(address)
  return txs.filter((t) => t.tx_json?.TransactionType === 'NFTokenCancelOffer')
}

/** Opens the Orders tab and waits for the Active Offers card. */
export async function openOrders(page: Page): Promise<Locator> {
  await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
  const card = page.getByTestId('active-offers')
  await expect(card).toBeVisible({ timeout: 30_000 })
  return card
}

/**
 * In the open 'Confirm Cancellation' dialog: Confirm stays disabled until the exact text is typed
 * (the text in small letters is named as almost right), then confirms.
 */
export async function confirmCancellation(page: Page, count: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm Cancellation' })
  const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true })
  const input = dialog.getByLabel(/^Type CANCEL/)
  await expect(confirm).toBeDisabled()
  await input.fill(`cancel ${count} offers`)
  await expect(confirm).toBeDisabled()
  // The exact text is asked for; typed in small letters, the dialog says why Confirm stays off.
  await expect(dialog.getByText('type it exactly as shown, in capital letters')).toBeVisible()
  await input.fill(`CANCEL ${count} OFFERS`)
  await expect(dialog.getByText('type it exactly as shown, in capital letters')).toBeHidden()
  await confirm.click()
  await expect(dialog).toBeHidden()
}

/** The result card of the latest cancellation, once complete. */
export async function cancellationResult(page: Page): Promise<Locator> {
  const results = page.getByTestId('cancel-results')
  await expect(results.getByRole('heading', { name: 'Cancellation Complete' })).toBeVisible({
    timeout: 60_000,
  })
  return results
}

/** An account's XRP balance on the validated ledger, drops. */
export async function balanceOf(address: string): Promise<bigint> {
  return withSandbox(async (client) => {
    const info = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: 'validated',
    })
    return BigInt(info.result.account_data.Balance)
  })
}

/** The fee of the account's latest validated transaction, drops. */
export async function feePaidBy(address: string): Promise<bigint> {
  return withSandbox(async (client) => {
    const txs = await client.request({ command: 'account_tx', account: address, limit: 1 })
    return BigInt(txs.result.transactions[0]!.tx_json!.Fee!)
  })
}
