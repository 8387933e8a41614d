/**
 * Pre-flight: what a planned job will meet on the validated ledger, before anything is signed
 * (docs/architecture.md §3.4, check before spending). Per item: NFTs not owned, not transferable, listed twice
 * or (airdrops and listings) already offered by the account; recipients that do not exist or refuse incoming offers; offers to cancel that vanished or are not
 * the account's to cancel. For the job: the fees, the owner reserve it locks or frees, and whether the
 * account's spendable XRP covers them. The reads are in preflightFacts.ts, the per-item verdicts in
 * preflightItems.ts.
 */
import type { Client } from 'xrpl'

import type { MintedUri } from '../../../db/jobNfts.ts'

import { EngineError } from '../../../shared/errors.ts'
import { intentEffects } from '../../../shared/intents.ts'
import { buildNetworks } from '../../../shared/networks.ts'
import type { NetworkId } from '../../../shared/networks.ts'
import type { BurnEffects, JobKind, JobRequest, PlanProblem } from '../../api.ts'
import type { SecondRead } from '../../ledger/secondRead.ts'
import type { JobKindSpec, PlannedIntent, UriRead } from '../jobKind.ts'
import { isOwnOffer } from './cancelProblems.ts'
import { costOf } from './preflightCost.ts'
import { readFacts } from './preflightFacts.ts'
import { itemProblems } from './preflightItems.ts'
import { fillFromSpares } from './spares.ts'

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
  /** The NFTs' names as their cards show them (problems name NFTs so). */
  names?: ReadonlyMap<string, string>
  /** NFTs of the request no item uses (an airdrop's extra selection): see spares.ts. */
  spares?: readonly string[]
  /** What the account's mint jobs minted or will still mint, by db/jobNfts.ts mintKey. */
  mintedUris?: ReadonlyMap<string, MintedUri>
  /** The request as planned, for the kind's own checks. */
  request?: JobRequest
  /** What URIs serve (see CheckContext.readUris). */
  readUris?: UriRead
}

/** The verdict on a plan: the JobPlan's figures and problems. */
export interface PreflightResult {
  /** The plan as it will be recorded: spares in place of NFTs skipped for their own sake. */
  planned: PlannedIntent[]
  /** How many spares took such places. */
  sparesUsed: number
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

/**
 * Input that no ledger state can make right: intents of another kind (a bug), and offers to the
 * account itself (rippled refuses them, temMALFORMED).
 */
function assertPlanFits(spec: JobKindSpec, planned: readonly PlannedIntent[], account: string) {
  planned.forEach(({ intent }, index) => {
    if (!spec.intentTypes.includes(intent.type)) {
      throw new EngineError(
        'INTERNAL',
        `Item ${index + 1} (${intent.type}) does not fit a ${spec.kind}`,
      )
    }
    if (intentEffects(intent).offer?.destination === account) {
      const message = `${account} is the connected wallet itself: it cannot be sent its own NFTs. Remove it from the ${spec.selfOfferSource ?? 'offers'}`
      throw new EngineError('VALIDATION', message, { itemIndex: index })
    }
  })
}

/**
 * The spares as offers of the first item's kind, so that their facts (an issuer to check) are read
 * with the plan's: none when the plan has no offer.
 */
function spareIntents(
  planned: readonly PlannedIntent[],
  spares: readonly string[] | undefined,
): PlannedIntent[] {
  const first = planned.find(({ intent }) => intent.type === 'offer')
  if (!spares?.length || first?.intent.type !== 'offer') return []
  const offer = first.intent
  return spares.map((nftId) => ({ intent: { ...offer, nftId } }))
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
 * @param spec - the job's kind; every intent must fit it, and its own verdicts and effects count.
 * @param planned - the plan, from `planIntents`.
 * @throws EngineError `VALIDATION` for an offer to the account itself; `NOT_FOUND` when the account
 *   does not exist; `NETWORK`, `NOT_CONNECTED`, `TIMEOUT` when the connection fails;
 *   `LEDGER_REJECTED` for server errors and malformed replies.
 */
export async function runPreflight(
  deps: PreflightDeps,
  spec: JobKindSpec,
  initial: PlannedIntent[],
): Promise<PreflightResult> {
  assertPlanFits(spec, initial, deps.account)
  const { client, account, second } = deps
  const networkName = buildNetworks({})[deps.network].name
  const [{ reserves, own, facts }, check] = await Promise.all([
    readFacts(deps, [...initial, ...spareIntents(initial, deps.spares)], networkName),
    // Async, so that a check throwing at once still leaves readFacts' promise handled.
    (async () =>
      spec.itemChecks?.({
        client,
        account,
        networkName,
        planned: initial,
        ...(second ? { second } : {}),
        ...(deps.mintedUris ? { mintedUris: deps.mintedUris } : {}),
        ...(deps.request ? { request: deps.request } : {}),
        ...(deps.readUris ? { readUris: deps.readUris } : {}),
      }))(),
  ])
  const kindChecks = { check, alreadyOfferedHint: spec.alreadyOfferedHint }
  const problemsOf = (plan: readonly PlannedIntent[]) => itemProblems(plan, facts, kindChecks)
  const fill = deps.spares?.length
    ? fillFromSpares(initial, problemsOf(initial), deps.spares, problemsOf)
    : { planned: initial, used: 0 }
  const { planned } = fill
  const problems = problemsOf(planned)
  const troubled = new Set(problems.map((problem) => problem.itemIndex))
  const clear = planned.filter((_, index) => !troubled.has(index))
  const clearEffects = clear.map(({ intent }) => intentEffects(intent))
  const newOffers = clearEffects.filter(
    ({ offer, mint }) => (offer ?? mint?.offer) !== undefined,
  ).length
  const cancelled = clearEffects.flatMap(({ cancels }) => cancels ?? [])
  const freedOffers = new Set(cancelled.filter((id) => isOwnOffer(id, facts))).size
  const effects = spec.effects ? await spec.effects({ client, account, clear }) : undefined
  const burn = effects?.burn
  const cost = costOf({
    account: own,
    reserves,
    feeDrops: deps.feeDrops,
    transactions: clear.length,
    newOffers: newOffers + (effects?.newObjects ?? 0),
    freedObjects: freedOffers + (effects?.freedObjects ?? 0),
  })
  if (cost.problem) problems.push(cost.problem)
  return {
    planned,
    sparesUsed: fill.used,
    problems,
    ...(burn ? { burn } : {}),
    transactions: clear.length,
    feesDrops: cost.feesDrops.toString(),
    reserveChangeDrops: cost.reserveChangeDrops.toString(),
    spendableDrops: cost.spendableDrops.toString(),
    canStart: !problems.some((problem) => problem.blocking),
  }
}
