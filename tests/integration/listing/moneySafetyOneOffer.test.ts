/**
 * One live offer per NFT across jobs (issue 26, scenario 3). Planning does not reserve an NFT: two
 * jobs can be planned with the same one. So:
 * - starting a job checks, in the transaction that starts it, that no other started job of the account
 *   offers it: two airdrops planned with the same NFT cannot both run (the second is refused, or with
 *   'skip problem items' starts without that NFT), and the confirmation can say so first;
 * - the runner reads the account's sell offers before signing: a listing planned before an airdrop of
 *   the same NFT ran skips that NFT instead of putting a given-away NFT on sale.
 * Each outcome is checked on the ledger: at most one sell offer per NFT.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { engineError, jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { closeLedgers, submitInProcess } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** Recipients that do not accept by themselves (the demo's 1–10 do). */
const [alice, bob, carol] = [20, 21, 22].map((i) => accounts.recipients[i]!.classicAddress)

let h: DemoJobsHarness

beforeAll(async () => {
  // Ledgers close only when a test says so: what is signed stays in flight until then.
  h = await startDemoJobsHarness()
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterAll(async () => {
  await h.stop()
})

/** The holder's sell offers on the NFTs, by NFT. */
async function sellOffersOn(nftIds: readonly string[]) {
  const offers = (await offersOf(h.client, holder)).filter((o) => (o.Flags & 1) === 1)
  return new Map(nftIds.map((id) => [id, offers.filter((o) => o.NFTokenID === id)]))
}

/** Runs ledgers until the job ends. */
async function settle(jobId: string) {
  const stop = closeLedgers(h.sb, 50)
  try {
    return await jobFinished(h.db, jobId)
  } finally {
    stop()
  }
}

function airdrop(nftIds: string[], to: string[]) {
  return h.engine.planJob({
    kind: 'airdrop',
    distribution: to.map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  })
}

it('two airdrops planned with the same NFT: the second cannot start while the first offers it', async () => {
  const [shared, own] = await freeNfts(h.client, holder, 2)
  const first = await airdrop([shared!], [alice!])
  const second = await airdrop([shared!, own!], [bob!, carol!])
  // Both plans are clean: neither job had started.
  expect(first.problems).toEqual([])
  expect(second.problems).toEqual([])

  await h.engine.startJob(first.jobId)
  // The confirmation of the second says so before Start is pressed ...
  const taken = await h.engine.takenNfts(second.jobId)
  expect(taken).toEqual([expect.objectContaining({ code: 'TAKEN', itemIndex: 0, blocking: false })])
  expect(taken[0]!.message).toContain(
    `another airdrop of this wallet (job ${first.jobId.slice(0, 8)})`,
  )
  // ... and Start without skipping is refused, nothing signed.
  const refused = await engineError(h.engine.startJob(second.jobId))
  expect(refused.message).toMatch(/another airdrop of this wallet .* offers it\. Skip those items/)
  expect((await h.db.jobs.get(second.jobId))!.status).toBe('planned')

  // Skipping: the second goes on without the shared NFT.
  await h.engine.startJob(second.jobId, { skipProblems: true })
  const [done1, done2] = [await settle(first.jobId), await settle(second.jobId)]
  expect(done1.counts).toMatchObject({ succeeded: 1 })
  expect(done2.counts).toMatchObject({ succeeded: 1, skipped: 1 })
  const [skipped] = await readItems(h.db, second.jobId)
  expect(skipped).toMatchObject({ status: 'skipped', result: 'TAKEN', attempts: [] })

  const offers = await sellOffersOn([shared!, own!])
  expect(offers.get(shared!)!.map((o) => o.Destination)).toEqual([alice])
  expect(offers.get(own!)!.map((o) => o.Destination)).toEqual([carol])
})

it('a listing planned before an airdrop of the same NFT ran skips that NFT when it starts', async () => {
  const [given, listed] = await freeNfts(h.client, holder, 2)
  const listing = await h.engine.planJob({
    kind: 'list',
    offers: [
      { nftId: given!, amountDrops: '5000000' },
      { nftId: listed!, amountDrops: '5000000' },
    ],
  })
  expect(listing.canStart).toBe(true)
  // Meanwhile the NFT is given away: an airdrop planned and run to its end.
  const drop = await airdrop([given!], [bob!])
  await h.engine.startJob(drop.jobId)
  expect((await settle(drop.jobId)).counts).toMatchObject({ succeeded: 1 })

  // The airdrop has ended, so the start check lets the listing go; the runner's look at the
  // account's sell offers leaves the given-away NFT out.
  await h.engine.startJob(listing.jobId)
  const job = await settle(listing.jobId)
  expect(job.counts).toMatchObject({ succeeded: 1, skipped: 1, failed: 0 })
  const [first] = await readItems(h.db, listing.jobId)
  expect(first).toMatchObject({ status: 'skipped', result: 'TAKEN', attempts: [] })
  expect(first!.message).toContain('got a sell offer to')

  const offers = await sellOffersOn([given!, listed!])
  expect(offers.get(given!)!.map((o) => [o.Destination, o.Amount])).toEqual([[bob, '0']])
  expect(offers.get(listed!)!.map((o) => [o.Destination, o.Amount])).toEqual([
    [undefined, '5000000'],
  ])
})

it('an NFT offered from elsewhere while the job runs is left out (the account stream shows it)', async () => {
  const nftIds = await freeNfts(h.client, holder, 6)
  // Two in flight at a time, so that the last NFTs are still to be signed when the offer appears.
  const slow = h.reopen({ jobs: { maxInFlight: 2 } })
  await h.engine.dispose()
  await slow.connect('sandbox')
  await slow.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const plan = await slow.planJob({
    kind: 'list',
    offers: nftIds.map((nftId) => ({ nftId, amountDrops: '5000000' })),
  })
  await slow.startJob(plan.jobId)
  await expect.poll(async () => (await h.db.jobs.get(plan.jobId))?.counts.inFlight).toBe(2)
  // Another app of the holder puts the last NFT on sale for 1 drop, and it validates.
  const last = nftIds.at(-1)!
  const outside = submitInProcess(h.sb.ledger, accounts.holder, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: last,
    Amount: '1',
    Flags: 1,
  })
  expect(outside.engine_result).toBe('tesSUCCESS')
  const job = await settle(plan.jobId)
  expect(job.counts).toMatchObject({ succeeded: 5, skipped: 1 })
  const items = await readItems(h.db, plan.jobId)
  expect(items.at(-1)).toMatchObject({ status: 'skipped', result: 'TAKEN', attempts: [] })
  const offers = await sellOffersOn([last])
  expect(offers.get(last)!.map((o) => o.Amount)).toEqual(['1'])
  await slow.dispose()
})
