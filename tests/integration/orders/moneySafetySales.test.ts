/**
 * A sale goes through only on the terms the user confirmed (issue 26, scenarios 1 and 2). The network
 * lists two servers of the same ledger, each behind a rewriting proxy; a test makes one of them (or
 * both) lie in nft_buy_offers replies:
 * - a token whose 160-bit code spells "XRP" is never sold for, whatever the servers say;
 * - a token bid needs the user's own confirmation of the token;
 * - one server's word on a price is not enough: the other server is asked, and a disagreement blocks;
 * - right before signing the bid is read again: a bid that no longer states the confirmed terms is
 *   skipped, nothing signed, the NFT still the holder's.
 * The positive control: with honest servers the sale applies at the confirmed price.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'

import { acceptRequest } from '../../../src/app/orders/offerText.ts'
import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { BidView } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { engineError, jobFinished } from '../../helpers/engine.ts'
import { offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { startTwoServers } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy, TwoServers } from '../../helpers/rewritingProxy.ts'
import { shortAddress } from '../../../src/shared/format.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** The ASCII bytes "XRP" then zeros: legal on the ledger, unlike the 3-letter code. */
const FAKE_XRP = '5852500000000000000000000000000000000000'
/** The demo's 4 XRP bid (a recipient's, on a badge). */
const FOUR_XRP = '4000000'

let h: DemoJobsHarness
let servers: TwoServers
let primary: Proxy
let other: Proxy
let engine: Engine

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
  servers = await startTwoServers(h.sb)
  ;({ primary, other } = servers)
  const sandbox = { ...h.networks.sandbox, endpoints: [primary.url, other.url] }
  await h.engine.dispose()
  engine = h.reopen({ networks: { ...h.networks, sandbox } })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterEach(() => {
  servers.reset()
})

afterAll(async () => {
  await servers.close()
  await h.stop()
})

/** Makes a proxy state the 4 XRP bid's amount as `amount`. */
function restate(proxy: Proxy, amount: unknown): void {
  proxy.hooks.reply = (reply, request) => {
    if (request.command !== 'nft_buy_offers' || typeof reply.result !== 'object') return reply
    const result = reply.result as Json
    const offers = (result.offers as Json[]).map((o) =>
      o.amount === FOUR_XRP ? { ...o, amount } : o,
    )
    return { ...reply, result: { ...result, offers } }
  }
}

async function fourXrpBid(): Promise<BidView> {
  const { bids } = await engine.loadBids()
  const bid = bids.find((b) => b.bidder === accounts.recipients[40]!.classicAddress && !b.best)
  return bid ?? bids.find((b) => b.amount.kind === 'issued' || b.amount.drops !== '20000000')!
}

/** The bid is still on the ledger and the NFT still the holder's: nothing was sold. */
async function expectNotSold(bid: BidView): Promise<void> {
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  expect(nfts.map((n) => n.nftId)).toContain(bid.nftId)
  const listed = await h.client.request({ command: 'nft_buy_offers', nft_id: bid.nftId })
  expect(listed.result.offers.map((o) => o.nft_offer_index)).toContain(bid.offerId)
}

it('shows a token that calls itself XRP as a token, and refuses to sell for it', async () => {
  const token = {
    currency: FAKE_XRP,
    issuer: accounts.recipients[40]!.classicAddress,
    value: '1000',
  }
  // Both servers agree: the ledger (as far as the app can tell) holds this bid.
  restate(primary, token)
  restate(other, token)
  const bid = await fourXrpBid()
  expect(bid.amount).toEqual({ kind: 'issued', ...token, code: 'XRP' })
  expect(bid.best).toBe(false)

  // Even with the token sale confirmed, a code that reads as XRP blocks the sale.
  const plan = await engine.planJob(acceptRequest(bid, true))
  expect(plan.canStart).toBe(false)
  expect(plan.problems).toEqual([
    expect.objectContaining({
      code: 'READS_AS_XRP',
      blocking: true,
      message: expect.stringContaining(
        `1000 "XRP" token (issuer ${shortAddress(token.issuer)}) — NOT XRP`,
      ) as unknown,
    }),
  ])
  const refused = await engineError(engine.startJob(plan.jobId))
  expect(refused.message).toContain('a token whose code reads as XRP')
  await expectNotSold(bid)
})

it('asks the user to confirm a token bid before selling for it', async () => {
  const token = { currency: 'USD', issuer: accounts.recipients[40]!.classicAddress, value: '1000' }
  restate(primary, token)
  restate(other, token)
  const bid = await fourXrpBid()
  const unconfirmed = await engine.planJob(acceptRequest(bid, false))
  expect(unconfirmed.problems.map((p) => [p.code, p.blocking])).toEqual([
    ['TOKEN_UNCONFIRMED', true],
  ])
  expect(unconfirmed.problems[0]!.message).toContain('A token can be worthless')
  const confirmed = await engine.planJob(acceptRequest(bid, true))
  expect(confirmed).toMatchObject({ canStart: true, problems: [] })
  await expectNotSold(bid)
})

it("does not take one server's word on a price: the other server disagrees, nothing is signed", async () => {
  // The server in use reports the 4 XRP bid as 4000 XRP; the user would confirm 4000 XRP.
  restate(primary, '4000000000')
  const bid = await fourXrpBid()
  expect(bid.amount).toEqual({ kind: 'xrp', drops: '4000000000' })
  const plan = await engine.planJob(acceptRequest(bid, false))
  expect(plan.canStart).toBe(false)
  expect(plan.problems).toEqual([
    expect.objectContaining({
      code: 'SERVERS_DISAGREE',
      blocking: true,
      message: expect.stringContaining('the amount is 4 XRP, not 4000 XRP') as unknown,
    }),
  ])
  await expect(engine.startJob(plan.jobId)).rejects.toThrow(/servers of Sandbox disagree/)
  await expectNotSold(bid)
})

it('reads the bid again right before signing: a bid that changed since the plan is skipped', async () => {
  const bid = await fourXrpBid()
  const plan = await engine.planJob(acceptRequest(bid, false))
  expect(plan.canStart).toBe(true)
  // Between the plan and the signature, both servers now state another price.
  restate(primary, '1')
  restate(other, '1')
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.counts).toMatchObject({ total: 1, skipped: 1, succeeded: 0, failed: 0 })
  const [item] = await readItems(h.db, plan.jobId)
  expect(item!.attempts).toEqual([])
  expect(item!.result).toBe('CHANGED')
  expect(item!.message).toContain('the amount is 0.000001 XRP, not 4 XRP')
  await expectNotSold(bid)
})

it('the other server is asked right before signing too', async () => {
  const bid = await fourXrpBid()
  const plan = await engine.planJob(acceptRequest(bid, false))
  expect(plan.canStart).toBe(true)
  restate(other, '1')
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.counts).toMatchObject({ skipped: 1, succeeded: 0 })
  const [item] = await readItems(h.db, plan.jobId)
  expect(item!.result).toBe('SERVERS_DISAGREE')
  await expectNotSold(bid)
})

it('with honest servers the sale applies at the confirmed price', async () => {
  const bid = await fourXrpBid()
  const plan = await engine.planJob(acceptRequest(bid, false))
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.counts).toMatchObject({ succeeded: 1 })
  const { nfts } = await readAccountNfts(h.client, bid.bidder, () => undefined)
  expect(nfts.map((n) => n.nftId)).toContain(bid.nftId)
  expect((await offersOf(h.client, bid.bidder)).map((o) => o.index)).not.toContain(bid.offerId)
})
