/**
 * Money safety in the Orders tab (issue 26): a bid in a token is never shown as XRP, and a sale goes
 * through only on the terms the user confirmed. Playwright cannot route the worker's WebSocket, so
 * the lying server's answer is planted where the app keeps it: the stored reading of the bids is
 * rewritten in the page's IndexedDB (two real XRP bids restated as tokens), as a server or a
 * counterparty that dresses a token up as XRP would have it read. A token whose code spells "XRP" is
 * marked NOT XRP and cannot be accepted; another token bid shows its code, a 'token' mark and its
 * issuer, and selling for it needs its own confirmation; confirmed, the engine reads the bid again
 * from the ledger, finds 4 XRP instead of the 50 USD confirmed, and signs nothing.
 */
import type { Page } from '@playwright/test'
import { xrpToDrops } from 'xrpl'

import type { BidsReport } from '../../src/db/types/offers.ts'
import {
  connectHolder,
  nftsHeldBy,
  offersOwnedBy,
  reconnectHolder,
  submitPipelined,
} from './support/airdrop.ts'
import { fundedAccount, withSandbox } from './support/ledger.ts'
import { makeSellOffers } from './support/orders.ts'
import { toolTabs } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const FAKE_XRP = '5852500000000000000000000000000000000000'

/** Rewrites the stored bid readings in the page's IndexedDB, amount by amount. */
async function restateStoredBids(page: Page, restated: Record<string, unknown>): Promise<void> {
  await page.evaluate(async (byDrops) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('xrpl-nft-manager')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(new Error(String(open.error)))
    })
    try {
      const store = db.transaction('bidReads', 'readwrite').objectStore('bidReads')
      const rows = await new Promise<BidsReport[]>((resolve, reject) => {
        const read = store.getAll()
        read.onsuccess = () => resolve(read.result as BidsReport[])
        read.onerror = () => reject(new Error(String(read.error)))
      })
      for (const row of rows) {
        for (const bid of row.bids) {
          const drops = bid.amount.kind === 'xrp' ? bid.amount.drops : ''
          const amount = byDrops[drops] as BidsReport['bids'][number]['amount'] | undefined
          if (!amount) continue
          bid.amount = amount
          bid.best = false
          bid.transferFeeDrops = null
        }
        store.put(row)
      }
      await new Promise<void>((resolve, reject) => {
        store.transaction.oncomplete = () => resolve()
        store.transaction.onerror = () => reject(new Error(String(store.transaction.error)))
      })
    } finally {
      db.close()
    }
  }, restated)
}

test(
  'token bids: one that calls itself XRP cannot be accepted, another needs its own confirmation',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await fundedAccount('secp256k1')
    const [faker, trader] = [await fundedAccount('secp256k1'), await fundedAccount('secp256k1')]
    await withSandbox(async (client) => {
      const mint = { TransactionType: 'NFTokenMint', NFTokenTaxon: 5, Flags: 8 }
      await submitPipelined(client, faker, [mint, mint])
    })
    const nfts = await nftsHeldBy(faker.address)
    await makeSellOffers(
      faker,
      nfts.map((nftId) => ({ nftId, drops: '0', destination: holder.address })),
    )
    const gifts = await offersOwnedBy(faker.address)
    await withSandbox(async (client) => {
      await submitPipelined(
        client,
        holder,
        gifts.map((g) => ({ TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: g.index })),
      )
      await submitPipelined(client, faker, [
        {
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: nfts[0],
          Owner: holder.address,
          Amount: xrpToDrops(3),
        },
      ])
      await submitPipelined(client, trader, [
        {
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: nfts[1],
          Owner: holder.address,
          Amount: xrpToDrops(4),
        },
      ])
    })
    await connectHolder(page, holder, 2)
    await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
    let bids = page.getByTestId('bids-section')
    await bids.getByRole('button', { name: 'Check bids (2 NFTs)' }).click()
    await expect(bids.getByTestId('bid-row')).toHaveCount(2, { timeout: 30_000 })

    // The 3 XRP bid restated as 1000 of a token coded "XRP", the 4 XRP bid as 50 USD of the trader.
    await restateStoredBids(page, {
      [xrpToDrops(3)]: {
        kind: 'issued',
        currency: FAKE_XRP,
        code: 'XRP',
        issuer: faker.address,
        value: '1000',
      },
      [xrpToDrops(4)]: {
        kind: 'issued',
        currency: 'USD',
        code: 'USD',
        issuer: trader.address,
        value: '50',
      },
    })
    await page.reload()
    await reconnectHolder(page, holder, 2)
    await toolTabs(page).getByRole('tab', { name: 'Orders' }).click()
    bids = page.getByTestId('bids-section')
    const rows = bids.getByTestId('bid-row')
    await expect(rows).toHaveCount(2, { timeout: 30_000 })

    const fake = rows.filter({ hasText: '1000' })
    const fakeAmount = fake.getByTestId('token-amount')
    await expect(fakeAmount).toContainText('1000 XRP token NOT XRP')
    await expect(fakeAmount).toContainText(
      `by ${faker.address.slice(0, 6)}...${faker.address.slice(-4)}`,
    )
    await expect(fake.getByTestId('bid-counterfeit')).toHaveText(
      'Not XRP: a token whose code reads as XRP. It cannot be accepted.',
    )
    await expect(fake.getByRole('button', { name: /^Accept the bid of/ })).toBeDisabled()
    await expect(fake).not.toContainText('Best bid')

    const usd = rows.filter({ hasText: 'USD' })
    await expect(usd.getByTestId('token-amount')).toContainText('50 USD token')
    await expect(usd.getByTestId('bid-token-note')).toHaveText(
      'A token, not XRP: it may be worthless.',
    )
    await usd.getByRole('button', { name: /^Accept the bid of 50 "USD" token/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Accept this bid?' })
    await expect(dialog.getByTestId('accept-price')).toContainText('50 USD token')
    const confirm = dialog.getByTestId('accept-token-confirm')
    await expect(confirm).toContainText(`the token “USD” issued by ${trader.address}, not for XRP`)
    await expect(confirm).toContainText('it can be worthless')
    const sell = dialog.getByRole('button', { name: 'Sell for this token' })
    await expect(sell).toBeDisabled()
    await confirm.getByRole('checkbox').check()
    await expect(sell).toBeEnabled()
    await sell.click()
    // The engine reads the bid again: the ledger says 4 XRP, not the 50 USD confirmed.
    await expect(dialog.getByRole('alert')).toContainText('is not what you confirmed', {
      timeout: 30_000,
    })
    await expect(dialog.getByRole('alert')).toContainText('the amount is 4 XRP, not 50 "USD" token')
    await dialog.getByRole('button', { name: 'Go back' }).click()
    await expect(dialog).toBeHidden()
    // Nothing was sold.
    expect((await nftsHeldBy(holder.address)).sort()).toEqual([...nfts].sort())
  },
)
