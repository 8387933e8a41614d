/**
 * Pre-flight's reads: every fact the verdicts every kind's items share need (the account, its NFTs
 * and offers, the recipients and issuers, the offers to cancel, the close time), read from the
 * validated ledger with as much overlap as possible. What only one kind needs, it reads itself
 * (JobKindSpec.itemChecks, .effects).
 */
import type { Client } from 'xrpl'

import type { NftItem } from '../../../db/types/nfts.ts'
import { EngineError } from '../../../shared/errors.ts'
import { intentEffects } from '../../../shared/intents.ts'
import { readAccountNfts } from '../../ledger/accountNfts.ts'
import {
  readAccount,
  readAccounts,
  readCloseTime,
  readReserves,
} from '../../ledger/ledgerRequests.ts'
import { readOffers, readOwnOffers } from '../../ledger/ownOffers.ts'
import type { OfferEntry } from '../../ledger/ownOffers.ts'
import type { PlannedIntent } from '../jobKind.ts'
import { needsCloseTime } from './cancelProblems.ts'
import type { ItemFacts } from './itemFacts.ts'
import { destinationsOf, issuersToCheck } from './offerProblems.ts'

/** What the facts are read with: pre-flight's client and account, and the other jobs' NFTs. */
export interface FactsDeps {
  client: Client
  account: string
  offeredByJobs?: ItemFacts['offeredByJobs'] | undefined
  names?: ItemFacts['names'] | undefined
}

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
 * Every fact the shared verdicts need, read from the validated ledger with as much overlap as
 * possible.
 *
 * @param networkName - the network's name, for messages.
 */
export async function readFacts(
  deps: FactsDeps,
  planned: readonly PlannedIntent[],
  networkName: string,
) {
  const { client, account } = deps
  const effects = planned.map(({ intent }) => intentEffects(intent))
  const hasNfts = effects.some(({ nft }) => nft !== undefined)
  const cancelIds = effects.flatMap(({ cancels }) => cancels ?? [])
  // An airdrop started again after it ended (offers still waiting) would offer each NFT a second
  // time, and a listing would give an NFT already on sale a second price; the account's own sell
  // offers tell which NFTs are already out (a listing's 'List again' cancels them in the same job).
  const offersNfts = effects.some(({ offer }) => offer !== undefined)
  const needsOwnOffers = cancelIds.length > 0 || offersNfts
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
  const [issuerFacts, lookups] = await Promise.all([
    readAccounts(client, issuers),
    readOffers(
      client,
      cancelIds.filter((id) => !ownOffers.has(id)),
    ),
  ])
  const accounts = new Map([...recipients, ...issuerFacts])
  // An id the ledger has no entry for may be an NFT id pasted where an offer id belongs: the ledger
  // would accept the cancellation (tesSUCCESS) and cancel nothing. The account's NFTs tell.
  const missing = [...lookups.values()].some((lookup) => lookup.kind === 'missing')
  const heldNfts = missing && !hasNfts ? await readNftMap(client, account) : nfts
  // An offer's own expiration already past would fail (tecEXPIRED).
  const expiring = effects.some(
    ({ offer, mint }) => (offer ?? mint?.offer)?.expiration !== undefined,
  )
  const closeTime =
    expiring || needsCloseTime(lookups, account) ? await readCloseTime(client) : null
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
    offeredByJobs: deps.offeredByJobs ?? new Map(),
    lookups,
    closeTime,
    names: deps.names ?? new Map(),
  }
  return { reserves, own, facts }
}
