/**
 * Other sellers' listings in every demo collection, so that each has a floor price to read (the List
 * tab's 'Check Market Price' and floor-based prices): a floor leaves out the asking account's own
 * offers, and the demo holder's listings are all its own.
 *
 * Two collectors hold a few NFTs of each collection and list them at public prices. The first mints
 * them as the issuers' authorized minter (the holder's and the artist's NFTokenMinter, set for the
 * mints and the listings, and cleared after), so the demo holder's NFTs and NFT pages stay as they were; the second
 * receives its share from the first. A non-transferable collection (Ancient Relics) can only be
 * offered by its issuer or that issuer's minter: there the artist is the second seller. Each
 * collection's four listings come from two sellers, enough for a floor that is not thin
 * (robustFloor.ts: three offers from two sellers).
 */
import type { Wallet } from 'xrpl'
import { getNFTokenID, xrpToDrops } from 'xrpl'

import { asf, tfSellNFToken } from '../ledger/txFlags.ts'
import type { DemoAccounts } from './accounts.ts'
import type { DemoCollection, DemoNftKind } from './catalog.ts'
import { TF_TRANSFERABLE } from './catalog.ts'
import { handOver, mintTx } from './nftTxs.ts'
import type { DemoSubmitter } from './submitter.ts'

/**
 * Each demo collection's listings by other sellers, in XRP, lowest first: the first and third by one
 * seller, the second and fourth by the other. The floor (the third, robustFloor.ts) is in
 * {@link marketFloorXrp}.
 */
export const MARKET_PRICES_XRP: Readonly<Record<string, readonly number[]>> = {
  badges: [3, 3.5, 4, 5],
  'pixel-cats': [20, 22, 25, 30],
  relics: [12, 14, 15, 18],
  voyagers: [40, 45, 48, 55],
  glitch: [1.5, 1.8, 2, 2.5],
}

/** The floor price other sellers give a demo collection, in XRP (undefined for an unknown key). */
export function marketFloorXrp(key: string): number | undefined {
  return MARKET_PRICES_XRP[key]?.[2]
}

export interface MarketSummary {
  /** Public sell offers of other sellers, over every collection. */
  listings: number
  /** The accounts that made them. */
  sellers: number
}

/** Items whose documents load with a name (what a newcomer would buy), for the sellers' NFTs. */
const GOOD_KINDS: ReadonlySet<DemoNftKind> = new Set(['ok', 'https', 'arweave'])

/** The URIs of the collection's last `count` good items. */
function goodUris(col: DemoCollection, count: number): string[] {
  const good = col.items.filter((item) => GOOD_KINDS.has(item.kind) && item.uri !== null)
  if (good.length < count) throw new Error(`demo: ${col.key} has too few good items to sell`)
  return good.slice(-count).map((item) => item.uri!)
}

interface Listing {
  seller: Wallet
  /** Who mints the NFT: the seller, or for the second collector the first one, who hands it on. */
  minter: Wallet
  issuer: Wallet
  col: DemoCollection
  uri: string
  xrp: number
}

/** Plans every listing: who sells, who mints, at which price. */
function plan(a: DemoAccounts, cols: DemoCollection[]): Listing[] {
  const [first, second] = a.collectors as [Wallet, Wallet]
  return cols.flatMap((col) => {
    const prices = MARKET_PRICES_XRP[col.key]
    if (!prices) throw new Error(`demo: no market prices for ${col.key}`)
    const issuer = col.issuer === 'artist' ? a.artist : a.holder
    const transferable = (col.flags & TF_TRANSFERABLE) !== 0
    // Only the issuer (or its minter) may offer a non-transferable NFT: then the issuer sells too.
    const other = transferable ? second : issuer
    const uris = goodUris(col, prices.length)
    return prices.map((xrp, i): Listing => {
      const seller = i % 2 === 0 ? first : other
      const minter = seller === issuer ? issuer : first
      return { seller, minter, issuer, col, uri: uris[i]!, xrp }
    })
  })
}

/**
 * Mints, hands on and lists the other sellers' NFTs of every collection in `cols`.
 *
 * @param gatewayUrl - base URL of the running metadata gateway (for https-style URIs).
 */
export function listOnMarket(
  s: DemoSubmitter,
  a: DemoAccounts,
  cols: DemoCollection[],
  gatewayUrl: string,
): MarketSummary {
  const [first, second] = a.collectors as [Wallet, Wallet]
  const listings = plan(a, cols)
  const issuers = [a.holder, a.artist]
  const minter = (issuer: Wallet, set: boolean) =>
    s.submit(issuer, {
      TransactionType: 'AccountSet',
      ...(set
        ? { SetFlag: asf.authorizedNFTokenMinter, NFTokenMinter: first.classicAddress }
        : { ClearFlag: asf.authorizedNFTokenMinter }),
    })
  for (const issuer of issuers) minter(issuer, true)
  s.close()
  const mints = listings.map((l) =>
    s.submit(
      l.minter,
      mintTx(l.col, l.uri, gatewayUrl, l.minter === l.issuer ? undefined : l.issuer.classicAddress),
    ),
  )
  const metas = s.close()
  const ids = mints.map((hash) => getNFTokenID(metas.get(hash))!)
  handOver(
    s,
    first,
    second,
    ids.filter((_, i) => listings[i]!.seller === second),
  )
  listings.forEach((l, i) =>
    s.submit(l.seller, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: ids[i],
      Amount: xrpToDrops(l.xrp),
      Flags: tfSellNFToken,
    }),
  )
  s.close()
  // Made while the first collector was the minter (a non-transferable NFT's offer needs that), the
  // offers stay valid after.
  for (const issuer of issuers) minter(issuer, false)
  s.close()
  return { listings: listings.length, sellers: new Set(listings.map((l) => l.seller)).size }
}
