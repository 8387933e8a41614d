/** Starting a job with 'skip those items': the items pre-flight found a problem with are skipped. */
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import { problemReason } from './itemFacts.ts'

/**
 * The change of each item with a pre-flight problem: `skipped`, with the problem's code and its
 * reason (the job has run: no 'it will be skipped').
 */
export function skipProblem(job: JobRow): (item: JobItemRow) => Partial<JobItemRow> | undefined {
  const problems = job.plan?.problems ?? []
  return (item) => {
    const problem = problems.find((p) => p.itemIndex === item.index)
    return problem
      ? { status: 'skipped', result: problem.code, message: problemReason(problem.message) }
      : undefined
  }
}
