/**
 * 'Re-offer unclaimed': the offers of an airdrop that still wait go, in one job, to other recipients
 * (the cancellation of each and a new offer of its NFT: see airdropKind's re-offer). The recipients
 * are a new distribution list, or the holders of the airdrop's snapshot that its rules give something
 * and no airdrop of the chain sent to (reofferSnapshot.ts).
 */
import { giftOf, offerItems } from '../../../db/acceptance.ts'
import { readItems, readJob } from '../../../db/jobs.ts'
import { EngineError } from '../../../shared/errors.ts'
import type { JobPlan, ReofferRecipients } from '../../api.ts'
import { unfinishedAirdrop } from './reclaim.ts'
import type { ReclaimDeps } from './reclaim.ts'
import { snapshotRecipients } from './reofferSnapshot.ts'
import type { ReofferSnapshotDeps } from './reofferSnapshot.ts'

/** The recipients a re-offer names. */
export type ReofferTo = ReofferRecipients

/** What a re-offer needs: a reclaim's, and the confirmation of a snapshot's holders. */
export type ReofferDeps = ReclaimDeps & ReofferSnapshotDeps

/**
 * Plans the re-offer of an airdrop's waiting offers (`params.reofferOf` names the airdrop).
 *
 * @throws EngineError as AirdropApi.planReoffer says.
 */
export async function planReoffer(
  deps: ReofferDeps,
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
  // A list's recipients are the list's: its job names no snapshot. The snapshot's are drawn by the
  // airdrop's rules, and the job keeps the snapshot (at the ledger read) and the rules.
  const drawn = Array.isArray(to)
    ? null
    : await snapshotRecipients(deps, job, to, earlier, waiting.length)
  // A list goes on where the airdrop left off: the same CSV uploaded again would otherwise send its
  // first rows a second NFT (they were offered one, and may have claimed it).
  const fromList = Array.isArray(to) ? to.filter((row) => !earlier.has(row.address)) : null
  const distribution = drawn ? drawn.distribution : (fromList ?? to)
  if (Array.isArray(to) && to.length > 0 && fromList?.length === 0) {
    throw new EngineError(
      'VALIDATION',
      'Every recipient of this list was offered an NFT by this airdrop already: load a list of other recipients to re-offer to',
    )
  }
  if (drawn && drawn.distribution.length === 0) {
    throw new EngineError(
      'VALIDATION',
      `No holder of the snapshot at ledger ${drawn.snapshot.ledgerIndex} is left to re-offer to: the airdrop's rules give the others nothing, they were offered NFTs already, or no second server confirmed them`,
    )
  }
  if (!Array.isArray(distribution) || distribution.length === 0) {
    throw new EngineError('VALIDATION', 'Name at least one recipient to re-offer to')
  }
  // An airdrop's offers, or a mint's (its NFTs minted and offered in one): NFTs of the account now.
  const offers = waiting.flatMap((item) => {
    const gift = giftOf(item)
    return gift ? [{ ...gift, offerId: item.offerId }] : []
  })
  return await deps.jobs.planJob(
    {
      kind: 'airdrop',
      distribution,
      nftIds: offers.map((o) => o.nftId),
      randomize: false,
      reoffer: { of: jobId, offers },
      ...(drawn ? { snapshot: drawn.snapshot, rules: drawn.rules } : {}),
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
