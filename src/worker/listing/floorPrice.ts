/**
 * A collection's floor price (issuer + taxon): its NFTs listed by Clio (`nfts_by_issuer`), the sell
 * offers of an evenly spread sample of them (`nft_sell_offers`), and, of the offers anyone could take
 * (in XRP, without a Destination, or listed through a marketplace's broker: a private offer is not a
 * market price; not expired; not the asking
 * account's own), a floor that one listing cannot move (robustFloor.ts), confirmed by a second server
 * of the network where it has one (floorConfirmation.ts).
 */
import { parseNFTokenID } from 'xrpl'
import type { Client } from 'xrpl'

import type { FloorPrice, FloorProgress } from '../api.ts'
import {
  LOOKUP_CONCURRENCY,
  malformed,
  readValidatedLedger,
  rippledError,
} from '../ledger/ledgerRequests.ts'
import { MAX_LAG_LEDGERS } from '../network/serverHealth.ts'
import { EngineError } from '../../shared/errors.ts'
import { forEachPage } from '../ledger/pages.ts'
import { runPool } from '../ledger/pool.ts'
import { robustFloor } from './robustFloor.ts'
import type { MarketOffer } from './robustFloor.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { marketplaceOfBroker } from '../../shared/marketplaces.ts'

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

/** A listed NFT: its id and who holds it now (only the holder's offers can be taken). */
interface ListedNft {
  nftId: string
  owner: string
}

/**
 * The collection's live NFTs, at most MAX_LISTED. NFTs a server lists that are burned, or of another
 * issuer or taxon (a server that ignores the taxon filter), are left out.
 */
async function listCollection(
  clio: Client,
  issuer: string,
  taxon: number,
  onPage: (listed: number) => void,
): Promise<{ nfts: ListedNft[]; complete: boolean; ledgerIndex: number | null }> {
  const nfts: ListedNft[] = []
  let ledgerIndex: number | null = null
  const request = { command: 'nfts_by_issuer', issuer, nft_taxon: taxon, limit: LIST_PAGE } as const
  const maxPages = MAX_LISTED / LIST_PAGE + 1
  const complete = await forEachPage(
    clio,
    request,
    (result) => {
      if (!Array.isArray(result.nfts)) throw malformed('nfts_by_issuer', 'no nfts array')
      if (typeof result.ledger_index === 'number') ledgerIndex ??= result.ledger_index
      for (const nft of result.nfts) {
        const listed = listedNft(nft, issuer, taxon)
        if (listed) nfts.push(listed)
      }
      onPage(nfts.length)
      return nfts.length < MAX_LISTED
    },
    maxPages,
    true,
  )
  return {
    nfts: nfts.slice(0, MAX_LISTED),
    complete: complete && nfts.length <= MAX_LISTED,
    ledgerIndex,
  }
}

function listedNft(value: unknown, issuer: string, taxon: number): ListedNft | null {
  const id = isRecord(value) && typeof value.nft_id === 'string' ? value.nft_id.toUpperCase() : ''
  if (!/^[0-9A-F]{64}$/.test(id)) throw malformed('nfts_by_issuer', 'an NFT has no id')
  const { owner, is_burned: burned } = value as Record<string, unknown>
  if (typeof owner !== 'string') throw malformed('nfts_by_issuer', `NFT ${id} has no owner`)
  if (burned === true) return null
  const parsed = parseNFTokenID(id)
  if (parsed.Issuer !== issuer || parsed.Taxon !== taxon) return null
  return { nftId: id, owner }
}

/** Up to `size` items spread evenly over the list (all of them when it is short). */
export function evenSample<T>(items: readonly T[], size: number): T[] {
  if (items.length <= size) return [...items]
  return Array.from({ length: size }, (_, i) => items[Math.floor((i * items.length) / size)]!)
}

/** The most pages of one NFT's sell offers read (500 each). */
const MAX_SELL_PAGES = 10

/** An NFT's sell offers, every page up to the bound (none: rippled answers objectNotFound). */
export async function sellOffers(client: Client, nftId: string): Promise<unknown[]> {
  const offers: unknown[] = []
  const request = {
    command: 'nft_sell_offers',
    nft_id: nftId,
    ledger_index: 'validated',
    limit: SELL_PAGE,
  } as const
  try {
    await forEachPage(
      client,
      request,
      (result) => {
        if (!Array.isArray(result.offers)) throw malformed('nft_sell_offers', 'no offers array')
        offers.push(...(result.offers as unknown[]))
        // Beyond the bound the lowest may be missed; the floor is an estimate from a sample anyway.
        return offers.length < MAX_SELL_PAGES * SELL_PAGE
      },
      MAX_SELL_PAGES + 1,
    )
  } catch (error) {
    if (rippledError(error) === 'objectNotFound') return []
    throw error
  }
  return offers
}

/**
 * The offer as a market offer when anyone but `account` could buy the NFT with it now: in XRP, above 0
 * (a free offer is a gift, not a price), public, not expired, and made by the NFT's current holder
 * (offers of earlier holders stay on the ledger but can never be accepted). Else null.
 */
function marketOffer(
  offer: unknown,
  nftId: string,
  holder: string,
  account: string | null,
  closeTime: number,
): MarketOffer | null {
  if (!isRecord(offer)) throw malformed('nft_sell_offers', 'an offer is not an object')
  const { amount, destination, owner, expiration, nft_offer_index: offerId } = offer
  if (typeof amount !== 'string' || !/^\d{1,17}$/.test(amount) || BigInt(amount) === 0n) return null
  // A private offer is not a market price; one that names a marketplace's broker is that
  // marketplace's public listing (xrp.cafe lists most NFTs so), at the seller's price.
  const broker =
    typeof destination === 'string' && marketplaceOfBroker(destination) ? destination : null
  if ((destination !== undefined && !broker) || owner !== holder || owner === account) return null
  if (typeof expiration === 'number' && expiration <= closeTime) return null
  if (typeof offerId !== 'string') throw malformed('nft_sell_offers', 'an offer has no index')
  return {
    offerId: offerId.toUpperCase(),
    nftId,
    seller: owner,
    drops: BigInt(amount),
    expiration: typeof expiration === 'number' ? expiration : null,
    broker,
  }
}

/** A floor reading and the offers it rests on (for a second server to confirm). */
export interface FloorReading {
  price: FloorPrice
  resting: MarketOffer[]
}

/**
 * Reads a collection's floor price (see robustFloor.ts for the statistic).
 *
 * @throws EngineError as the reads do.
 */
export async function readFloorPrice(
  deps: FloorDeps,
  issuer: string,
  taxon: number,
  onProgress: (progress: FloorProgress) => void,
): Promise<FloorReading> {
  const listed = await listCollection(deps.clio, issuer, taxon, (done) =>
    onProgress({ step: 'listing', done, total: done }),
  )
  const validated = await readValidatedLedger(deps.client)
  // Clio can stop following the network (after an amendment it does not know, say): a list from a
  // ledger well behind the validated one misses today's holders and offers.
  // A list that does not say which ledger it is from cannot be checked for lag: not used.
  if (listed.ledgerIndex === null) throw malformed('nfts_by_issuer', 'no ledger_index')
  const lag = validated.index - listed.ledgerIndex
  if (lag > MAX_LAG_LEDGERS) {
    throw new EngineError(
      'NETWORK',
      `The Clio server lists the collection as of ledger ${String(listed.ledgerIndex)}, ${lag} ledgers behind the network: the floor price was not read. Please try again later`,
    )
  }
  const sample = evenSample(listed.nfts, SAMPLE_SIZE)
  const closeTime = validated.closeTime
  const market: MarketOffer[] = []
  let checked = 0
  await runPool(sample, LOOKUP_CONCURRENCY, async ({ nftId, owner }) => {
    for (const offer of await sellOffers(deps.client, nftId)) {
      const taken = marketOffer(offer, nftId, owner, deps.account, closeTime)
      if (taken) market.push(taken)
    }
    checked += 1
    onProgress({ step: 'checking', done: checked, total: sample.length })
  })
  const stat = robustFloor(market)
  const text = (drops: bigint | null) => (drops === null ? null : String(drops))
  const price: FloorPrice = {
    issuer,
    taxon,
    floorDrops: text(stat.floorDrops),
    lowestDrops: text(stat.lowestDrops),
    offersCounted: market.length,
    sellers: stat.sellers,
    restsOn: stat.restsOn,
    thin: stat.thin,
    outlier: stat.outlier && {
      lowestDrops: String(stat.outlier.lowestDrops),
      nextDrops: String(stat.outlier.nextDrops),
    },
    disagreement: null,
    nftsChecked: checked,
    collectionTotal: listed.nfts.length,
    totalComplete: listed.complete,
    ledgerIndex: listed.ledgerIndex,
    readAt: Date.now(),
  }
  return { price, resting: stat.resting }
}
