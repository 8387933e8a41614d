/**
 * EngineApi.onAccountActivity against the sandbox's account stream: what validated transactions do
 * to the connected wallet's NFTs and offers reaches the page without any list read again — an
 * airdrop-style offer accepted by its recipient, a listing bought, a bid accepted, a burn, a mint —
 * and an NFT that left is already out of the stored list when the page hears of it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client, Wallet, xrpToDrops } from 'xrpl'

import { readNftSnapshot } from '../../../src/db/nftSnapshots.ts'
import type { AccountActivity } from '../../../src/worker/api.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { eventually } from '../../helpers/poll.ts'
import { fundInProcess, mintInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const holder = Wallet.generate()
const friend = Wallet.generate()
const buyer = Wallet.generate()

let h: EngineHarness
const heard: AccountActivity[] = []
let subscription: number
let client: Client

beforeAll(async () => {
  h = await startEngineHarness()
  fundInProcess(h.sb.ledger, 200, holder, friend, buyer)
  mintInProcess(h.sb.ledger, holder, 5)
  await h.sb.ledgerAccept()
  await h.engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
  await h.engine.loadNfts()
  subscription = await h.engine.onAccountActivity((activity) => heard.push(activity))
  client = new Client(h.sb.url)
  await client.connect()
})

afterAll(async () => {
  await client.disconnect()
  await h.stop()
})

/** Submits in-process, closes the ledger, and returns what the page heard of that ledger. */
async function validated(wallet: Wallet, tx: Record<string, unknown>): Promise<AccountActivity[]> {
  const submitted = submitInProcess(h.sb.ledger, wallet, tx)
  expect(submitted.engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const ledger = h.sb.ledger.validated.header.ledger_index
  return await eventually(
    () => Promise.resolve(heard.filter((a) => a.ledgerIndex === ledger)),
    (mine) => mine.length > 0,
    `the activity of ledger ${ledger}`,
  )
}

async function storedIds(): Promise<string[]> {
  const row = await readNftSnapshot(h.db, 'sandbox', holder.address)
  return (row?.nfts ?? []).map((nft) => nft.nftId)
}

/** The offer a transaction created (its ledger object id), from the account's objects. */
async function offerOf(owner: string, nftId: string): Promise<string> {
  const { result } = await client.request({
    command: 'account_objects',
    account: owner,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  const offer = result.account_objects.find(
    (o) => (o as unknown as { NFTokenID: string }).NFTokenID === nftId,
  )
  if (!offer) throw new Error(`no offer on ${nftId}`)
  return offer.index
}

it('an offer to one recipient, accepted by them: the NFT leaves the stored list, the offer count drops', async () => {
  const [gift] = await storedIds()
  const created = await validated(holder, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: gift,
    Amount: '0',
    Flags: 1,
    Destination: friend.address,
  })
  expect(created).toEqual([
    expect.objectContaining({
      by: holder.address,
      left: [],
      arrived: [],
      offers: { sell: 1, buy: 0 },
    }),
  ])
  const offerId = await offerOf(holder.address, gift!)
  const accepted = await validated(friend, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: offerId,
  })
  // Sent by the recipient: the page reads what it cannot know from the stream.
  expect(accepted).toEqual([
    expect.objectContaining({
      by: friend.address,
      left: [gift],
      arrived: [],
      offers: { sell: -1, buy: 0 },
    }),
  ])
  // Out of the stored list before the page heard of it.
  expect(await storedIds()).not.toContain(gift)
})

it('a bid of another account accepted by the holder, and an NFT the holder buys', async () => {
  const [sold] = await storedIds()
  // A bid is the bidder's offer: nothing of the holder's changes yet.
  const bidding = submitInProcess(h.sb.ledger, buyer, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: sold,
    Owner: holder.address,
    Amount: xrpToDrops(2),
  })
  expect(bidding.engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const bid = await offerOf(buyer.address, sold!)
  const accepted = await validated(holder, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenBuyOffer: bid,
  })
  // The bid was the buyer's: the holder's own offers do not change.
  expect(accepted).toEqual([
    expect.objectContaining({ left: [sold], arrived: [], offers: { sell: 0, buy: 0 } }),
  ])

  // The buyer lists it; the holder buys it back with an offer of its own accepted by the seller.
  await validated(holder, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: sold,
    Owner: buyer.address,
    Amount: xrpToDrops(3),
  })
  const mine = await offerOf(holder.address, sold!)
  const back = await validated(buyer, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenBuyOffer: mine,
  })
  expect(back).toEqual([
    expect.objectContaining({ left: [], arrived: [sold], offers: { sell: 0, buy: -1 } }),
  ])
})

it('a burn and a mint of the holder', async () => {
  const [burned] = await storedIds()
  const burn = await validated(holder, { TransactionType: 'NFTokenBurn', NFTokenID: burned })
  expect(burn).toEqual([expect.objectContaining({ left: [burned], arrived: [] })])
  expect(await storedIds()).not.toContain(burned)

  const mint = await validated(holder, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 3,
    Flags: 8,
  })
  expect(mint).toHaveLength(1)
  expect(mint[0]!.arrived).toHaveLength(1)
  expect(mint[0]!.arrived[0]).toMatch(/^[0-9A-F]{64}$/)
})

it('follows the account again on the new connection after the old one dropped', async () => {
  const states: string[] = []
  const watching = await h.engine.onStatus((status) => states.push(status.state))
  h.sb.faults.dropConnections()
  await eventually(
    () => Promise.resolve(states),
    (seen) => seen.some((s) => s !== 'connected') && seen.at(-1) === 'connected',
    'a reconnection',
  )
  await h.engine.offStatus(watching)
  // The account subscription is the connection's: without a new one nothing would be heard. The
  // engine follows the account again on the new connection; a transaction validated before that
  // is read with the list (reconnections re-read it), not heard: wait for the new follow.
  await eventually(
    () => Promise.resolve(h.sb.server.followersOf(holder.address)),
    (followers) => followers > 0,
    'the account followed on the new connection',
  )
  const mint = await validated(holder, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 4,
    Flags: 8,
  })
  expect(mint[0]!.arrived).toHaveLength(1)
})

it('a transaction that touches neither its NFTs nor its offers says nothing; after off, nothing is heard', async () => {
  const before = heard.length
  submitInProcess(h.sb.ledger, holder, {
    TransactionType: 'Payment',
    Destination: friend.address,
    Amount: xrpToDrops(1),
  })
  await h.sb.ledgerAccept()
  // A round trip on the connection: the stream's messages before it have been handled.
  await h.engine.countOffers()
  expect(heard.length).toBe(before)
  await h.engine.offAccountActivity(subscription)
  submitInProcess(h.sb.ledger, holder, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 3,
    Flags: 8,
  })
  await h.sb.ledgerAccept()
  await h.engine.countOffers()
  expect(heard.length).toBe(before)
})
