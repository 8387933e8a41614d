/**
 * Where airdrop offers stand, read from one validated ledger: the holder's own NFT offers
 * (account_objects) say which still wait; for an offer that left the ledger, the recipient's NFTs
 * (account_nfts, same ledger) say whether it was accepted, and the holder's NFTs what became of the
 * NFT otherwise.
 *
 * One case this cannot tell apart: a recipient who accepted and then passed the NFT on before the
 * check reads as `gone` (neither holds it). The account stream catches such accepts as they happen;
 * only accepts made while no engine was following can be misread this way.
 */
import type { Client } from 'xrpl'

import { giftOf } from '../../../db/acceptance.ts'
import type { OfferItem } from '../../../db/acceptance.ts'
import type { AcceptanceState } from '../../../db/types/acceptance.ts'
import { isEngineError } from '../../../shared/errors.ts'
import { readAccountNfts } from '../../ledger/accountNfts.ts'
import { runPool } from '../../ledger/pool.ts'
import { LOOKUP_CONCURRENCY } from '../../ledger/ledgerRequests.ts'
import { readOwnOffersAt } from '../../ledger/ownOffers.ts'

/** An airdrop offer to look up. */
export interface TrackedOffer {
  offerId: string
  nftId: string
  recipient: string
  /**
   * The validated ledger that created the offer (its succeeded attempt's), or null when unknown. A
   * read of an older ledger (a lagging server, say, right after a reconnect) does not hold the offer
   * yet: it says nothing about it.
   */
  createdIn: number | null
}

/** An offer item (an airdrop's, a mint's) as the ledger reads look it up. */
export function trackedOffer(item: OfferItem): TrackedOffer {
  const gift = giftOf(item)
  return {
    offerId: item.offerId.toUpperCase(),
    nftId: gift?.nftId ?? '',
    recipient: gift?.recipient ?? '',
    createdIn: item.attempts.find((a) => a.final === 'tesSUCCESS')?.ledgerIndex ?? null,
  }
}

/** What the ledger shows of one offer. */
export interface OfferStanding {
  state: AcceptanceState
  detail?: string
}

/**
 * The standings of the asked offers, by offer id, and the validated ledger they were read from. An
 * offer created after that ledger has none.
 */
export interface LedgerStandings {
  ledgerIndex: number
  standings: Map<string, OfferStanding>
}

/** `gone`, the NFT still with the holder: the offer was cancelled (or expired and was removed). */
export const GONE_KEPT = 'The offer was cancelled or expired; the NFT stayed with you'
/** `gone`, the NFT with neither party (burned, or sold or given through another offer). */
export const GONE_ELSEWHERE = 'The offer is gone and neither you nor the recipient holds the NFT'

/** The NFT ids an account holds at a ledger; none for an account that does not exist (deleted). */
async function nftIdsAt(client: Client, account: string, ledgerIndex: number) {
  try {
    const { nfts } = await readAccountNfts(client, account, () => undefined, ledgerIndex)
    return new Set(nfts.map((n) => n.nftId))
  } catch (e) {
    if (isEngineError(e) && e.code === 'NOT_FOUND') return new Set<string>()
    throw e
  }
}

/** The NFTs of each account at the ledger, LOOKUP_CONCURRENCY accounts at a time. */
async function holdings(
  client: Client,
  accounts: readonly string[],
  ledgerIndex: number,
): Promise<Map<string, Set<string>>> {
  const held = new Map<string, Set<string>>()
  await runPool([...new Set(accounts)], LOOKUP_CONCURRENCY, async (account) => {
    held.set(account, await nftIdsAt(client, account, ledgerIndex))
  })
  return held
}

/**
 * Reads where the offers stand.
 *
 * @param holder - the account that made the offers.
 * @throws EngineError when a request fails or a reply is malformed (nothing is half-read).
 */
export async function readStandings(
  client: Client,
  holder: string,
  offers: readonly TrackedOffer[],
): Promise<LedgerStandings> {
  const own = await readOwnOffersAt(client, holder)
  const { ledgerIndex } = own
  const standings = new Map<string, OfferStanding>()
  const missing = offers.filter((o) => {
    if (own.offers.has(o.offerId)) standings.set(o.offerId, { state: 'offered' })
    // Absent from a ledger older than its own: not created yet there, so no standing (it waits).
    const tooOld = o.createdIn !== null && ledgerIndex < o.createdIn
    return !own.offers.has(o.offerId) && !tooOld
  })
  if (!missing.length) return { ledgerIndex, standings }
  const byRecipient = await holdings(
    client,
    missing.map((o) => o.recipient),
    ledgerIndex,
  )
  const left = missing.filter((o) => {
    if (byRecipient.get(o.recipient)?.has(o.nftId)) standings.set(o.offerId, { state: 'accepted' })
    return !standings.has(o.offerId)
  })
  if (!left.length) return { ledgerIndex, standings }
  const kept = await nftIdsAt(client, holder, ledgerIndex)
  for (const o of left) {
    standings.set(o.offerId, {
      state: 'gone',
      detail: kept.has(o.nftId) ? GONE_KEPT : GONE_ELSEWHERE,
    })
  }
  return { ledgerIndex, standings }
}
