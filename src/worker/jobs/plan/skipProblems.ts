/** Starting a job with 'skip those items': the items pre-flight found a problem with are skipped. */
import { readItems, saveItems } from '../../../db/jobs.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobItemRow, JobRow } from '../../../db/types.ts'

/** Marks each item with a pre-flight problem `skipped`, with the problem's code and message. */
export async function skipProblemItems(db: LedgerDb, job: JobRow): Promise<void> {
  const problems = job.plan?.problems ?? []
  const items = await readItems(db, job.id)
  const changed: JobItemRow[] = []
  for (const item of items) {
    const problem = problems.find((p) => p.itemIndex === item.index)
    if (!problem) continue
    item.status = 'skipped'
    item.result = problem.code
    item.message = problem.message
    changed.push(item)
  }
  await saveItems(db, job.id, items, changed)
}
