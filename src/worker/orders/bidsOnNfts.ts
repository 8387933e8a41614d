/**
 * Bids on an account's NFTs: the buy offers other accounts made on them (`nft_buy_offers` per NFT,
 * bounded concurrency, every page), all from the validated ledger the NFT list was read from, so one
 * reading is one ledger's truth. The best live XRP bid of each NFT is marked, with the issuer's cut.
 */
import { rippleTimeToUnixTime } from 'xrpl'
import type { Client } from 'xrpl'

import { metadataByIds } from '../../db/queries/metadata.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { BidView, BidsProgress, BidsReport, OfferAmount } from '../api.ts'
import { LOOKUP_CONCURRENCY, readCloseTime } from '../ledger/ledgerRequests.ts'
import { readAccountNfts } from '../ledger/accountNfts.ts'
import { runPool } from '../ledger/pool.ts'
import { nftOfRow } from './offersReport.ts'
import { readNftBids } from '../ledger/nftBids.ts'
import type { RawBid } from '../ledger/nftBids.ts'

/** The issuer's cut of an XRP amount: amount × fee / 100000, rounded down (rippled's XRP multiply). */
function issuerCut(nft: NftItem, account: string, amount: OfferAmount, bidder: string) {
  if (amount.kind !== 'xrp') return null
  if (nft.issuer === account || nft.issuer === bidder) return '0'
  return ((BigInt(amount.drops) * BigInt(nft.transferFee)) / 100_000n).toString()
}

function xrpDrops(bid: { amount: OfferAmount }): bigint {
  return bid.amount.kind === 'xrp' ? BigInt(bid.amount.drops) : -1n
}

/** Best bids first, then by NFT, then highest amount first. */
function bidOrder(a: BidView, b: BidView): number {
  if (a.best !== b.best) return a.best ? -1 : 1
  if (a.nftId !== b.nftId) return a.nftId < b.nftId ? -1 : 1
  const diff = xrpDrops(b) - xrpDrops(a)
  return diff > 0n ? 1 : diff < 0n ? -1 : 0
}

/** Where the reading comes from. */
export interface BidsDeps {
  client: Client
  db: LedgerDb
  network: NetworkId
}

/**
 * Reads the bids on every NFT the account holds and stores the reading (db.bidReads).
 *
 * @throws EngineError as the reads do.
 */
export async function readBidsOnNfts(
  deps: BidsDeps,
  account: string,
  onProgress: (progress: BidsProgress) => void,
): Promise<BidsReport> {
  const { client, db } = deps
  const { nfts, ledgerIndex } = await readAccountNfts(client, account, () => undefined)
  const closeTime = await readCloseTime(client, ledgerIndex)
  const found: { nft: NftItem; bid: RawBid }[] = []
  let checked = 0
  onProgress({ checked, total: nfts.length, found: 0 })
  await runPool(nfts, LOOKUP_CONCURRENCY, async (nft) => {
    for (const bid of await readNftBids(client, nft.nftId, ledgerIndex)) found.push({ nft, bid })
    checked += 1
    onProgress({ checked, total: nfts.length, found: found.length })
  })
  const metadata = await metadataByIds(db, [...new Set(found.map(({ nft }) => nft.nftId))])
  const views = found.map(({ nft, bid }): BidView => {
    const expired = bid.expiration !== null && bid.expiration <= closeTime
    return {
      offerId: bid.offerId,
      nftId: nft.nftId,
      bidder: bid.bidder,
      amount: bid.amount,
      destination: bid.destination,
      expiresAt: bid.expiration === null ? null : rippleTimeToUnixTime(bid.expiration),
      expired,
      best: false,
      issuer: nft.issuer,
      transferFee: nft.transferFee,
      transferFeeDrops: issuerCut(nft, account, bid.amount, bid.bidder),
      nft: nftOfRow(metadata.get(nft.nftId)),
    }
  })
  markBest(views, account)
  const report: BidsReport = {
    network: deps.network,
    account,
    ledgerIndex,
    readAt: Date.now(),
    nftsChecked: nfts.length,
    bids: views.sort(bidOrder),
  }
  await db.bidReads.put(report)
  return report
}

/** Marks each NFT's highest XRP bid that is live and open to this account. */
function markBest(views: BidView[], account: string): void {
  const best = new Map<string, BidView>()
  for (const view of views) {
    const open = !view.expired && (view.destination === null || view.destination === account)
    if (!open || view.amount.kind !== 'xrp') continue
    const current = best.get(view.nftId)
    if (!current || xrpDrops(view) > xrpDrops(current)) best.set(view.nftId, view)
  }
  for (const view of best.values()) view.best = true
}
