/**
 * A floor that one listing cannot move (issue 26, scenario 4). A collection trades at 5 XRP (offers
 * of two sellers); a stranger lists one NFT at 0.15 XRP. The floor stays at 5 XRP (the lowest price
 * reached by 3 offers of 2 sellers), the 0.15 XRP offer is flagged as an outlier, and a ×1.1
 * floor-based price is 5.5 XRP held by the price guard. A server that invents cheap offers (as Clio
 * and the ledger server in one, behind a rewriting proxy) cannot move it either: the other server of
 * the network does not know those offers, and floor-based pricing is refused.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { xrpToDrops } from 'xrpl'
import type { Client, Wallet } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { secondOpinionOnFloor } from '../../../src/worker/listing/floorConfirmation.ts'
import { robustFloor } from '../../../src/worker/listing/robustFloor.ts'
import type { MarketOffer } from '../../../src/worker/listing/robustFloor.ts'
import { engineError } from '../../helpers/engine.ts'
import { offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { startTwoServers } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy, TwoServers } from '../../helpers/rewritingProxy.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const artist = accounts.artist
const holder = accounts.holder
const [sellerA, sellerB, stranger] = [32, 33, 34].map((i) => accounts.recipients[i]!) as [
  Wallet,
  Wallet,
  Wallet,
]
const TAXON = 4242
/** Earlier holders of NFTs of the collection, and who holds those NFTs now. */
const [earlierC, earlierD, later] = [35, 36, 37].map((i) => accounts.recipients[i]!) as [
  Wallet,
  Wallet,
  Wallet,
]
/** NFTs whose earlier holder left a sell offer behind, with that holder. */
const earlierHolder = new Map<string, string>()

let h: DemoJobsHarness
let servers: TwoServers
let primary: Proxy
let other: Proxy
/** The collection's NFTs by holder. */
const held = new Map<string, string[]>()
const engines: Engine[] = []

/** Hands an NFT from `from` to `to`: a free sell offer to it, accepted. */
async function give(from: Wallet, to: Wallet, nftId: string): Promise<void> {
  submitInProcess(h.sb.ledger, from, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: nftId,
    Amount: '0',
    Flags: 1,
    Destination: to.classicAddress,
  })
  await h.sb.ledgerAccept()
  const offer = (await offersOf(h.client, from.classicAddress)).find(
    (o) => o.NFTokenID === nftId && o.Destination === to.classicAddress,
  )!
  submitInProcess(h.sb.ledger, to, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: offer.index,
  })
  await h.sb.ledgerAccept()
}

/** Mints an NFT of a collection of the artist (TAXON unless said) and hands it to `to`. */
async function mintTo(to: Wallet, taxon = TAXON): Promise<string> {
  const before = new Set(await nftIdsOf(artist.classicAddress))
  submitInProcess(h.sb.ledger, artist, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: taxon,
    Flags: 8,
  })
  await h.sb.ledgerAccept()
  const nftId = (await nftIdsOf(artist.classicAddress)).find((id) => !before.has(id))!
  await give(artist, to, nftId)
  if (taxon === TAXON) held.set(to.classicAddress, [...(held.get(to.classicAddress) ?? []), nftId])
  return nftId
}

async function nftIdsOf(account: string): Promise<string[]> {
  const res = await h.client.request({ command: 'account_nfts', account, limit: 400 })
  return res.result.account_nfts.map((n) => n.NFTokenID)
}

function sell(seller: Wallet, nftId: string, xrp: number): void {
  const res = submitInProcess(h.sb.ledger, seller, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: nftId,
    Amount: xrpToDrops(xrp),
    Flags: 1,
  })
  expect(res.engine_result).toBe('tesSUCCESS')
}

beforeAll(async () => {
  h = await startDemoJobsHarness()
  servers = await startTwoServers(h.sb)
  ;({ primary, other } = servers)
  const [a1, a2] = [await mintTo(sellerA), await mintTo(sellerA)]
  const [b1, b2] = [await mintTo(sellerB), await mintTo(sellerB)]
  const cheap = await mintTo(stranger)
  await mintTo(holder)
  sell(sellerA, a1, 5)
  sell(sellerA, a2, 5.2)
  sell(sellerB, b1, 5)
  sell(sellerB, b2, 6)
  sell(stranger, cheap, 0.15)
  await h.sb.ledgerAccept()
  // Offers left behind by earlier holders: three at 0.2 XRP, then the NFTs handed on to `later`.
  // They stay on the ledger, but nobody can ever take them.
  for (const [from, count] of [
    [earlierC, 2],
    [earlierD, 1],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const nftId = await mintTo(from)
      sell(from, nftId, 0.2)
      await h.sb.ledgerAccept()
      await give(from, later, nftId)
      earlierHolder.set(nftId, from.classicAddress)
    }
  }
})

afterEach(() => {
  servers.reset()
})

afterAll(async () => {
  await servers.close()
  await h.stop()
})

/** A fresh engine (no floor cached) on the two-server network, the holder connected. */
async function holderEngine(): Promise<Engine> {
  const sandbox = {
    ...h.networks.sandbox,
    endpoints: [primary.url, other.url],
    clioEndpoints: [primary.url],
  }
  const engine = h.reopen({ networks: { ...h.networks, sandbox } })
  engines.push(engine)
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
  await engine.loadNfts()
  return engine
}

it("one stranger's listing far below the market does not move the floor; it is flagged", async () => {
  const engine = await holderEngine()
  const floor = await engine.floorPrice(artist.classicAddress, TAXON)
  expect(floor).toMatchObject({
    lowestDrops: xrpToDrops(0.15),
    floorDrops: xrpToDrops(5),
    offersCounted: 5,
    sellers: 3,
    restsOn: { offers: 3, sellers: 3 },
    thin: false,
    outlier: { lowestDrops: xrpToDrops(0.15), nextDrops: xrpToDrops(5) },
    disagreement: null,
  })

  const mine = held.get(holder.classicAddress)![0]!
  const preview = await engine.previewListing({
    nftIds: [mine],
    strategy: { kind: 'floor', multiplier: '1.1', fallbackXrp: '1' },
  })
  // Not 0.165 XRP: 1.1 × the floor the market holds, and held for the user's confirmation.
  expect(preview.prices).toEqual([
    expect.objectContaining({ drops: xrpToDrops(5.5), source: 'floor', guard: 'weakFloor' }),
  ])
  expect(preview.guarded).toBe(1)
  // The guard compares with the robust floor: 2 XRP is below half of 5.
  const typo = await engine.previewListing({
    nftIds: [mine],
    strategy: { kind: 'fixed', priceXrp: '2' },
  })
  expect(typo.prices[0]!.guard).toBe('belowHalfFloor')
})

it('a server that invents cheap offers cannot move the floor: the other server does not know them', async () => {
  // The server in use (Clio and ledger alike) adds an offer at 0.1 XRP by each real seller.
  const fakes = new Map([
    [held.get(sellerA.classicAddress)![0]!, sellerA.classicAddress],
    [held.get(sellerB.classicAddress)![0]!, sellerB.classicAddress],
  ])
  primary.hooks.reply = (reply, request) => {
    const nftId = typeof request.nft_id === 'string' ? request.nft_id : ''
    if (request.command !== 'nft_sell_offers' || !fakes.has(nftId)) return reply
    const result = reply.result as Json
    const fake = {
      nft_offer_index: nftId.slice(0, 60) + 'FA4E',
      amount: xrpToDrops(0.1),
      owner: fakes.get(nftId),
      flags: 1,
    }
    return { ...reply, result: { ...result, offers: [...(result.offers as Json[]), fake] } }
  }
  const engine = await holderEngine()
  const floor = await engine.floorPrice(artist.classicAddress, TAXON)
  // On the lying server's word alone the floor would be 0.15 XRP (3 offers of 3 sellers).
  expect(floor.floorDrops).toBe(xrpToDrops(0.15))
  expect(floor.disagreement).toMatch(/the servers of Sandbox disagree about the offers it rests on/)

  const mine = held.get(holder.classicAddress)![0]!
  const refused = await engineError(
    engine.previewListing({
      nftIds: [mine],
      strategy: { kind: 'floor', multiplier: '1.1', fallbackXrp: '1' },
    }),
  )
  expect(refused.message).toContain('cannot be trusted')
  // Nothing was listed.
  expect((await offersOf(h.client, holder.classicAddress)).map((o) => o.NFTokenID)).not.toContain(
    mine,
  )
})

it('a thin market: the floor is its one offer, flagged, and floor-based prices are held', async () => {
  // Only the stranger's listing is left public (the sellers' offers hidden by the server and its
  // peer alike: a market of one offer).
  const thin = (reply: Json, request: Json) => {
    if (request.command !== 'nft_sell_offers' || typeof reply.result !== 'object') return reply
    const result = reply.result as Json
    const offers = (result.offers as Json[]).filter((o) => o.owner === stranger.classicAddress)
    return offers.length > 0
      ? { ...reply, result: { ...result, offers } }
      : { id: reply.id, type: 'response', status: 'error', error: 'objectNotFound' }
  }
  primary.hooks.reply = thin
  other.hooks.reply = thin
  const engine = await holderEngine()
  const floor = await engine.floorPrice(artist.classicAddress, TAXON)
  expect(floor).toMatchObject({
    floorDrops: xrpToDrops(0.15),
    thin: true,
    outlier: null,
    restsOn: { offers: 1, sellers: 1 },
    disagreement: null,
  })
  const preview = await engine.previewListing({
    nftIds: [held.get(holder.classicAddress)![0]!],
    strategy: { kind: 'floor', multiplier: '1.5', fallbackXrp: '1' },
  })
  expect(preview.prices[0]).toMatchObject({ drops: xrpToDrops(0.225), guard: 'weakFloor' })
})

it('a server that names earlier holders as owners cannot make their leftover offers the floor', async () => {
  // The server in use, Clio too, names each NFT's earlier holder as its owner: their leftover
  // 0.2 XRP offers would count, and the floor would be 0.2 XRP.
  primary.hooks.reply = (reply, request) => {
    if (!['nfts_by_issuer', 'nft_info'].includes(String(request.command))) return reply
    if (typeof reply.result !== 'object') return reply
    const rename = (n: Json) => {
      const earlier = earlierHolder.get(String(n.nft_id).toUpperCase())
      return earlier ? { ...n, owner: earlier } : n
    }
    const result = reply.result as Json
    return request.command === 'nft_info'
      ? { ...reply, result: rename(result) }
      : { ...reply, result: { ...result, nfts: (result.nfts as Json[]).map(rename) } }
  }
  const engine = await holderEngine()
  const floor = await engine.floorPrice(artist.classicAddress, TAXON)
  expect(floor.floorDrops).toBe(xrpToDrops(0.2))
  // The other server says who holds those NFTs now.
  expect(floor.disagreement).toContain("is not its NFT's current holder's")
  const refused = await engineError(
    engine.previewListing({
      nftIds: [held.get(holder.classicAddress)![0]!],
      strategy: { kind: 'floor', multiplier: '1.1', fallbackXrp: '1' },
    }),
  )
  expect(refused.message).toContain('cannot be trusted')
})

it('every seller the floor counts is confirmed, however many offers rest on it', async () => {
  // Offers of one seller fill the first 25 places; a made-up second seller would make them a
  // floor. Each seller's lowest offer is asked about first.
  const a = Array.from({ length: 26 }, (_, i) => market(`A${i}`, sellerA.classicAddress, 100_000n))
  const fake = market('FA4E', stranger.classicAddress, 100_000n)
  const b = market('B', sellerB.classicAddress, 5_000_000n)
  const lied = robustFloor([...a, fake, b])
  expect(lied).toMatchObject({ floorDrops: 100_000n, thin: false })
  expect(robustFloor([...a, b])).toMatchObject({ floorDrops: 5_000_000n })
  // The second server is the sandbox (none of these made-up offers exists there); the NFTs it is
  // asked about are recorded.
  const asked = new Set<string>()
  const recording = {
    request: (request: { nft_id?: string }) => {
      if (request.nft_id) asked.add(request.nft_id)
      return h.client.request(request as never)
    },
  } as unknown as Client
  const second = {
    available: () => true,
    ask: async <T>(question: (client: Client) => Promise<T>) => await question(recording),
  }
  const floor = { drops: 100_000n, thin: false }
  const verdict = await secondOpinionOnFloor(second, lied.resting, floor, 'Sandbox')
  expect(asked).toContain(fake.nftId)
  expect(asked.size).toBe(25)
  expect(verdict).toMatch(/the servers of Sandbox disagree/)
})

/** A market offer of a made-up NFT. */
function market(id: string, seller: string, drops: bigint): MarketOffer {
  return {
    offerId: id.padEnd(64, '0'),
    nftId: id.padEnd(64, 'E'),
    seller,
    drops,
    expiration: null,
  }
}
