/**
 * A floor price confirmed with a second server of the network: the offers it rests on must be
 * stated alike there, their sellers still the NFTs' holders, before the app prices anything by it.
 */
import type { Client } from 'xrpl'

import { formatDrops } from '../../shared/format.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { LOOKUP_CONCURRENCY, rippledError } from '../ledger/ledgerRequests.ts'
import { runPool } from '../ledger/pool.ts'
import type { SecondRead } from '../ledger/secondRead.ts'
import { sellOffers } from './floorPrice.ts'
import { robustFloor } from './robustFloor.ts'
import type { MarketOffer } from './robustFloor.ts'

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
    (stated.destination ?? null) === (offer.broker ?? null) &&
    (stated.expiration ?? null) === offer.expiration
  if (!same) return 'is stated otherwise by another server'
  if (answer.holders.get(offer.nftId) !== offer.seller) {
    return "is not its NFT's current holder's, says another server: it can never be taken"
  }
  return null
}
