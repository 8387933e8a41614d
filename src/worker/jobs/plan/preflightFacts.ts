/**
 * Pre-flight's reads: every fact a plan's verdicts need (the account, its NFTs and offers, the
 * recipients and issuers, the offers to cancel, the bids to accept, the close time), read from the
 * validated ledger with as much overlap as possible.
 */
import type { Client } from 'xrpl'

import type { BidTerms } from '../../../db/types/offers.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import { EngineError } from '../../../shared/errors.ts'
import { intentNftId } from '../../../shared/intents.ts'
import { buildNetworks } from '../../../shared/networks.ts'
import type { JobKind } from '../../api.ts'
import { readAccountKeys } from '../../ledger/accountKeys.ts'
import { readAccountNfts } from '../../ledger/accountNfts.ts'
import type { SecondWord } from '../../ledger/bidTerms.ts'
import {
  LOOKUP_CONCURRENCY,
  readAccount,
  readAccounts,
  readCloseTime,
  readReserves,
} from '../../ledger/ledgerRequests.ts'
import { readBidTerms } from '../../ledger/nftBids.ts'
import { readOffers, readOwnOffers } from '../../ledger/ownOffers.ts'
import type { OfferEntry } from '../../ledger/ownOffers.ts'
import { runPool } from '../../ledger/pool.ts'
import type { SecondRead } from '../../network/secondOpinion.ts'
import type { PlannedIntent } from '../jobKind.ts'
import { needsCloseTime } from './cancelProblems.ts'
import type { ItemFacts } from './itemFacts.ts'
import { destinationsOf, issuersToCheck } from './offerProblems.ts'
import type { PreflightDeps } from './preflight.ts'

/** The account's NFTs by id. */
async function readNftMap(client: Client, account: string): Promise<Map<string, NftItem>> {
  const { nfts } = await readAccountNfts(client, account, () => undefined)
  return new Map(nfts.map((nft) => [nft.nftId, nft]))
}

/** The account's sell offers by the NFT they offer, but those the plan cancels. */
function sellOffersByNft(
  offers: ReadonlyMap<string, OfferEntry>,
  cancelled: ReadonlySet<string>,
): Map<string, OfferEntry> {
  const byNft = new Map<string, OfferEntry>()
  for (const offer of offers.values()) {
    if (offer.sell && !cancelled.has(offer.offerId)) byNft.set(offer.nftId, offer)
  }
  return byNft
}

/**
 * The bids to accept, each as its NFT's nft_buy_offers lists it (null when it is not among them).
 * Read per NFT rather than by ledger_entry: every server answers nft_buy_offers.
 */
async function readBids(
  client: Client,
  accepts: readonly { offerId: string; nftId: string }[],
): Promise<Map<string, BidTerms | null>> {
  const bids = new Map<string, BidTerms | null>()
  await runPool([...accepts], LOOKUP_CONCURRENCY, async ({ offerId, nftId }) => {
    bids.set(offerId, await readBidTerms(client, offerId, nftId))
  })
  return bids
}

/** The same bids as another server of the network states them (see SecondWord). */
async function readSecondBids(
  second: SecondRead | undefined,
  accepts: readonly { offerId: string; nftId: string }[],
): Promise<Map<string, SecondWord>> {
  const words = new Map<string, SecondWord>()
  if (!second?.available() || accepts.length === 0) return words
  const answer = await second.ask((client) => readBids(client, accepts))
  for (const { offerId } of accepts) words.set(offerId, answer?.get(offerId))
  return words
}

/** Every fact the verdicts need, read from the validated ledger with as much overlap as possible. */
export async function readFacts(
  deps: PreflightDeps,
  kind: JobKind,
  planned: readonly PlannedIntent[],
) {
  const { client, account } = deps
  const hasNfts = planned.some(({ intent }) => intentNftId(intent) !== null)
  const cancelIds = planned.flatMap(({ intent }) =>
    intent.type === 'cancel' ? intent.offerIds : [],
  )
  const accepts = planned.flatMap(({ intent }) => (intent.type === 'accept' ? [intent] : []))
  // An airdrop started again after it ended (offers still waiting) would offer each NFT a second
  // time, and a listing would give an NFT already on sale a second price; the account's own sell
  // offers tell which NFTs are already out (a listing's 'List again' cancels them in the same job).
  const offersNfts = kind === 'airdrop' || kind === 'list'
  // Burns delete the NFTs' offers: the account's own sell offers free its reserve.
  const needsOwnOffers =
    cancelIds.length > 0 || ((offersNfts || kind === 'burn') && planned.length > 0)
  // Recipients are read alongside the account's NFTs and offers (100,000 of them take a while); the
  // issuers to check depend on the NFTs, so they come after.
  const destinations = destinationsOf(planned)
  const [reserves, own, nfts, ownOffers, recipients] = await Promise.all([
    readReserves(client),
    readAccount(client, account),
    hasNfts ? readNftMap(client, account) : new Map<string, NftItem>(),
    needsOwnOffers ? readOwnOffers(client, account) : new Map<string, OfferEntry>(),
    readAccounts(client, destinations),
  ])
  if (!own) {
    throw new EngineError('NOT_FOUND', `Account ${account} is not activated on this network`, {
      account,
    })
  }
  const issuers = [...issuersToCheck(planned, nfts, account)].filter((a) => !recipients.has(a))
  const [issuerFacts, lookups, bids, secondBids] = await Promise.all([
    readAccounts(client, issuers),
    readOffers(
      client,
      cancelIds.filter((id) => !ownOffers.has(id)),
    ),
    readBids(client, accepts),
    readSecondBids(deps.second, accepts),
  ])
  const accounts = new Map([...recipients, ...issuerFacts])
  // An id the ledger has no entry for may be an NFT id pasted where an offer id belongs: the ledger
  // would accept the cancellation (tesSUCCESS) and cancel nothing. The account's NFTs tell.
  const missing = [...lookups.values()].some((lookup) => lookup.kind === 'missing')
  const heldNfts = missing && !hasNfts ? await readNftMap(client, account) : nfts
  // A bid's expiry decides whether it can still be accepted.
  // So does an offer's own expiration: one already past would fail (tecEXPIRED).
  const expiring = planned.some(({ intent }) => intent.type === 'offer' && intent.expiration)
  const closeTime =
    accepts.length > 0 || expiring || needsCloseTime(lookups, account)
      ? await readCloseTime(client)
      : null
  const networkName = buildNetworks({})[deps.network].name
  const offeredNfts = offersNfts
    ? sellOffersByNft(ownOffers, new Set(cancelIds))
    : new Map<string, OfferEntry>()
  const facts: ItemFacts = {
    account,
    networkName,
    nfts: heldNfts,
    accounts,
    ownOffers,
    offeredNfts,
    listing: kind === 'list',
    offeredByJobs: deps.offeredByJobs ?? new Map(),
    lookups,
    bids,
    keys: kind === 'removeRegularKey' ? await readAccountKeys(client, account, networkName) : null,
    hasSecond: deps.second?.available() ?? false,
    secondBids,
    closeTime,
  }
  return { reserves, own, facts }
}
