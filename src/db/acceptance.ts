/**
 * Acceptance of offers to recipients — an airdrop's, and a mint's made with its NFT (XLS-52) —
 * (worker side): which offers still wait, and recording what the ledger
 * showed. Writes touch only the `acceptance` fields (Dexie `modify`/`update`, read-modify-write inside
 * one transaction), so they never undo what a job runner writes to the same rows; and an item's
 * `accepted` or `gone` is final: nothing later overwrites it (a slower poll that read an older ledger
 * cannot take back what the stream showed).
 */
import { intentEffects } from '../shared/intents.ts'
import type { NetworkId } from '../shared/networks.ts'
import type { LedgerDb } from './schema.ts'
import type { AcceptanceSummary, ItemAcceptance } from './types/acceptance.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobKind, JobRow, JobStatus } from './types/jobs.ts'

/** Job statuses after which a runner no longer writes the job's items. */
export const ENDED_JOB: ReadonlySet<JobStatus> = new Set(['completed', 'cancelled', 'failed'])

/** An offer item (an airdrop's, a mint's) with the fields tracking needs. */
export type OfferItem = JobItemRow & { offerId: string }

/** The job kinds whose items offer NFTs to recipients: their acceptance is tracked. */
export const OFFERING_KINDS: ReadonlySet<JobKind> = new Set(['airdrop', 'mint'])

/**
 * The NFT an item offered and to whom: an airdrop's offer, or the offer a mint made with its NFT
 * once the NFT's id is known; null for an item that offers nothing to a recipient (a listing's
 * offer to anyone, a mint without an offer).
 */
export function giftOf(item: JobItemRow): { nftId: string; recipient: string } | null {
  const effects = intentEffects(item.intent)
  const offer = effects.offer ?? effects.mint?.offer
  const nftId = effects.offer?.nftId ?? item.mintedNftId
  const recipient = offer?.destination ?? item.recipient
  return offer && nftId && recipient ? { nftId, recipient } : null
}

/** Whether an acceptance can still change (none yet, or `offered`). */
export function isWaiting(acceptance: ItemAcceptance | undefined): boolean {
  return acceptance === undefined || acceptance.state === 'offered'
}

/** The succeeded offer items of an airdrop (or a mint): the offers that reached the ledger. */
export async function offerItems(db: LedgerDb, jobId: string): Promise<OfferItem[]> {
  const items = await db.jobItems.where('[jobId+status]').equals([jobId, 'succeeded']).toArray()
  return items
    .filter((i): i is OfferItem => typeof i.offerId === 'string' && giftOf(i) !== null)
    .sort((a, b) => a.index - b.index)
}

/** The offer items whose acceptance can still change. */
export async function waitingItems(db: LedgerDb, jobId: string): Promise<OfferItem[]> {
  return (await offerItems(db, jobId)).filter((i) => isWaiting(i.acceptance))
}

/**
 * The account's airdrops on the network whose offers may be accepted or go: those running (or paused,
 * waiting), and the ended ones with offers never checked from the ledger or still `offered`.
 */
export async function watchedAirdrops(
  db: LedgerDb,
  network: NetworkId,
  account: string,
): Promise<JobRow[]> {
  const jobs = await db.jobs.where('[network+account]').equals([network, account]).toArray()
  return jobs.filter((j) => {
    if (!OFFERING_KINDS.has(j.kind) || j.status === 'planned') return false
    if (!ENDED_JOB.has(j.status)) return true
    const summary = j.acceptance
    // checkedAt null: the summary holds only what the stream wrote while the job ran (offers that
    // had succeeded by then), not a count of all its offers; a worker that died before the
    // end-of-job count left it so.
    return (
      j.counts.succeeded > 0 &&
      (summary === undefined || summary.offered > 0 || summary.checkedAt === null)
    )
  })
}

/** Counts of offer items by acceptance; one never checked counts as `offered` (it was created). */
function countStates(
  items: readonly OfferItem[],
): Pick<AcceptanceSummary, 'offered' | 'accepted' | 'gone'> {
  const counts = { offered: 0, accepted: 0, gone: 0 }
  for (const item of items) counts[item.acceptance?.state ?? 'offered'] += 1
  return counts
}

/** What a write changes on the summary besides the counts. */
export interface SummaryTimes {
  /** A full check from the ledger just ended at this time; absent keeps the previous one. */
  checkedAt?: number
  /** When to check next (ignored, null, once no offer waits); absent keeps the previous one. */
  nextCheckAt?: number | null
}

/**
 * Records acceptances of one airdrop's items and its new summary, in one transaction.
 *
 * @param updates - by item id; an item already `accepted` or `gone` keeps its state.
 * @returns the job's summary as written.
 */
export async function recordAcceptance(
  db: LedgerDb,
  jobId: string,
  updates: ReadonlyMap<string, ItemAcceptance>,
  times: SummaryTimes = {},
): Promise<AcceptanceSummary> {
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    if (updates.size) {
      await db.jobItems
        .where('id')
        .anyOf([...updates.keys()])
        .modify((item) => {
          const next = updates.get(item.id)
          if (next && isWaiting(item.acceptance)) item.acceptance = next
        })
    }
    const job = await db.jobs.get(jobId)
    const counts = countStates(await offerItems(db, jobId))
    const before = job?.acceptance
    const nextCheckAt = times.nextCheckAt === undefined ? before?.nextCheckAt : times.nextCheckAt
    const summary: AcceptanceSummary = {
      ...counts,
      checkedAt: times.checkedAt ?? before?.checkedAt ?? null,
      nextCheckAt: counts.offered > 0 ? (nextCheckAt ?? null) : null,
    }
    await db.jobs.update(jobId, { acceptance: summary })
    return summary
  })
}
