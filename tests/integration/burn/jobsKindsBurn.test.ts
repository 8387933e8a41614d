/**
 * Job kind `burn` end to end against the sandbox's demo ledger: 20 NFTs of the demo holder — some
 * with sell offers on them, one it cannot transfer but may still burn — are gone from account_nfts
 * afterwards, their offers with them, as an independent client sees it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { jobFinished, ledgerNftIds } from '../../helpers/engine.ts'
import { offersOf, startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

let h: DemoJobsHarness
/** The NFTs the first test burned. */
let burned: string[] = []

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterAll(async () => {
  await h.stop()
})

it('burns 20 NFTs, some with offers and one not transferable: all gone, offers too', async () => {
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  const offers = await offersOf(h.client, holder)
  const offered = [...new Set(offers.map((o) => o.NFTokenID))].slice(0, 5)
  expect(offered).toHaveLength(5)
  const relic = nfts.find((n) => !n.transferable && n.issuer !== holder)!
  expect(relic).toBeDefined()
  const plain = nfts
    .filter((n) => n.nftId !== relic.nftId && !offers.some((o) => o.NFTokenID === n.nftId))
    .slice(0, 14)
    .map((n) => n.nftId)
  const chosen = [...offered, relic.nftId, ...plain]
  burned = chosen
  expect(new Set(chosen).size).toBe(20)
  const offersOnChosen = offers.filter((o) => chosen.includes(o.NFTokenID))
  expect(offersOnChosen.length).toBeGreaterThanOrEqual(5)

  // Others' offers on them (bids), as each NFT's list has them.
  let bids = 0
  for (const nftId of chosen) {
    bids += await h.client
      .request({ command: 'nft_buy_offers', nft_id: nftId, ledger_index: 'validated' })
      .then(
        (r) => r.result.offers.length,
        () => 0,
      )
  }
  await h.engine.loadNfts()
  const ownerCount = async () =>
    (
      await h.client.request({
        command: 'account_info',
        account: holder,
        ledger_index: 'validated',
      })
    ).result.account_data.OwnerCount

  const before = await ownerCount()
  const plan = await h.engine.planJob({ kind: 'burn', nftIds: chosen })
  expect(plan).toMatchObject({
    kind: 'burn',
    items: 20,
    transactions: 20,
    problems: [],
    canStart: true,
  })
  expect(plan.burn).toMatchObject({ ownOffers: offersOnChosen.length, otherOffers: bids })
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 20, succeeded: 20, failed: 0, skipped: 0 })

  const items = await readItems(h.db, plan.jobId)
  for (const item of items) {
    expect(item).toMatchObject({ status: 'succeeded', result: 'tesSUCCESS' })
    expect(item.attempts.filter((a) => a.final === 'tesSUCCESS')).toHaveLength(1)
  }
  expect(items.map((i) => (i.intent as { nftId: string }).nftId)).toEqual(chosen)

  const left = await ledgerNftIds(h.sb, holder, await validatedIndex(h.client))
  expect(left).toHaveLength(nfts.length - 20)
  for (const id of chosen) expect(left).not.toContain(id)
  // Burning an NFT removes its offers, and the owner reserve they held.
  const remaining = await offersOf(h.client, holder)
  expect(remaining.filter((o) => chosen.includes(o.NFTokenID))).toEqual([])
  expect(remaining).toHaveLength(offers.length - offersOnChosen.length)
  // The owner reserve freed is what the plan said: the offers deleted and the pages gone.
  const freed = before - (await ownerCount())
  expect(freed).toBe(plan.burn!.ownOffers + plan.burn!.pagesFreed)
  expect(plan.reserveChangeDrops).toBe(String(-freed * 200_000))
  // They left the stored list and the metadata cache at once.
  const snapshot = await h.db.nftSnapshots.get(['sandbox', holder])
  expect(snapshot!.nfts.filter((n) => chosen.includes(n.nftId))).toEqual([])
  expect(await h.db.metadata.bulkGet(chosen)).toEqual(chosen.map(() => undefined))
  for (const nftId of new Set(offersOnChosen.map((o) => o.NFTokenID))) {
    const lookup = await h.client.request({ command: 'nft_sell_offers', nft_id: nftId }).then(
      (r) => r.result.offers.length,
      (e: { data?: { error?: string } }) => e.data?.error,
    )
    expect(lookup).toBe('objectNotFound')
  }
})

it('a second burn of the same NFTs is stopped by pre-flight: they are no longer owned', async () => {
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  expect(burned).toHaveLength(20)
  const plan = await h.engine.planJob({ kind: 'burn', nftIds: [burned[0]!, nfts[0]!.nftId] })
  expect(plan.problems.map((p) => [p.code, p.itemIndex, p.blocking])).toEqual([
    ['NOT_OWNED', 0, false],
  ])
  expect(plan.transactions).toBe(1)
})

it('leaves out an NFT that another unfinished airdrop or listing of the wallet will still offer', async () => {
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  const offered = new Set((await offersOf(h.client, holder)).map((o) => o.NFTokenID))
  const [promised, free] = nfts.filter((n) => n.transferable && !offered.has(n.nftId))
  const listing = await h.engine.planJob({
    kind: 'list',
    offers: [{ nftId: promised!.nftId, amountDrops: '1000000' }],
  })
  await h.db.jobs.update(listing.jobId, { status: 'paused' })
  const plan = await h.engine.planJob({ kind: 'burn', nftIds: [promised!.nftId, free!.nftId] })
  expect(plan.problems).toEqual([
    expect.objectContaining({ code: 'DUPLICATE', itemIndex: 0, blocking: false }),
  ])
  expect(plan.problems[0]!.message).toContain('burning it would break that job')
  expect(plan.transactions).toBe(1)
  await h.db.jobs.update(listing.jobId, { status: 'cancelled' })
})
