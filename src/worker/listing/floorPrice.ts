/**
 * A collection's floor price (issuer + taxon): its NFTs listed by Clio (`nfts_by_issuer`), the sell
 * offers of an evenly spread sample of them (`nft_sell_offers`), and, of the offers anyone could take
 * (in XRP, without a Destination: a private offer is not a market price; not expired; not the asking
 * account's own), a floor that one listing cannot move (robustFloor.ts), confirmed by a second server
 * of the network where it has one.
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
import type { SecondRead } from '../network/secondOpinion.ts'
import { runPool } from '../ledger/pool.ts'
import { formatDrops } from '../../shared/format.ts'
import { robustFloor } from './robustFloor.ts'
import type { MarketOffer } from './robustFloor.ts'
import { isRecord } from '../../shared/isRecord.ts'

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
async function sellOffers(client: Client, nftId: string): Promise<unknown[]> {
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
  if (destination !== undefined || owner !== holder || owner === account) return null
  if (typeof expiration === 'number' && expiration <= closeTime) return null
  if (typeof offerId !== 'string') throw malformed('nft_sell_offers', 'an offer has no index')
  return {
    offerId: offerId.toUpperCase(),
    nftId,
    seller: owner,
    drops: BigInt(amount),
    expiration: typeof expiration === 'number' ? expiration : null,
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

/** The most resting offers a second server is asked about. */
export const CONFIRMED_OFFERS = 25

/**
 * The resting offers a second server is asked about: the lowest offer of each seller first (so that
 * no seller the floor counts goes unchecked), then the lowest of the rest, CONFIRMED_OFFERS at most.
 */
function offersToConfirm(resting: readonly MarketOffer[]): MarketOffer[] {
  const sellers = new Set<string>()
  const first: MarketOffer[] = []
  const rest: MarketOffer[] = []
  for (const offer of resting) {
    if (sellers.has(offer.seller)) rest.push(offer)
    else {
      sellers.add(offer.seller)
      first.push(offer)
    }
  }
  return [...first, ...rest].slice(0, CONFIRMED_OFFERS)
}

/** Who holds an NFT as a server's nft_info states it (Clio); null when burned or unknown. */
async function holderOf(client: Client, nftId: string): Promise<string | null> {
  let result: unknown
  try {
    const response = await client.request({ command: 'nft_info', nft_id: nftId } as never)
    result = (response as { result?: unknown }).result
  } catch (error) {
    if (rippledError(error) === 'objectNotFound') return null
    throw error
  }
  if (!isRecord(result) || result.is_burned === true || typeof result.owner !== 'string')
    return null
  return result.owner
}

/** What another server states of the offers asked about: their entries and their NFTs' holders. */
interface SecondStatement {
  offers: Map<string, unknown[]>
  holders: Map<string, string | null>
}

/**
 * What a second server of the network says of the offers a floor rests on: null when it states each
 * of them alike (same price, seller and expiration, still public, its seller the NFT's current
 * holder) and the floor they make alone is the floor; else the disagreement in plain words (or that
 * no second server answered).
 */
export async function secondOpinionOnFloor(
  second: SecondRead,
  resting: readonly MarketOffer[],
  floor: { drops: bigint; thin: boolean },
  networkName: string,
): Promise<string | null> {
  const asked = offersToConfirm(resting)
  const nftIds = [...new Set(asked.map((o) => o.nftId))]
  const answer = await second.ask(async (client): Promise<SecondStatement> => {
    const offers = new Map<string, unknown[]>()
    const holders = new Map<string, string | null>()
    await runPool(nftIds, LOOKUP_CONCURRENCY, async (nftId) => {
      const [listed, holder] = await Promise.all([
        sellOffers(client, nftId),
        holderOf(client, nftId),
      ])
      offers.set(nftId, listed)
      holders.set(nftId, holder)
    })
    return { offers, holders }
  })
  if (!answer) return `no second server of ${networkName} could confirm the offers it rests on`
  for (const offer of asked) {
    const why = offerDisagreement(offer, answer)
    if (why) {
      return `the servers of ${networkName} disagree about the offers it rests on (offer ${offer.offerId.slice(0, 8)}… of ${formatDrops(offer.drops)} XRP ${why})`
    }
  }
  // Offers past the ones confirmed must not be what makes the floor.
  const alone = robustFloor(asked)
  if (alone.thin !== floor.thin || alone.floorDrops !== floor.drops) {
    return `it rests on more offers than could be confirmed with a second server of ${networkName}`
  }
  return null
}

/** How a second server's statement differs on one offer, or null. */
function offerDisagreement(offer: MarketOffer, answer: SecondStatement): string | null {
  const stated = (answer.offers.get(offer.nftId) ?? []).find(
    (o) => isRecord(o) && String(o.nft_offer_index).toUpperCase() === offer.offerId,
  ) as Record<string, unknown> | undefined
  if (!stated) return 'is unknown to another server'
  const same =
    stated.amount === String(offer.drops) &&
    stated.owner === offer.seller &&
    stated.destination === undefined &&
    (stated.expiration ?? null) === offer.expiration
  if (!same) return 'is stated otherwise by another server'
  if (answer.holders.get(offer.nftId) !== offer.seller) {
    return "is not its NFT's current holder's, says another server: it can never be taken"
  }
  return null
}
