/**
 * Spare NFTs in place of skipped ones: an airdrop of 67 selected NFTs to 50 recipients leaves 17
 * unused, and a recipient whose NFT pre-flight skips for the NFT's own sake (already on offer, taken
 * by another job, not held or not transferable) gets the next spare that has no problem instead of
 * nothing. A recipient's own problem (it does not exist, refuses offers) no NFT can solve.
 */
import type { PlanProblem } from '../../api.ts'
import type { PlannedIntent } from '../jobKind.ts'

/** Problems of an item's NFT alone: another NFT for the same recipient has none of them. */
const NFT_CODES: ReadonlySet<PlanProblem['code']> = new Set([
  'NOT_OWNED',
  'NOT_TRANSFERABLE',
  'DUPLICATE',
])

/** The plan with spares given to the items skipped for their NFT alone, and how many were given. */
export interface SparesFill {
  planned: PlannedIntent[]
  used: number
}

/**
 * Gives spares, in their order, to the offers skipped for their NFT alone.
 *
 * @param problems - pre-flight's problems of `planned`.
 * @param spares - NFTs of the request no item uses, in the order the kind would draw them.
 * @param problemsOf - pre-flight's verdict on a one-item plan (a spare is taken only without one).
 */
export function fillFromSpares(
  planned: readonly PlannedIntent[],
  problems: readonly PlanProblem[],
  spares: readonly string[],
  problemsOf: (plan: PlannedIntent[]) => PlanProblem[],
): SparesFill {
  const byItem = new Map<number, PlanProblem[]>()
  for (const problem of problems) {
    if (problem.itemIndex === undefined) continue
    byItem.set(problem.itemIndex, [...(byItem.get(problem.itemIndex) ?? []), problem])
  }
  const out = [...planned]
  const taken = new Set(planned.flatMap(({ intent }) => ('nftId' in intent ? [intent.nftId] : [])))
  let next = 0
  let used = 0
  for (const [index, list] of [...byItem].sort(([a], [b]) => a - b)) {
    const item = planned[index]
    if (item?.intent.type !== 'offer' || (item.intent.replaces?.length ?? 0) > 0) continue
    if (!list.every((problem) => !problem.blocking && NFT_CODES.has(problem.code))) continue
    while (next < spares.length) {
      const spare = spares[next++] as string
      if (taken.has(spare)) continue
      const candidate: PlannedIntent = { ...item, intent: { ...item.intent, nftId: spare } }
      // Spent either way: a spare with a problem of its own would only have it again.
      taken.add(spare)
      if (problemsOf([candidate]).length > 0) continue
      out[index] = candidate
      used += 1
      break
    }
    if (next >= spares.length) break
  }
  return { planned: out, used }
}
