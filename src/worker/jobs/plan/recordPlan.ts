/**
 * Planning a job: a validated request's intents recorded as the job's items, after pre-flight ran
 * on them; the job is `planned` and nothing is signed.
 */
import { createJob, itemId } from '../../../db/jobs.ts'
import { nftsBeingOffered, urisOfMintJobs } from '../../../db/jobNfts.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import type { JobPlan, JobRequest } from '../../api.ts'
import type { JobServiceDeps, JobWallet } from '../jobDeps.ts'
import { APPROVER_WALLETS } from '../../../shared/wallets.ts'
import { splitCancels } from '../../ledger/cancelOffers.ts'
import { cardNames } from '../../../db/metadataNames.ts'
import type { PlannedIntent } from '../jobKind.ts'
import { cushionedFeeDrops } from './planFee.ts'
import { runPreflight } from './preflight.ts'

/** The NFTs a plan's intents act on. */
function nftIdsOf(planned: readonly PlannedIntent[]): string[] {
  return planned.flatMap(({ intent }) => ('nftId' in intent ? [intent.nftId] : []))
}

/**
 * Records the intents of a validated request for the wallet and runs pre-flight. A randomized
 * airdrop's shuffle seed is recorded in `params.shuffleSeed` (and in the stored request's `seed`).
 *
 * @param extraParams - recorded in the job's params besides the request (e.g. `reclaimOf`).
 */
/** What one server alone decides for every job: it can slow it (a pause), never double it. */
export const ONE_SERVER_OUTCOMES =
  'whether a transaction is in a validated ledger (a server that hides one can only pause the job)'

export async function recordPlan(
  deps: Pick<
    JobServiceDeps,
    'db' | 'kinds' | 'connection' | 'secondOpinion' | 'maxFeeDrops' | 'clio' | 'readUris'
  >,
  checked: JobRequest,
  { account, network, info }: JobWallet,
  extraParams: Record<string, unknown>,
): Promise<JobPlan> {
  const spec = deps.kinds.spec(checked.kind)
  const client = deps.connection.requireClient()
  const clio = deps.clio
  const context = { wallet: info, client, ...(clio ? { clio: () => clio(network) } : {}) }
  const request: JobRequest = spec.prepare ? await spec.prepare(checked, context) : checked
  // A wallet that signs shorter cancellations than the ledger's 500 offers gets them cut to its size.
  const cancelLimit = info.approver ? APPROVER_WALLETS[info.approver].maxCancelOffers : undefined
  const initial = cancelLimit
    ? splitCancels(spec.intents(request), cancelLimit)
    : spec.intents(request)
  const spares = spec.spares?.(request, initial) ?? []
  const feeDrops = await cushionedFeeDrops(client, deps.maxFeeDrops)
  // NFTs the wallet's other unfinished airdrops and listings will still offer: not offered twice,
  // and not burned from under them.
  const offeredByJobs = spec.touchesNfts
    ? await nftsBeingOffered(deps.db, network, account)
    : undefined
  // NFTs minted or still to be minted by the account's mint jobs: not minted a second time.
  const mints = initial.some(({ intent }) => intentEffects(intent).mint !== undefined)
  const mintedUris = mints ? await urisOfMintJobs(deps.db, network, account) : undefined
  const second = deps.secondOpinion?.readFor(network)
  const names = await cardNames(deps.db, [...nftIdsOf(initial), ...spares])
  const { planned, sparesUsed, ...verdict } = await runPreflight(
    {
      client,
      account,
      network,
      feeDrops,
      names,
      spares,
      ...(offeredByJobs ? { offeredByJobs } : {}),
      ...(mintedUris ? { mintedUris } : {}),
      ...(second ? { second } : {}),
      ...(deps.readUris ? { readUris: deps.readUris } : {}),
      request,
    },
    spec,
    initial,
  )
  const preflight = sparesUsed > 0 ? { ...verdict, sparesUsed } : verdict
  // One server alone: the plan says what no second server confirms (docs/architecture.md §3.7).
  const figures = second?.available()
    ? preflight
    : {
        ...preflight,
        unconfirmed: [ONE_SERVER_OUTCOMES, ...(spec.confirmedElsewhere?.(request) ?? [])],
      }
  const id = crypto.randomUUID()
  const now = Date.now()
  const items: JobItemRow[] = planned.map((p, index) => {
    const nftName = 'nftId' in p.intent ? names.get(p.intent.nftId) : undefined
    return {
      id: itemId(id, index),
      jobId: id,
      index,
      intent: p.intent,
      status: 'pending',
      attempts: [],
      ...(nftName ? { nftName } : {}),
      ...(p.recipient ? { recipient: p.recipient } : {}),
      ...(p.previousRecipient ? { previousRecipient: p.previousRecipient } : {}),
    }
  })
  const job: JobRow = {
    id,
    kind: request.kind,
    network,
    account,
    createdAt: now,
    updatedAt: now,
    status: 'planned',
    params: {
      ...extraParams,
      feeDrops: feeDrops.toString(),
      ...spec.params?.(request, planned),
    },
    counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
    plan: figures,
  }
  await createJob(deps.db, job, items, { ...request })
  return {
    jobId: id,
    kind: request.kind,
    items: items.length,
    ...figures,
    // A shuffled plan (a randomized airdrop) names the seed it was shuffled with.
    ...('seed' in request && request.seed ? { shuffleSeed: request.seed } : {}),
  }
}
