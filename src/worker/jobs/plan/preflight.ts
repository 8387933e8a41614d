/**
 * Pre-flight: what a planned job will meet on the validated ledger, before anything is signed
 * (docs/architecture.md §3.4, check before spending). Per item: NFTs not owned, not transferable, listed twice
 * or (airdrops) already offered by the account; recipients that do not exist or refuse incoming offers; offers to cancel that vanished or are not
 * the account's to cancel. For the job: the fees, the owner reserve it locks or frees, and whether the
 * account's spendable XRP covers them.
 */
import type { Client } from 'xrpl'

import type { NftItem } from '../../../db/types/nfts.ts'
import type { BidTerms } from '../../../db/types/offers.ts'
import { EngineError } from '../../../shared/errors.ts'
import { intentNftId } from '../../../shared/intents.ts'
import { buildNetworks } from '../../../shared/networks.ts'
import type { NetworkId } from '../../../shared/networks.ts'
import type { BurnEffects, JobKind, PlanProblem } from '../../api.ts'
import { offersDeleted, pagesFreed } from '../../ledger/burnEffects.ts'
import { readAccountKeys } from '../../ledger/accountKeys.ts'
import { readNftPages } from '../../ledger/nftPages.ts'
import { readAccountNfts } from '../../ledger/accountNfts.ts'
import type { PlannedIntent } from '../jobKind.ts'
import { costOf } from './preflightCost.ts'
import {
  destinationsOf,
  isOwnOffer,
  issuersToCheck,
  itemProblems,
  needsCloseTime,
} from './preflightItems.ts'
import type { ItemFacts } from './preflightItems.ts'
import {
  LOOKUP_CONCURRENCY,
  readAccount,
  readAccounts,
  readCloseTime,
  readReserves,
} from '../../ledger/ledgerRequests.ts'
import { readBidTerms, readNftBids } from '../../ledger/nftBids.ts'
import type { SecondWord } from '../../ledger/bidTerms.ts'
import type { SecondRead } from '../../network/secondOpinion.ts'
import { readOffers, readOwnOffers } from '../../ledger/ownOffers.ts'
import { runPool } from '../../ledger/pool.ts'
import type { OfferEntry } from '../../ledger/ownOffers.ts'

/** What pre-flight works with. */
export interface PreflightDeps {
  /** A connected client; one for the whole check. */
  client: Client
  /** The account that will sign. */
  account: string
  /** The network the client is on (for messages). */
  network: NetworkId
  /** Fee of one transaction, drops. */
  feeDrops: bigint
  /**
   * NFTs the account's other unfinished airdrops and listings will still offer, with the job's kind
   * and id: a second offer of them, or a burn, is left out.
   */
  offeredByJobs?: ReadonlyMap<string, { kind: JobKind; id: string }>
  /** Other servers of the network: the facts that set a sale's value are read there too. */
  second?: SecondRead
}

/** The verdict on a plan: the JobPlan's figures and problems. */
export interface PreflightResult {
  problems: PlanProblem[]
  /** Burns: the offers they delete and the NFT pages that go away. */
  burn?: BurnEffects
  /** Transactions the job will submit: items without a problem of their own. */
  transactions: number
  feesDrops: string
  reserveChangeDrops: string
  spendableDrops: string
  canStart: boolean
}

/** The intents each kind of job may hold ('List again' cancels the offers a listing replaces). */
const INTENTS_OF_KIND: Readonly<Record<JobKind, readonly string[]>> = {
  airdrop: ['offer'],
  list: ['offer', 'cancel'],
  burn: ['burn'],
  cancel: ['cancel'],
  accept: ['accept'],
  removeRegularKey: ['removeRegularKey'],
}

/**
 * Input that no ledger state can make right: intents of another kind (a bug), and offers to the
 * account itself (rippled refuses them, temMALFORMED).
 */
function assertPlanFits(kind: JobKind, planned: readonly PlannedIntent[], account: string) {
  planned.forEach(({ intent }, index) => {
    if (!INTENTS_OF_KIND[kind].includes(intent.type)) {
      throw new EngineError('INTERNAL', `Item ${index + 1} (${intent.type}) does not fit a ${kind}`)
    }
    if (intent.type === 'offer' && intent.destination === account) {
      const message = `${account} is the connected wallet itself: it cannot be sent its own NFTs. Remove it from the ${kind === 'airdrop' ? 'distribution list' : 'offers'}`
      throw new EngineError('VALIDATION', message, { itemIndex: index })
    }
  })
}

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
async function readFacts(deps: PreflightDeps, kind: JobKind, planned: readonly PlannedIntent[]) {
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

/**
 * What the burns without a problem do: the offers on their NFTs the ledger deletes (the account's own
 * sell offers, and others' offers — bids — read per NFT) and the account's NFT pages that go away.
 */
async function burnEffects(
  client: Client,
  account: string,
  burns: readonly string[],
  ownOffers: ReadonlyMap<string, OfferEntry>,
): Promise<BurnEffects> {
  const ownSell = new Map<string, number>()
  for (const offer of ownOffers.values()) {
    if (offer.sell) ownSell.set(offer.nftId, (ownSell.get(offer.nftId) ?? 0) + 1)
  }
  const bids = new Map<string, number>()
  const [pages] = await Promise.all([
    readNftPages(client, account),
    runPool([...burns], LOOKUP_CONCURRENCY, async (nftId) => {
      bids.set(nftId, (await readNftBids(client, nftId, 'validated')).length)
    }),
  ])
  const effects: BurnEffects = {
    ownOffers: 0,
    otherOffers: 0,
    pagesFreed: pagesFreed(pages, burns),
  }
  for (const nftId of burns) {
    const deleted = offersDeleted({
      ownSell: ownSell.get(nftId) ?? 0,
      others: bids.get(nftId) ?? 0,
    })
    effects.ownOffers += deleted.ownSell
    effects.otherOffers += deleted.others
  }
  return effects
}

/**
 * Checks a plan against the validated ledger.
 *
 * Per-item problems are not blocking (the item is skipped), except NOT_YOUR_OFFER (it would make a
 * whole NFTokenCancelOffer fail), NOT_AN_OFFER (an NFT id to cancel: it would cancel nothing) and
 * every problem of a bid to accept (the job is that one sale). OFFER_NOT_FOUND of a cancellation names
 * no item: the ledger skips a vanished id and the rest of its transaction applies. INSUFFICIENT_RESERVE
 * and INSUFFICIENT_FEES concern the job and block it. Reserve change: +1 owner reserve per offer
 * without a problem, −1 per own offer cancelled; burns: −1 per own sell offer they delete and per NFT
 * page that goes away (worked out from the account's pages as they are now); 0 for sales.
 *
 * @param deps - client, account, network and fee.
 * @param kind - the job's kind; every intent must fit it.
 * @param planned - the plan, from `planIntents`.
 * @throws EngineError `VALIDATION` for an offer to the account itself; `NOT_FOUND` when the account
 *   does not exist; `NETWORK`, `NOT_CONNECTED`, `TIMEOUT` when the connection fails;
 *   `LEDGER_REJECTED` for server errors and malformed replies.
 */
export async function runPreflight(
  deps: PreflightDeps,
  kind: JobKind,
  planned: PlannedIntent[],
): Promise<PreflightResult> {
  assertPlanFits(kind, planned, deps.account)
  const { reserves, own, facts } = await readFacts(deps, kind, planned)
  const problems = itemProblems(planned, facts)
  const troubled = new Set(problems.map((problem) => problem.itemIndex))
  const clear = planned.filter((_, index) => !troubled.has(index))
  const newOffers = clear.filter(({ intent }) => intent.type === 'offer').length
  const cancelled = clear.flatMap(({ intent }) => (intent.type === 'cancel' ? intent.offerIds : []))
  const freedOffers = new Set(cancelled.filter((id) => isOwnOffer(id, facts))).size
  const burns = clear.flatMap(({ intent }) => (intent.type === 'burn' ? [intent.nftId] : []))
  const burn =
    kind === 'burn'
      ? await burnEffects(deps.client, deps.account, burns, facts.ownOffers)
      : undefined
  const cost = costOf({
    account: own,
    reserves,
    feeDrops: deps.feeDrops,
    transactions: clear.length,
    newOffers,
    freedObjects: freedOffers + (burn ? burn.ownOffers + burn.pagesFreed : 0),
  })
  if (cost.problem) problems.push(cost.problem)
  return {
    problems,
    ...(burn ? { burn } : {}),
    transactions: clear.length,
    feesDrops: cost.feesDrops.toString(),
    reserveChangeDrops: cost.reserveChangeDrops.toString(),
    spendableDrops: cost.spendableDrops.toString(),
    canStart: !problems.some((problem) => problem.blocking),
  }
}
