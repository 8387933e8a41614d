/**
 * The items of a planned job whose NFTs another job, started since, offers or burns: shown before
 * the start, skipped with `skipProblems`, else the start is refused.
 */
import { readItems } from '../../../db/jobs.ts'
import { takenMessage, takenNfts } from '../../../db/jobNfts.ts'
import type { TakenNft } from '../../../db/jobNfts.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobRow, PlanProblem } from '../../../db/types/jobs.ts'
import { EngineError } from '../../../shared/errors.ts'

/**
 * The items of a planned job whose NFTs another job started since offers or burns, as problems for
 * the confirmation to show (none for a job that is not planned).
 */
export async function takenItemProblems(db: LedgerDb, job: JobRow): Promise<PlanProblem[]> {
  if (job.status !== 'planned') return []
  const taken = await db.transaction('r', db.jobs, db.jobItems, async () =>
    takenNfts(db, job, await readItems(db, job.id)),
  )
  // Items pre-flight already leaves out are skipped anyway.
  const problems = new Set(job.plan?.problems.map((p) => p.itemIndex))
  return taken
    .filter((t) => !problems.has(t.itemIndex))
    .map((t) => ({
      code: 'TAKEN',
      message: takenMessage(t, 'will be skipped'),
      itemIndex: t.itemIndex,
      blocking: false,
    }))
}

/** A start refused because NFTs of the job are taken by another started job (see takenNfts). */
export function takenError(taken: readonly TakenNft[]): EngineError {
  const first = taken[0]!
  const more = taken.length > 1 ? ` (and ${taken.length - 1} more NFTs)` : ''
  return new EngineError(
    'VALIDATION',
    `${takenMessage(first)}${more}. Skip those items or plan again`,
  )
}
