/**
 * Builds the sandbox's demo state with real signed transactions: funded accounts, the demo
 * collections (minted by the holder, or by the artist and handed to the holder through offers), sell
 * offers that are free (airdrop-style, with a Destination), paid, and duplicated on one NFT, other
 * sellers' listings in every collection (market.ts: a floor price to read), and on demand a second
 * holder with thousands of NFTs.
 */
import { marketplacesOn } from '../../shared/marketplaces.ts'
import { Wallet, getNFTokenID, xrpToDrops } from 'xrpl'
import type { SandboxLedger } from '../ledger/ledger.ts'
import { GENESIS_SEED } from '../ledger/genesis.ts'
import { asf, tfSellNFToken } from '../ledger/txFlags.ts'
import { AUTO_ACCEPT_COUNT, REFUSING_RECIPIENT, demoAccounts } from './accounts.ts'
import type { DemoAccounts } from './accounts.ts'
import type { DemoCollection } from './catalog.ts'
import { TF_TRANSFERABLE, demoCollections, largeCollection } from './catalog.ts'
import { listOnMarket } from './market.ts'
import type { MarketSummary } from './market.ts'
import { handOver, mintTx } from './nftTxs.ts'
import { DemoSubmitter } from './submitter.ts'

export interface PopulateOptions {
  /** Base URL of the running metadata gateway, for https-style URIs. */
  gatewayUrl: string
  /** Also create the large holder with this many NFTs (0 = none). */
  largeHolderNfts?: number
}

export interface DemoSummary {
  holder: { address: string; seed: string }
  nfts: number
  offers: {
    free: number
    paid: number
    duplicatedNfts: number
    /** Sell offers whose Expiration passed right after they were made. */
    expired: number
    /** Sell offers on NFTs the holder gave away afterwards (they can never be accepted). */
    unfillable: number
    /** Buy offers the holder made on others' NFTs. */
    ownBids: number
    /** Buy offers other accounts made on the holder's NFTs. */
    bidsReceived: number
  }
  /** Other sellers' listings in every demo collection, which give each a floor price. */
  market: MarketSummary
  largeHolder?: { address: string; seed: string; nfts: number }
}

/** True when the holder has already been created (a loaded state file): nothing to do. */
export function isPopulated(ledger: SandboxLedger): boolean {
  const { holder } = demoAccounts()
  return ledger.validated.state !== undefined && ledger.nfts.byIssuer(holder.address).length > 0
}

export function populateDemo(ledger: SandboxLedger, opts: PopulateOptions): DemoSummary {
  const accounts = demoAccounts()
  const s = new DemoSubmitter(ledger)
  const expected = ledger.expectedLedgerSize
  // Demo building is not subject to fee escalation: one ledger per phase.
  ledger.expectedLedgerSize = 1_000_000
  try {
    fund(s, accounts, opts.largeHolderNfts ?? 0)
    s.submit(accounts.recipients[REFUSING_RECIPIENT - 1]!, {
      TransactionType: 'AccountSet',
      SetFlag: asf.disallowIncomingNFTokenOffer,
    })
    s.close()
    const held = mintCollections(s, accounts, demoCollections(), opts.gatewayUrl)
    const offers = createOffers(s, accounts, held)
    const market = listOnMarket(s, accounts, demoCollections(), opts.gatewayUrl)
    const summary: DemoSummary = {
      holder: seedOf(accounts.holder),
      nfts: held.length,
      offers,
      market,
    }
    if (opts.largeHolderNfts) {
      const col = largeCollection(opts.largeHolderNfts)
      mintBatch(s, accounts.largeHolder, col, opts.gatewayUrl, 1000)
      summary.largeHolder = { ...seedOf(accounts.largeHolder), nfts: col.count }
    }
    return summary
  } finally {
    ledger.expectedLedgerSize = expected
  }
}

function seedOf(w: Wallet): { address: string; seed: string } {
  return { address: w.classicAddress, seed: w.seed! }
}

function fund(s: DemoSubmitter, a: DemoAccounts, large: number): void {
  const genesis = Wallet.fromSeed(GENESIS_SEED)
  const pay = (to: Wallet | string, xrp: number) =>
    s.submit(genesis, {
      TransactionType: 'Payment',
      Destination: typeof to === 'string' ? to : to.classicAddress,
      Amount: xrpToDrops(xrp),
    })
  pay(a.holder, 100_000)
  pay(a.artist, 10_000)
  for (const r of a.recipients) pay(r, 100)
  for (const c of a.collectors) pay(c, 1_000)
  if (large) pay(a.largeHolder, 10_000)
  // The marketplaces' broker accounts exist here as on mainnet, so that a listing through one can be
  // tried (nobody holds their keys: nothing is ever brokered on the sandbox).
  for (const m of marketplacesOn('sandbox')) pay(m.broker, 100)
  s.close()
}

interface HeldNft {
  id: string
  collection: DemoCollection
}

/** Mints a collection in ledgers of `perLedger` mints; returns the NFTokenIDs in minting order. */
function mintBatch(
  s: DemoSubmitter,
  issuer: Wallet,
  col: DemoCollection,
  gatewayUrl: string,
  perLedger: number,
): string[] {
  const ids: string[] = []
  for (let i = 0; i < col.items.length; i += perLedger) {
    const hashes = col.items
      .slice(i, i + perLedger)
      .map((item) => s.submit(issuer, mintTx(col, item.uri, gatewayUrl)))
    const metas = s.close()
    for (const h of hashes) ids.push(getNFTokenID(metas.get(h))!)
  }
  return ids
}

/** Mints every collection; the artist's are handed to the holder with free offers it accepts. */
function mintCollections(
  s: DemoSubmitter,
  a: DemoAccounts,
  cols: DemoCollection[],
  gatewayUrl: string,
): HeldNft[] {
  const held: HeldNft[] = []
  for (const col of cols) {
    const issuer = col.issuer === 'artist' ? a.artist : a.holder
    const ids = mintBatch(s, issuer, col, gatewayUrl, 1000)
    if (col.issuer === 'artist') handOver(s, a.artist, a.holder, ids)
    held.push(...ids.map((id) => ({ id, collection: col })))
  }
  return held
}

/**
 * Free offers to recipients that do not auto-accept (so they stay visible), paid listings, and NFTs
 * with two or three sell offers at once (what "Cancel Duplicate Offers" cleans up).
 */
function createOffers(s: DemoSubmitter, a: DemoAccounts, held: HeldNft[]): DemoSummary['offers'] {
  const holderIssued = (n: HeldNft) =>
    n.collection.issuer === 'holder' || (n.collection.flags & TF_TRANSFERABLE) !== 0
  const offerable = held.filter(holderIssued)
  const free = offerable.slice(0, 12)
  const paid = offerable.slice(12, 27)
  const dup = offerable.slice(27, 33)
  const offer = (n: HeldNft, drops: string, to?: Wallet, expiration?: number) =>
    s.submit(a.holder, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: n.id,
      Amount: drops,
      Flags: tfSellNFToken,
      ...(to ? { Destination: to.classicAddress } : {}),
      ...(expiration ? { Expiration: expiration } : {}),
    })
  free.forEach((n, i) => offer(n, '0', a.recipients[AUTO_ACCEPT_COUNT + i]))
  paid.forEach((n, i) => offer(n, xrpToDrops(5 + i * 2.5)))
  dup.forEach((n, i) => {
    offer(n, xrpToDrops(10 + i))
    offer(n, xrpToDrops(12 + i))
    if (i % 2 === 0) offer(n, '0', a.recipients[AUTO_ACCEPT_COUNT + 20 + i])
  })
  s.close()
  const expired = offerable.slice(33, 36)
  // Valid when made (after the parent ledger's close), expired once the next ledger closes.
  const expiration = s.lastCloseTime() + 1
  expired.forEach((n, i) => offer(n, xrpToDrops(8 + i), undefined, expiration))
  s.close()
  const stale = staleOffers(s, a)
  const received = bidsOnHolder(s, a, offerable)
  return {
    free: free.length,
    paid: paid.length,
    duplicatedNfts: dup.length,
    expired: expired.length,
    ...stale,
    bidsReceived: received,
  }
}

/**
 * The artist hands the holder two NFTs, the holder lists them and gives them back: the listings stay
 * on the ledger and can never be accepted (unfillable). The holder then bids on one of them.
 */
function staleOffers(s: DemoSubmitter, a: DemoAccounts): { unfillable: number; ownBids: number } {
  const col = { taxon: 99, flags: TF_TRANSFERABLE, transferFee: 0 }
  const mints = [0, 1].map(() => s.submit(a.artist, mintTx(col, null, '')))
  const metas = s.close()
  const ids = mints.map((h) => getNFTokenID(metas.get(h))!)
  handOver(s, a.artist, a.holder, ids)
  ids.forEach((id, i) =>
    s.submit(a.holder, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: id,
      Amount: xrpToDrops(20 + i * 5),
      Flags: tfSellNFToken,
    }),
  )
  handOver(s, a.holder, a.artist, ids)
  s.submit(a.holder, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: ids[0],
    Owner: a.artist.classicAddress,
    Amount: xrpToDrops(3),
  })
  s.close()
  return { unfillable: ids.length, ownBids: 1 }
}

/** Two recipients bid on a Pixel Cat of the holder (2.5 % transfer fee), one also on a badge. */
function bidsOnHolder(s: DemoSubmitter, a: DemoAccounts, offerable: HeldNft[]): number {
  const cat = offerable.find((n) => n.collection.key === 'pixel-cats')!
  const badge = offerable[40]!
  const bids: [Wallet, HeldNft, number][] = [
    [a.recipients[40]!, cat, 20],
    [a.recipients[41]!, cat, 15],
    [a.recipients[40]!, badge, 4],
  ]
  for (const [bidder, nft, xrp] of bids) {
    s.submit(bidder, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nft.id,
      Owner: a.holder.classicAddress,
      Amount: xrpToDrops(xrp),
    })
  }
  s.close()
  return bids.length
}
