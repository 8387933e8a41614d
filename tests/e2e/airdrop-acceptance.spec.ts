/**
 * Acceptance tracking and 'Reclaim unaccepted', as a user sees them: an airdrop to ten recipients
 * that accept offers by themselves (the sandbox's demo collectors 1–10) and five that never do. The
 * acceptors show as accepted without the user doing anything; the rest wait; reclaiming cancels the
 * waiting offers in one transaction. Checked on the ledger from Node, and again after a reload.
 */
import { expect, test } from './support/test.ts'
import type { Locator } from '@playwright/test'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import { shortAddress } from '../../src/shared/format.ts'
import {
  airdropHolder,
  chooseCsv,
  confirmAirdrop,
  connectHolder,
  distributionCsv,
  managerPanel,
  nftsHeldBy,
  offersOwnedBy,
  reconnectHolder,
  selectAllNfts,
  submitPipelined,
} from './support/airdrop.ts'
import { storedRows } from './support/hooks.ts'
import { fundedAccount, withSandbox } from './support/ledger.ts'
import { reachMainShell, walletButton } from './support/shell.ts'

test.setTimeout(150_000)

const { recipients } = demoAccounts()
const acceptors = recipients.slice(0, 10)
const waiting = recipients.slice(40, 45)

/** The details row of a recipient (rows show the abbreviated address). */
function rowOf(results: Locator, address: string): Locator {
  return results.getByTestId('recipient-row').filter({ hasText: shortAddress(address) })
}

test(
  'recipients who accept show as accepted; Reclaim unaccepted cancels the rest',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(15)
    const minted = new Set(await nftsHeldBy(holder.address))
    await connectHolder(page, holder, 15)
    const rows = [...acceptors, ...waiting].map((w): [string, number] => [w.address, 1])
    await chooseCsv(page, 'acceptance.csv', distributionCsv(rows))
    await selectAllNfts(page, 15)

    const manager = managerPanel(page)
    await confirmAirdrop(page, 15)

    const results = manager.getByTestId('airdrop-results')
    await expect(results.getByRole('heading', { name: 'Airdrop Complete' })).toBeVisible({
      timeout: 60_000,
    })
    await expect(results.getByTestId('results-successful')).toHaveText('15')
    // The NFTs are on offer now: the selection was cleared so they are not picked for another airdrop.
    await expect(page.getByTestId('collection-counts')).toContainText('0 selected')

    // The collectors accept a couple of ledgers later; the account stream brings it to the page.
    const summary = results.getByTestId('acceptance-summary')
    await expect(summary).toHaveText('10 accepted, 5 waiting, 0 withdrawn', { timeout: 45_000 })
    // 'Airdrop Complete' says the sending is; right under it, that receiving is not yet.
    await expect(results.getByTestId('results-waiting')).toHaveText(
      'The offers are on the ledger. 5 offers still wait for their recipients to accept: until then the NFTs stay in your wallet.',
    )
    // The collection and the footer follow the account's stream: the ten NFTs accepted left the
    // list and the counts, without a reload or a press of Load NFTs.
    await expect(page.getByTestId('collection-counts')).toContainText('5 total')
    await expect(page.getByTestId('footer-counts')).toContainText('NFTs: 5')
    await expect(page.getByTestId('footer-counts')).toContainText('Offers: 5')
    await results.getByRole('button', { name: /Per-recipient details \(15 recipients\)/ }).click()
    await expect(
      rowOf(results, acceptors[0]!.address).locator('[data-state="accepted"]'),
    ).toHaveText('accepted')
    await expect(rowOf(results, waiting[0]!.address).locator('[data-state="offered"]')).toHaveText(
      'offered',
    )
    // What the page says is what the ledger holds: each acceptor owns one NFT of this holder.
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Offers: 5')
    const offered = await offersOwnedBy(holder.address)
    expect(offered).toHaveLength(5)
    expect(new Set(offered.map((offer) => offer.Destination))).toEqual(
      new Set(waiting.map((w) => w.address)),
    )

    // Reclaim: one cancel transaction frees the five offers' reserve.
    await results.getByRole('button', { name: 'Reclaim unaccepted' }).click()
    const reclaim = page.getByRole('dialog', { name: 'Reclaim unaccepted offers' })
    await expect(reclaim.getByTestId('plan-transactions')).toHaveText('1')
    await expect(reclaim).toContainText('Reserve freed1 XRP')
    await reclaim.getByRole('button', { name: 'Reclaim', exact: true }).click()
    await expect(reclaim).toBeHidden()
    await expect(results.getByTestId('reclaim-progress')).toHaveText(
      'Reclaim completed: 1 of 1 transactions succeeded',
      { timeout: 30_000 },
    )
    await expect(summary).toHaveText('10 accepted, 0 waiting, 5 withdrawn', { timeout: 30_000 })
    // Not 'gone', which read as lost: what became of those offers, and that no NFT left.
    await expect(results.getByTestId('acceptance-withdrawn')).toHaveText(
      'Withdrawn: the offer was cancelled (Reclaim) or expired before its recipient accepted it; its NFT was not sent.',
    )
    await expect(results.getByRole('button', { name: 'Reclaim unaccepted' })).toBeDisabled()
    await expect(results.getByTestId('results-waiting')).toBeHidden()
    await expect(footer).toContainText('Offers: 0')
    expect(await offersOwnedBy(holder.address)).toHaveLength(0)
    // The holder kept exactly the five NFTs that were on offer to the waiting recipients; each acceptor
    // holds exactly one of the holder's NFTs, and the waiting ones none.
    const kept = await nftsHeldBy(holder.address)
    expect(new Set(kept)).toEqual(new Set(offered.map((offer) => offer.NFTokenID)))
    for (const acceptor of acceptors) {
      const held = (await nftsHeldBy(acceptor.address)).filter((id) => minted.has(id))
      expect(held, acceptor.address).toHaveLength(1)
    }
    for (const recipient of waiting) {
      expect((await nftsHeldBy(recipient.address)).filter((id) => minted.has(id))).toEqual([])
    }

    // The tracking is stored on this device: after a reload the card shows the same outcome.
    await page.reload()
    await reconnectHolder(page, holder, 5)
    await expect(managerPanel(page).getByTestId('acceptance-summary')).toHaveText(
      '10 accepted, 0 waiting, 5 withdrawn',
    )
  },
)

test(
  'read-only after a reload, without a key: accepts reach the card and the footer, Check now reads the ledger',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const holder = await airdropHolder(3)
    // A fresh recipient that accepts only when this test says so.
    const recipient = await fundedAccount('secp256k1')
    await connectHolder(page, holder, 3)
    await chooseCsv(page, 'later.csv', distributionCsv([[recipient.address, 3]]))
    await selectAllNfts(page, 3)
    await confirmAirdrop(page, 3)
    const results = managerPanel(page).getByTestId('airdrop-results')
    await expect(results.getByTestId('results-successful')).toHaveText('3', { timeout: 60_000 })

    // The reload keeps no key: the account is open read-only, its saved list and jobs shown.
    await page.reload()
    await reachMainShell(page)
    await expect(walletButton(page)).toHaveText(`View only ${shortAddress(holder.address)}`)
    const footer = page.getByTestId('footer-counts')
    // The ledger read after the reload is done: what changes next comes from following the account.
    await expect(footer).toContainText('NFTs: 3', { timeout: 30_000 })
    await expect(footer).toContainText('Offers: 3', { timeout: 30_000 })
    const shown = managerPanel(page).getByTestId('airdrop-results')
    const summary = shown.getByTestId('acceptance-summary')
    await expect(summary).toHaveText('0 accepted, 3 waiting, 0 withdrawn')

    // The recipient accepts two of the offers, from outside the app.
    const offers = await offersOwnedBy(holder.address)
    await withSandbox((client) =>
      submitPipelined(
        client,
        recipient,
        offers.slice(0, 2).map((offer) => ({
          TransactionType: 'NFTokenAcceptOffer',
          NFTokenSellOffer: offer.index,
        })),
      ),
    )
    // Reading the ledger needs no key: the card and the footer follow without Load NFTs.
    await expect(summary).toHaveText('2 accepted, 1 waiting, 0 withdrawn', { timeout: 45_000 })
    await expect(footer).toContainText('NFTs: 1')
    await expect(footer).toContainText('Offers: 1')
    await expect(page.getByTestId('collection-counts')).toContainText('1 total')

    // Check now reads the ledger for the account shown read-only: a new check is recorded.
    const checkNow = shown.getByRole('button', { name: 'Check now' })
    await expect(checkNow).toBeEnabled()
    const before = await page.evaluate(() => Date.now())
    await checkNow.click()
    const checkedAt = async () => {
      const jobs = await storedRows<JobRow>(page, 'jobs')
      return jobs.find((job) => job.account === holder.address && job.kind === 'airdrop')
        ?.acceptance?.checkedAt
    }
    await expect.poll(checkedAt, { timeout: 30_000 }).toBeGreaterThanOrEqual(before)
    await expect(shown.getByRole('alert')).toHaveCount(0)
    await expect(shown.getByTestId('acceptance-checked')).toHaveText(/^Last checked /)
  },
)
