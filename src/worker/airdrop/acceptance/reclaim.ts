/**
 * 'Reclaim unaccepted': a cancel job of an airdrop's offers that still wait, which frees their owner
 * reserve. The offers are checked against the ledger first, so that none already accepted or gone is
 * put in the job needlessly.
 *
 * A recipient may still accept between this check and the cancel transaction. NFTokenCancelOffer skips
 * ids that are no longer in the ledger (rippled: "It is not an error if the NFTokenOffer cannot be
 * found"; the sandbox does the same), so the cancel still succeeds for the others, the accepted offer
 * shows as `accepted` (stream or poll), and nothing ends half-done. If the cancel validates first, the
 * recipient's accept fails (tecOBJECT_NOT_FOUND) and the offer is `gone` with the NFT still held.
 */
import { offerItems } from '../../../db/acceptance.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import { EngineError } from '../../../shared/errors.ts'
import type { JobPlan } from '../../api.ts'
import type { AcceptanceTracker } from './acceptanceTracker.ts'
import type { JobService } from '../../jobs/jobService.ts'

export interface ReclaimDeps {
  db: LedgerDb
  tracker: Pick<AcceptanceTracker, 'ownAirdrop' | 'check'>
  jobs: Pick<JobService, 'planJob'>
}

/** Statuses of a job whose runner may still create offers. */
const ACTIVE = new Set(['running', 'waiting', 'cancelling'])

/**
 * The connected wallet's airdrop `jobId`, ended: its offers are settled, none will be made.
 *
 * @throws EngineError `NOT_FOUND` / `VALIDATION` (not its airdrop, running, or paused).
 */
export async function unfinishedAirdrop(deps: ReclaimDeps, jobId: string) {
  const job = await deps.tracker.ownAirdrop(jobId)
  if (ACTIVE.has(job.status)) {
    throw new EngineError('VALIDATION', 'This airdrop is still running: cancel it first')
  }
  // A paused runner may still be settling attempts in flight, and a resume would make more offers.
  if (job.status === 'paused') {
    const message = 'This airdrop is paused: cancel it first, or resume it and let it finish'
    throw new EngineError('VALIDATION', message)
  }
  return job
}

/**
 * Plans the cancel job of an airdrop's waiting offers (`params.reclaimOf` names the airdrop).
 *
 * @throws EngineError `NOT_FOUND` for an unknown job; `VALIDATION` for a job that is not the connected
 *   wallet's airdrop, one running or paused, or when no offer waits ('Nothing to reclaim: every offer was
 *   accepted or is gone').
 */
export async function planReclaim(deps: ReclaimDeps, jobId: string): Promise<JobPlan> {
  await unfinishedAirdrop(deps, jobId)
  await deps.tracker.check(jobId)
  const offerIds = (await offerItems(deps.db, jobId))
    .filter((item) => item.acceptance?.state === 'offered')
    .map((item) => item.offerId)
  if (!offerIds.length) {
    throw new EngineError('VALIDATION', 'Nothing to reclaim: every offer was accepted or is gone')
  }
  return await deps.jobs.planJob({ kind: 'cancel', offerIds }, { reclaimOf: jobId })
}
