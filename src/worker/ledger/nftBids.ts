/**
 * The bids on one NFT as `nft_buy_offers` lists them (every page), each checked, and one bid's terms:
 * what the Orders tab's bids, a sale's pre-flight and its last look before signing read.
 */
import type { Client } from 'xrpl'

import type { BidTerms, OfferAmount } from '../../db/types/offers.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { malformed, rippledError } from './ledgerRequests.ts'
import { offerAmount } from './ownOffers.ts'
import { toEngineError } from './toEngineError.ts'

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

/** The terms a bid states. */
export function termsOf(bid: RawBid): BidTerms {
  return {
    amount: bid.amount,
    bidder: bid.bidder,
    destination: bid.destination,
    expiration: bid.expiration,
  }
}
