/**
 * Jobs and their items (worker side; the UI reads through queries/jobs.ts). Every state change of a
 * job's items and its counts is written in one transaction, so a crash never leaves them disagreeing.
 */
import type { ItemStatus, JobItemRow } from './types/jobItems.ts'
import type { JobActivity, JobCounts, JobRow, JobStatus, PauseReason } from './types/jobs.ts'
import type { LedgerDb } from './schema.ts'

/** A job's item id: the index zero-padded so ids sort in plan order. */
export function itemId(jobId: string, index: number): string {
  return `${jobId}:${String(index).padStart(6, '0')}`
}

/** Counts of items by status, as JobRow.counts keeps them. */
export function countItems(items: readonly Pick<JobItemRow, 'status'>[]): JobCounts {
  const counts: JobCounts = {
    total: items.length,
    pending: 0,
    inFlight: 0,
    succeeded: 0,
    failed: 0,
    skipped: 0,
  }
  for (const item of items) counts[item.status] += 1
  return counts
}

/**
 * Records a planned job, all its intents and the request it came from at once: nothing is signed
 * before this commits.
 */
export async function createJob(
  db: LedgerDb,
  job: JobRow,
  items: JobItemRow[],
  request: Record<string, unknown>,
): Promise<void> {
  await db.transaction('rw', db.jobs, db.jobItems, db.jobRequests, async () => {
    await db.jobs.add({ ...job, counts: countItems(items) })
    await db.jobItems.bulkAdd(items)
    await db.jobRequests.add({ jobId: job.id, request })
  })
}

/** The request a job was planned from, as the user made it. */
export async function readJobRequest(
  db: LedgerDb,
  jobId: string,
): Promise<Record<string, unknown> | undefined> {
  return (await db.jobRequests.get(jobId))?.request
}

/** How many of the latest items JobRow.activity keeps (the progress card shows two). */
const RECENT_ITEMS = 2

/** When an item was last signed or submitted (0 before its first signature). */
function lastTouched(item: Pick<JobItemRow, 'attempts'>): number {
  const a = item.attempts.at(-1)
  return a ? (a.submittedAt ?? a.signedAt) : 0
}

/** The job's activity after writing `changed` (undefined while nothing has been signed). */
export function nextActivity(
  prev: JobActivity | undefined,
  changed: readonly JobItemRow[],
): JobActivity | undefined {
  let activity = prev
  const recent = new Map(prev?.recent.map((r) => [r.id, r.at]))
  for (const item of changed) {
    const at = lastTouched(item)
    if (at === 0) continue
    const signed = item.attempts[0]!.signedAt
    activity = {
      startedAt: Math.min(activity?.startedAt ?? signed, signed),
      lastAt: Math.max(activity?.lastAt ?? at, at),
      recent: [],
    }
    recent.set(item.id, at)
  }
  if (!activity) return undefined
  const latest = [...recent].sort((a, b) => b[1] - a[1]).slice(0, RECENT_ITEMS)
  return { ...activity, recent: latest.map(([id, at]) => ({ id, at })) }
}

export function readJob(db: LedgerDb, jobId: string): Promise<JobRow | undefined> {
  return db.jobs.get(jobId)
}

/**
 * A job's items as a key range, in plan order: item ids are `${jobId}:${index padded}`, and ';' is the
 * character after ':', so the range holds the job's items and no other job's.
 */
export function jobItemRange(db: LedgerDb, jobId: string) {
  return db.jobItems.where('id').between(`${jobId}:`, `${jobId};`)
}

/** A job's items in plan order. */
export function readItems(db: LedgerDb, jobId: string): Promise<JobItemRow[]> {
  return jobItemRange(db, jobId).toArray()
}

/**
 * Copies of the items to write, each with the acceptance stored for it: the acceptance tracker writes
 * that field while a runner may hold an older copy of the row, and the runner never sets it.
 */
async function keepAcceptance(db: LedgerDb, items: readonly JobItemRow[]): Promise<JobItemRow[]> {
  const stored = await db.jobItems.bulkGet(items.map((i) => i.id))
  return items.map((item, k) => {
    const copy = structuredClone(item)
    const acceptance = stored[k]?.acceptance
    if (acceptance) copy.acceptance = acceptance
    return copy
  })
}

/**
 * Thrown inside a write whose fencing epoch is no longer the job's: another runner took the job (the
 * writer lost the account's lock: a stale tab or worker). Nothing of that write is stored.
 */
export class FencedError extends Error {
  override name = 'FencedError'
  constructor(jobId: string) {
    super(`job ${jobId}: another runner took this job`)
  }
}

/** How a runner or a user request writes a job's items (see saveItems). */
export interface ItemWrite {
  /** The job's new status, written with the items. */
  status?: JobStatus
  /** The writer's fencing epoch: unless the stored job still has it, FencedError and nothing written. */
  epoch?: number
  /** Called last inside the transaction; if it throws, nothing is written. */
  guard?: () => void
  /** Why the run waits (JobRow.notice); null clears it; undefined leaves it as it is. */
  notice?: string | null
}

/**
 * Writes changed items and the job's new counts (and status) in one transaction. An item's
 * `acceptance` as stored is kept (see keepAcceptance).
 *
 * @param all - every item of the job as the caller now holds them (for the counts).
 * @param changed - the items to write.
 * @param write - the new status, and the writer's epoch and guard (a runner that lost the job, or
 *   was abandoned meanwhile, must not overwrite what its successor writes).
 * @returns the job row as stored after the write (a runner reads requests from it: pause, cancel).
 */
export async function saveItems(
  db: LedgerDb,
  jobId: string,
  all: readonly JobItemRow[],
  changed: readonly JobItemRow[],
  write: ItemWrite = {},
): Promise<JobRow | undefined> {
  const { status, epoch, guard, notice } = write
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (epoch !== undefined && job?.epoch !== epoch) throw new FencedError(jobId)
    if (!job || (changed.length === 0 && !status && notice === undefined)) return job
    if (changed.length) await db.jobItems.bulkPut(await keepAcceptance(db, changed))
    const activity = nextActivity(job.activity, changed)
    const patch = {
      counts: countItems(all),
      updatedAt: Date.now(),
      ...(activity ? { activity } : {}),
      ...(status ? { status } : {}),
      ...(notice !== undefined ? { notice: notice ?? undefined } : {}),
    }
    await db.jobs.update(jobId, patch)
    guard?.()
    return { ...job, ...patch }
  })
}

/** Statuses a runner takes a job in: it was running, waits its turn, or is being cancelled. */
export const RUNNABLE: readonly JobStatus[] = ['running', 'waiting', 'cancelling']

/**
 * A runner takes the job: its epoch is bumped (fencing out any earlier runner), its runner id
 * recorded, and `waiting` becomes `running`. A job that failed with attempts still in flight is taken
 * too, to settle them.
 *
 * @returns the job as taken (with its new epoch), or undefined when it is not runnable (any more).
 */
export async function claimJob(
  db: LedgerDb,
  jobId: string,
  runnerId: string,
): Promise<JobRow | undefined> {
  return await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !(RUNNABLE.includes(job.status) || isUnsettledFailure(job))) return undefined
    const patch = {
      epoch: (job.epoch ?? 0) + 1,
      runnerId,
      status: job.status === 'waiting' ? ('running' as const) : job.status,
      updatedAt: Date.now(),
    }
    await db.jobs.update(jobId, patch)
    return { ...job, ...patch }
  })
}

/** A failed job whose attempts are still in flight: a runner settles them (nothing new is signed). */
function isUnsettledFailure(job: JobRow): boolean {
  return job.status === 'failed' && job.counts.inFlight > 0
}

/** What changes an item when a job is started or cancelled without a runner (see updateIdleJob). */
type ItemChange = (item: JobItemRow) => Partial<JobItemRow> | undefined

/**
 * Changes a job that no runner works on, items and status in one transaction: a `planned` job, or
 * one paused or waiting with nothing in flight. The epoch is bumped, so a runner that was just ending
 * writes nothing after it.
 *
 * @param from - the statuses the job may have (checked with the counts inside the transaction).
 * @param change - the new fields of each item (undefined: unchanged).
 * @returns false, writing nothing, when the job is not idle in one of `from`.
 */
export async function updateIdleJob(
  db: LedgerDb,
  jobId: string,
  from: readonly JobStatus[],
  to: JobStatus,
  change: ItemChange,
): Promise<boolean> {
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !from.includes(job.status)) return false
    if (job.status !== 'planned' && job.counts.inFlight > 0) return false
    const items = await readItems(db, jobId)
    const changed: JobItemRow[] = []
    for (const item of items) {
      const fields = change(item)
      if (!fields) continue
      Object.assign(item, fields)
      changed.push(item)
    }
    if (changed.length) await db.jobItems.bulkPut(changed)
    await db.jobs.update(jobId, {
      status: to,
      counts: countItems(items),
      epoch: (job.epoch ?? 0) + 1,
      updatedAt: Date.now(),
      pausedBy: undefined,
    })
    return true
  })
}

export async function setJobStatus(
  db: LedgerDb,
  jobId: string,
  status: JobStatus,
  error?: string,
): Promise<void> {
  await db.jobs.update(jobId, { status, updatedAt: Date.now(), ...(error ? { error } : {}) })
}

/**
 * Records the error that stops a running job (while its attempts in flight still settle), so the
 * user sees why at once; only while the job still has the writer's epoch.
 */
export async function noteJobError(
  db: LedgerDb,
  jobId: string,
  epoch: number | undefined,
  error: string,
): Promise<void> {
  await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (job && job.epoch === epoch) await db.jobs.update(jobId, { error, updatedAt: Date.now() })
  })
}

/** Besides the new status, what a status switch records (see switchJobStatus). */
export interface StatusSwitch {
  /** Why the job stopped (`failed`), or the error a running job met. */
  error?: string
  /** Switch only while the job still has this fencing epoch (a runner recording its end). */
  epoch?: number
  /** Why it is paused (to `paused`; cleared by any other status). */
  pausedBy?: PauseReason
}

/**
 * Sets the job's status only while it is one of `from` (compare-and-set in one transaction), so that
 * two writers (a runner that ends, the user who pauses, resumes or cancels, another tab) cannot undo
 * each other.
 *
 * @returns whether the status was switched.
 */
export async function switchJobStatus(
  db: LedgerDb,
  jobId: string,
  from: readonly JobStatus[],
  to: JobStatus,
  extra: StatusSwitch = {},
): Promise<boolean> {
  return await db.transaction('rw', db.jobs, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || !from.includes(job.status)) return false
    if (extra.epoch !== undefined && job.epoch !== extra.epoch) return false
    await db.jobs.update(jobId, {
      status: to,
      updatedAt: Date.now(),
      pausedBy: to === 'paused' ? (extra.pausedBy ?? job.pausedBy ?? 'user') : undefined,
      ...(extra.error ? { error: extra.error } : {}),
    })
    return true
  })
}

/**
 * Jobs that were running (or about to) when the app last stopped, oldest first: they resume by
 * themselves. Failed jobs with attempts still in flight are among them, to be settled.
 */
export async function unfinishedJobs(db: LedgerDb): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('status')
    .anyOf([...RUNNABLE, 'failed'])
    .sortBy('createdAt')
  return jobs.filter((job) => job.status !== 'failed' || isUnsettledFailure(job))
}

/** An account's paused jobs on a network that were paused for one of `reasons`, oldest first. */
export async function pausedJobsOf(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  reasons: readonly PauseReason[],
): Promise<JobRow[]> {
  const jobs = await db.jobs
    .where('[network+account]')
    .equals([network, account])
    .sortBy('createdAt')
  return jobs.filter((j) => j.status === 'paused' && reasons.includes(j.pausedBy ?? 'user'))
}

/** Item statuses that are final. */
export const FINAL_ITEM: ReadonlySet<ItemStatus> = new Set(['succeeded', 'failed', 'skipped'])

/** A job's items that will still be signed or may still apply: pending or in flight. */
function liveItems(db: LedgerDb, jobId: string): Promise<JobItemRow[]> {
  return db.jobItems
    .where('[jobId+status]')
    .anyOf([
      [jobId, 'pending'],
      [jobId, 'inFlight'],
    ])
    .toArray()
}

/**
 * The NFTs that an account's unfinished jobs on a network will still offer or are offering: the offer
 * items of its running, waiting and paused airdrops and listings that are pending or in flight, by NFT
 * id, with their job. A new job that offered them too would give one NFT a second recipient or price
 * once the other job goes on.
 */
export async function nftsBeingOffered(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
): Promise<Map<string, JobRow>> {
  // Those that will still sign: running or waiting to, or paused (to be resumed).
  const jobs = (
    await db.jobs.where('[network+account]').equals([network, account]).toArray()
  ).filter(
    (job) =>
      (job.kind === 'airdrop' || job.kind === 'list') &&
      (job.status === 'running' || job.status === 'waiting' || job.status === 'paused'),
  )
  const offered = new Map<string, JobRow>()
  for (const job of jobs) {
    for (const item of await liveItems(db, job.id)) {
      if (item.intent.type === 'offer') offered.set(item.intent.nftId, job)
    }
  }
  return offered
}

/** An NFT of a job that another started job of the account offers or burns. */
export interface TakenNft {
  /** The item of the job asked about (plan order). */
  itemIndex: number
  nftId: string
  /** The other job, and its kind. */
  byJob: string
  byKind: JobRow['kind']
}

/** Statuses of a started job: it signs, will sign, or settles what it signed. */
const STARTED: ReadonlySet<JobStatus> = new Set(['running', 'waiting', 'paused', 'cancelling'])

/** The NFT an item offers or burns (the intents that need the NFT to be the account's, untouched). */
function nftOf(item: JobItemRow): string | null {
  return item.intent.type === 'offer' || item.intent.type === 'burn' ? item.intent.nftId : null
}

/**
 * The pending items of `job` whose NFT another started job of the same account offers or burns (an
 * item of it pending or in flight): two live offers of one NFT, or an NFT given away and on sale.
 * Call it inside the transaction that starts the job, so that no other start slips in between.
 */
export async function takenNfts(
  db: LedgerDb,
  job: JobRow,
  items: readonly JobItemRow[],
): Promise<TakenNft[]> {
  const mine = items.filter((item) => item.status === 'pending' && nftOf(item) !== null)
  if (mine.length === 0) return []
  const others = (
    await db.jobs.where('[network+account]').equals([job.network, job.account]).toArray()
  ).filter(
    (other) =>
      other.id !== job.id &&
      (STARTED.has(other.status) || isUnsettledFailure(other)) &&
      other.kind !== 'cancel' &&
      other.kind !== 'accept',
  )
  const byNft = new Map<string, JobRow>()
  for (const other of others) {
    for (const item of await liveItems(db, other.id)) {
      const nftId = nftOf(item)
      if (nftId) byNft.set(nftId, other)
    }
  }
  return mine.flatMap((item) => {
    const other = byNft.get(nftOf(item)!)
    return other
      ? [{ itemIndex: item.index, nftId: nftOf(item)!, byJob: other.id, byKind: other.kind }]
      : []
  })
}

/**
 * Why a taken NFT's item is left out, in plain words.
 *
 * @param outcome - what becomes of it: 'was skipped', 'will be skipped', or none (the start refused).
 */
export function takenMessage(taken: TakenNft, outcome?: string): string {
  const what = taken.byKind === 'burn' ? 'burns' : 'offers'
  const reason = `NFT ${taken.nftId.slice(0, 8)}...${taken.nftId.slice(-8)}: another ${taken.byKind} of this wallet (job ${taken.byJob.slice(0, 8)}), started after this job was planned, ${what} it`
  return outcome ? `${reason}. It ${outcome}, so that it is not offered twice` : reason
}

/**
 * Starts a planned job (`planned` → `waiting`), unless one of its NFTs is taken by another started
 * job of the account (see takenNfts): checked in the same transaction that starts it, so two tabs
 * starting two jobs with the same NFT cannot both go. With `skipTaken` the taken items are skipped
 * (with why) and the job starts.
 *
 * @param change - the new fields of each item at the start (pre-flight's problems skipped).
 * @returns whether it started, and the taken items (skipped, or standing in the way).
 */
export async function startPlannedJob(
  db: LedgerDb,
  jobId: string,
  change: ItemChange,
  skipTaken: boolean,
): Promise<{ started: boolean; taken: TakenNft[] }> {
  return await db.transaction('rw', db.jobs, db.jobItems, async () => {
    const job = await db.jobs.get(jobId)
    if (!job || job.status !== 'planned') return { started: false, taken: [] }
    const items = await readItems(db, jobId)
    const changed = new Set<JobItemRow>()
    for (const item of items) {
      const fields = change(item)
      if (!fields) continue
      Object.assign(item, fields)
      changed.add(item)
    }
    const taken = await takenNfts(db, job, items)
    if (taken.length > 0 && !skipTaken) return { started: false, taken }
    for (const t of taken) {
      const item = items[t.itemIndex]!
      const message = takenMessage(t, 'was skipped')
      Object.assign(item, { status: 'skipped', result: 'TAKEN', message })
      changed.add(item)
    }
    if (changed.size) await db.jobItems.bulkPut([...changed])
    await db.jobs.update(jobId, {
      status: 'waiting',
      counts: countItems(items),
      epoch: (job.epoch ?? 0) + 1,
      updatedAt: Date.now(),
      pausedBy: undefined,
    })
    return { started: true, taken }
  })
}

/**
 * The NFTs an account's burn jobs on a network burned in a ledger after `ledgerIndex`: a list of its
 * NFTs read from that ledger still names them, and must not bring them back.
 *
 * @param since - Unix ms: only jobs updated since then can have burned after the ledger read.
 */
export async function nftsBurnedAfter(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  ledgerIndex: number,
  since: number,
): Promise<Set<string>> {
  const jobs = await db.jobs.where('[network+account]').equals([network, account]).toArray()
  const burned = new Set<string>()
  for (const job of jobs.filter((j) => j.kind === 'burn' && j.updatedAt >= since)) {
    const items = await db.jobItems.where('[jobId+status]').equals([job.id, 'succeeded']).toArray()
    for (const item of items) {
      const done = item.attempts.find((a) => a.final === 'tesSUCCESS')
      if (item.intent.type === 'burn' && (done?.ledgerIndex ?? 0) > ledgerIndex) {
        burned.add(item.intent.nftId)
      }
    }
  }
  return burned
}
