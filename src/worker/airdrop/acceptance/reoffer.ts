/**
 * 'Re-offer unclaimed': the offers of an airdrop that still wait go, in one job, to other recipients
 * (the cancellation of each and a new offer of its NFT: see airdropKind's re-offer). The recipients
 * are a new distribution list, or the holders of the airdrop's snapshot it did not send to.
 */
import { offerItems } from '../../../db/acceptance.ts'
import { readItems, readJob } from '../../../db/jobs.ts'
import { holderSnapshotId, readHolderSnapshot } from '../../../db/holderSnapshots.ts'
import { EngineError } from '../../../shared/errors.ts'
import { marketplaceOfBroker } from '../../../shared/marketplaces.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import type { JobPlan } from '../../api.ts'
import { unfinishedAirdrop } from './reclaim.ts'
import type { ReclaimDeps } from './reclaim.ts'

/** The recipients a re-offer names. */
export type ReofferTo = 'snapshot' | { address: string; count: number }[]

/**
 * Plans the re-offer of an airdrop's waiting offers (`params.reofferOf` names the airdrop).
 *
 * @throws EngineError as AirdropApi.planReoffer says.
 */
export async function planReoffer(
  deps: ReclaimDeps,
  jobId: string,
  to: ReofferTo,
): Promise<JobPlan> {
  const job = await unfinishedAirdrop(deps, jobId)
  await deps.tracker.check(jobId)
  const waiting = (await offerItems(deps.db, jobId)).filter(
    (item) => item.acceptance?.state === 'offered',
  )
  if (!waiting.length) {
    throw new EngineError('VALIDATION', 'Nothing to re-offer: every offer was accepted or is gone')
  }
  const earlier = await earlierRecipients(deps, jobId)
  const distribution = to === 'snapshot' ? await nextHolders(deps, job, earlier) : to
  if (!Array.isArray(distribution) || distribution.length === 0) {
    throw new EngineError('VALIDATION', 'Name at least one recipient to re-offer to')
  }
  const offers = waiting.flatMap((item) =>
    item.intent.type === 'offer'
      ? [
          {
            nftId: item.intent.nftId,
            offerId: item.offerId,
            recipient: item.recipient ?? item.intent.destination ?? '',
          },
        ]
      : [],
  )
  return await deps.jobs.plan(
    {
      kind: 'airdrop',
      distribution,
      nftIds: offers.map((o) => o.nftId),
      randomize: false,
      reoffer: { of: jobId, offers },
      ...(isRecord(job.params.snapshot) ? { snapshot: job.params.snapshot } : {}),
    },
    { reofferOf: jobId },
  )
}

/**
 * Everyone the airdrop offered NFTs to, and the airdrops it re-offered (`params.reofferOf`, back to
 * the first): a re-offer of a re-offer does not go back to the first airdrop's recipients.
 */
async function earlierRecipients(
  deps: ReclaimDeps,
  jobId: string,
): Promise<Set<string | undefined>> {
  const recipients = new Set<string | undefined>()
  const seen = new Set<string>()
  for (let id: unknown = jobId; typeof id === 'string' && !seen.has(id);) {
    seen.add(id)
    for (const item of await readItems(deps.db, id)) recipients.add(item.recipient)
    id = (await readJob(deps.db, id))?.params.reofferOf
  }
  return recipients
}

/**
 * The holders of the airdrop's snapshot (as stored on this device) it did not send to, one NFT each,
 * in the snapshot's order (most NFTs first), the issuer, the wallet and brokers left out.
 */
async function nextHolders(
  deps: ReclaimDeps,
  job: Awaited<ReturnType<typeof unfinishedAirdrop>>,
  earlier: ReadonlySet<string | undefined>,
): Promise<{ address: string; count: number }[]> {
  const snapshot = job.params.snapshot
  if (!isRecord(snapshot) || typeof snapshot.issuer !== 'string') {
    throw new EngineError(
      'VALIDATION',
      'This airdrop was not drawn from a holder snapshot: load a distribution list to re-offer to',
    )
  }
  const taxon = typeof snapshot.taxon === 'number' ? snapshot.taxon : null
  const row = await readHolderSnapshot(
    deps.db,
    holderSnapshotId(job.network, snapshot.issuer, taxon),
  )
  if (!row?.complete) {
    throw new EngineError(
      'VALIDATION',
      'The holder snapshot of this airdrop is no longer on this device: take it again, or load a distribution list',
    )
  }
  return Object.entries(row.holders)
    .filter(
      ([address]) =>
        !earlier.has(address) &&
        address !== row.issuer &&
        address !== job.account &&
        !marketplaceOfBroker(address),
    )
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([address]) => ({ address, count: 1 }))
}
