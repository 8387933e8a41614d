/**
 * A collection's floor price (issuer + taxon): its NFTs listed by Clio (`nfts_by_issuer`), the sell
 * offers of an evenly spread sample of them (`nft_sell_offers`), and the lowest offer anyone could
 * take: in XRP, without a Destination (a private offer is not a market price), not expired, and not
 * the asking account's own.
 */
import type { Client } from 'xrpl'

import type { FloorPrice, FloorProgress } from '../api.ts'
import {
  LOOKUP_CONCURRENCY,
  isRecord,
  malformed,
  readCloseTime,
  rippledError,
} from '../jobs/ledger/ledgerRequests.ts'
import { forEachPage } from '../jobs/ledger/pages.ts'
import { toEngineError } from '../network/toEngineError.ts'
import { runPool } from '../pool.ts'

/** The most NFTs of a collection listed (nfts_by_issuer pages of 100). */
export const MAX_LISTED = 10_000
/** The most NFTs whose sell offers are read. */
export const SAMPLE_SIZE = 200
const LIST_PAGE = 100
const SELL_PAGE = 500

/** Where the reading comes from. */
export interface FloorDeps {
  /** A Clio connection (nfts_by_issuer). */
  clio: Client
  /** The ledger connection (nft_sell_offers, the close time). */
  client: Client
  /** The asking account: its own offers do not count. */
  account: string | null
}

async function listCollection(
  clio: Client,
  issuer: string,
  taxon: number,
  onPage: (listed: number) => void,
): Promise<{ ids: string[]; complete: boolean }> {
  const ids: string[] = []
  const request = { command: 'nfts_by_issuer', issuer, nft_taxon: taxon, limit: LIST_PAGE } as const
  const complete = await forEachPage(clio, request, (result) => {
    if (!Array.isArray(result.nfts)) throw malformed('nfts_by_issuer', 'no nfts array')
    for (const nft of result.nfts) {
      const id = isRecord(nft) && typeof nft.nft_id === 'string' ? nft.nft_id.toUpperCase() : null
      if (!id || !/^[0-9A-F]{64}$/.test(id)) throw malformed('nfts_by_issuer', 'an NFT has no id')
      ids.push(id)
    }
    onPage(ids.length)
    return ids.length < MAX_LISTED
  })
  return { ids: ids.slice(0, MAX_LISTED), complete: complete && ids.length <= MAX_LISTED }
}

/** Up to `size` ids spread evenly over the list (all of them when it is short). */
export function evenSample(ids: readonly string[], size: number): string[] {
  if (ids.length <= size) return [...ids]
  return Array.from({ length: size }, (_, i) => ids[Math.floor((i * ids.length) / size)]!)
}

/** The first page of an NFT's sell offers (none: rippled answers objectNotFound). */
async function sellOffers(client: Client, nftId: string): Promise<unknown[]> {
  try {
    const response = await client.request({
      command: 'nft_sell_offers',
      nft_id: nftId,
      ledger_index: 'validated',
      limit: SELL_PAGE,
    })
    const result: unknown = response.result
    if (!isRecord(result) || !Array.isArray(result.offers)) {
      throw malformed('nft_sell_offers', 'no offers array')
    }
    return result.offers as unknown[]
  } catch (error) {
    if (rippledError(error) === 'objectNotFound') return []
    throw toEngineError(error, 'nft_sell_offers')
  }
}

/** The offer's drops when anyone but `account` could take it now; else null. */
function publicPrice(offer: unknown, account: string | null, closeTime: number): bigint | null {
  if (!isRecord(offer)) throw malformed('nft_sell_offers', 'an offer is not an object')
  const { amount, destination, owner, expiration } = offer
  if (typeof amount !== 'string' || !/^\d{1,17}$/.test(amount)) return null
  if (destination !== undefined || owner === account) return null
  if (typeof expiration === 'number' && expiration <= closeTime) return null
  return BigInt(amount)
}

/**
 * Reads a collection's floor price.
 *
 * @throws EngineError as the reads do.
 */
export async function readFloorPrice(
  deps: FloorDeps,
  issuer: string,
  taxon: number,
  onProgress: (progress: FloorProgress) => void,
): Promise<FloorPrice> {
  const listed = await listCollection(deps.clio, issuer, taxon, (done) =>
    onProgress({ step: 'listing', done, total: done }),
  )
  const sample = evenSample(listed.ids, SAMPLE_SIZE)
  const closeTime = await readCloseTime(deps.client)
  let lowest: bigint | null = null
  let counted = 0
  let checked = 0
  await runPool(sample, LOOKUP_CONCURRENCY, async (nftId) => {
    for (const offer of await sellOffers(deps.client, nftId)) {
      const price = publicPrice(offer, deps.account, closeTime)
      if (price === null) continue
      counted += 1
      if (lowest === null || price < lowest) lowest = price
    }
    checked += 1
    onProgress({ step: 'checking', done: checked, total: sample.length })
  })
  return {
    issuer,
    taxon,
    lowestDrops: lowest === null ? null : String(lowest),
    offersCounted: counted,
    nftsChecked: checked,
    collectionTotal: listed.ids.length,
    totalComplete: listed.complete,
    readAt: Date.now(),
  }
}
