/**
 * Bids on an account's NFTs: the buy offers other accounts made on them (`nft_buy_offers` per NFT,
 * bounded concurrency, every page), all from the validated ledger the NFT list was read from, so one
 * reading is one ledger's truth. The best live XRP bid of each NFT is marked, with the issuer's cut.
 */
import { rippleTimeToUnixTime } from 'xrpl'
import type { Client } from 'xrpl'

import { metadataByIds } from '../../db/queries/metadata.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { BidTerms, NftItem } from '../../db/types.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { BidView, BidsProgress, BidsReport, OfferAmount } from '../api.ts'
import {
  LOOKUP_CONCURRENCY,
  malformed,
  readCloseTime,
  rippledError,
} from '../ledger/ledgerRequests.ts'
import { toEngineError } from '../network/toEngineError.ts'
import { readAccountNfts } from '../collection/accountNfts.ts'
import { runPool } from '../ledger/pool.ts'
import { nftOfRow } from './offersReport.ts'
import { termsOf } from './bidTerms.ts'
import { offerAmount } from './ownOffers.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** nft_buy_offers page size (rippled's maximum). */
const PAGE_LIMIT = 500
const HEX_ID = /^[0-9A-F]{64}$/

/** One bid as nft_buy_offers lists it, checked. */
export interface RawBid {
  offerId: string
  bidder: string
  amount: OfferAmount
  destination: string | null
  expiration: number | null
}

/** lsfSellNFToken: a sell offer, which nft_buy_offers must never list. */
const LSF_SELL_NFTOKEN = 0x0001

function rawBid(value: unknown): RawBid {
  const method = 'nft_buy_offers'
  if (!isRecord(value)) throw malformed(method, 'an offer is not an object')
  const { nft_offer_index: index, owner, amount, destination, expiration, flags } = value
  const offerId = typeof index === 'string' ? index.toUpperCase() : ''
  if (!HEX_ID.test(offerId)) throw malformed(method, 'an offer index is not 64 hex digits')
  if (typeof flags !== 'number' || (flags & LSF_SELL_NFTOKEN) !== 0) {
    throw malformed(method, `offer ${offerId} is not a buy offer`)
  }
  if (typeof owner !== 'string') throw malformed(method, `offer ${offerId} has no owner`)
  const parsed = offerAmount(amount)
  if (!parsed) throw malformed(method, `offer ${offerId} has a malformed amount`)
  if (destination !== undefined && typeof destination !== 'string') {
    throw malformed(method, `offer ${offerId} has a malformed destination`)
  }
  if (expiration !== undefined && (typeof expiration !== 'number' || expiration < 0)) {
    throw malformed(method, `offer ${offerId} has a malformed expiration`)
  }
  return {
    offerId,
    bidder: owner,
    amount: parsed,
    destination: destination ?? null,
    expiration: expiration ?? null,
  }
}

/** Every bid on one NFT in a validated ledger (none: rippled answers objectNotFound). */
export async function readNftBids(
  client: Client,
  nftId: string,
  ledgerIndex: number | 'validated',
): Promise<RawBid[]> {
  const bids: RawBid[] = []
  const markers = new Set<string>()
  let marker: string | undefined
  do {
    let result: unknown
    try {
      const response = await client.request({
        command: 'nft_buy_offers',
        nft_id: nftId,
        ledger_index: ledgerIndex,
        limit: PAGE_LIMIT,
        ...(marker === undefined ? {} : { marker }),
      })
      result = response.result
    } catch (error) {
      if (rippledError(error) === 'objectNotFound') return bids
      throw toEngineError(error, 'nft_buy_offers')
    }
    if (!isRecord(result) || !Array.isArray(result.offers)) {
      throw malformed('nft_buy_offers', 'no offers array')
    }
    if (typeof result.nft_id !== 'string' || result.nft_id.toUpperCase() !== nftId) {
      throw malformed('nft_buy_offers', `the offers of another NFT were sent for ${nftId}`)
    }
    bids.push(...result.offers.map(rawBid))
    const next = result.marker
    if (next !== undefined && (typeof next !== 'string' || markers.has(next))) {
      throw malformed('nft_buy_offers', 'the marker is malformed or repeats')
    }
    marker = next
    if (marker !== undefined) markers.add(marker)
  } while (marker !== undefined)
  return bids
}

/**
 * One bid's terms as the NFT's nft_buy_offers lists it in the validated ledger; null when the bid is
 * not among them (gone, or not a bid on that NFT).
 */
export async function readBidTerms(
  client: Client,
  offerId: string,
  nftId: string,
): Promise<BidTerms | null> {
  const bid = (await readNftBids(client, nftId, 'validated')).find((b) => b.offerId === offerId)
  return bid ? termsOf(bid) : null
}

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
