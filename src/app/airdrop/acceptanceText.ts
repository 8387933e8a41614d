/** The acceptance tracker's words (AcceptancePanel). Pure. */
import type { AcceptanceSummary } from '../../db/types/acceptance.ts'

function nextCheckText(nextCheckAt: number, now: number): string {
  const seconds = Math.ceil((nextCheckAt - now) / 1000)
  return seconds <= 0 ? 'Next check: now' : `Next check in ${seconds} s`
}

/**
 * When the offers were read and when they will be again, in one sentence that never contradicts
 * itself: an airdrop that made no offer has nothing to check, rather than 'not checked yet'.
 */
export function checkText(
  summary: AcceptanceSummary,
  now: number,
  timeOf: (ms: number) => string = (ms) => new Date(ms).toLocaleTimeString(),
): string {
  const { checkedAt, nextCheckAt } = summary
  if (checkedAt === null) {
    return nextCheckAt === null
      ? 'No offer to track'
      : `Not checked on the ledger yet · ${nextCheckText(nextCheckAt, now)}`
  }
  const next = nextCheckAt === null ? 'every offer settled' : nextCheckText(nextCheckAt, now)
  return `Last checked ${timeOf(checkedAt)} · ${next}`
}
