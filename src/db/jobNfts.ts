/**
 * The NFTs of an account's jobs: those its unfinished jobs still offer or burn (a new job must not
 * take them too), and those its burn jobs burned.
 */
import { hasUnsettledAttempts, readItems } from './jobs.ts'
import type { LedgerDb } from './schema.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobRow, JobStatus } from './types/jobs.ts'

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

/**
 * The NFT an item offers or burns (the intents that need the NFT to be the account's, untouched);
 * for a mint, the NFT it makes, by its mint key: two jobs of one account must not mint it twice.
 */
function nftOf(item: JobItemRow): string | null {
  const { intent } = item
  if (intent.type === 'mint') return `${MINT_KEY}${mintKey(intent, '-')}`
  return intent.type === 'offer' || intent.type === 'burn' ? intent.nftId : null
}

/** What starts a mint's key where an NFT id would be (no NFT id has a space). */
const MINT_KEY = 'mint '

/**
 * The NFTs the account's started jobs on a network (but `except`) still offer or burn — an item of
 * theirs pending or in flight — with the job: a new job must leave them alone (two live offers of
 * one NFT, or an NFT given away and on sale). Cancellations and sales take no NFT of their own.
 */
export async function nftsOfStartedJobs(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  except?: string,
): Promise<Map<string, JobRow>> {
  const others = (
    await db.jobs.where('[network+account]').equals([network, account]).toArray()
  ).filter(
    (other) =>
      other.id !== except &&
      (STARTED.has(other.status) || hasUnsettledAttempts(other)) &&
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
  return byNft
}

/**
 * The pending items of `job` whose NFT another started job of the same account offers or burns
 * (nftsOfStartedJobs). Call it inside the transaction that starts the job, so that no other start
 * slips in between.
 */
export async function takenNfts(
  db: LedgerDb,
  job: JobRow,
  items: readonly JobItemRow[],
): Promise<TakenNft[]> {
  const mine = items.filter((item) => item.status === 'pending' && nftOf(item) !== null)
  if (mine.length === 0) return []
  const byNft = await nftsOfStartedJobs(db, job.network, job.account, job.id)
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
  if (taken.nftId.startsWith(MINT_KEY)) {
    const uri = taken.nftId.split(' ').slice(3).join(' ')
    const reason = `The NFT of row ${taken.itemIndex + 1} (${uri}): another mint of this wallet (job ${taken.byJob.slice(0, 8)}), started after this job was planned, mints it`
    return outcome ? `${reason}. It ${outcome}, so that it is not minted twice` : reason
  }
  const what = taken.byKind === 'burn' ? 'burns' : 'offers'
  const reason = `NFT ${taken.nftId.slice(0, 8)}...${taken.nftId.slice(-8)}: another ${taken.byKind} of this wallet (job ${taken.byJob.slice(0, 8)}), started after this job was planned, ${what} it`
  return outcome ? `${reason}. It ${outcome}, so that it is not offered twice` : reason
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

/** A URI a mint job of the account holds: minted by it, or still to be. */
export interface MintedUri {
  job: JobRow
  /** Minted (the item succeeded); otherwise still pending or in flight. */
  minted: boolean
}

/**
 * The URIs the account's mint jobs on a network hold, by `issuer taxon URI`: those their items
 * minted, and those their started jobs will still mint. A new mint of the
 * same NFT would make it twice.
 *
 * @param except - the job asked about, left out.
 */
export async function urisOfMintJobs(
  db: LedgerDb,
  network: JobRow['network'],
  account: string,
  except?: string,
): Promise<Map<string, MintedUri>> {
  const jobs = (
    await db.jobs.where('[network+account]').equals([network, account]).toArray()
  ).filter((job) => job.kind === 'mint' && job.id !== except)
  const held = new Map<string, MintedUri>()
  for (const job of jobs) {
    // A planned job holds nothing yet (a plan made again after Go back is the same mint); two
    // planned jobs are kept apart when the second starts (takenNfts).
    const open = STARTED.has(job.status) || hasUnsettledAttempts(job)
    const items = await readItems(db, job.id)
    for (const item of items) {
      if (item.intent.type !== 'mint') continue
      const minted = item.status === 'succeeded'
      const live = open && (item.status === 'pending' || item.status === 'inFlight')
      if (minted || live) held.set(mintKey(item.intent, account), { job, minted })
    }
  }
  return held
}

/** What makes two mints the same NFT: the issuer, the taxon and the URI. */
export function mintKey(
  intent: Extract<JobItemRow['intent'], { type: 'mint' }>,
  account: string,
): string {
  return `${intent.issuer ?? account} ${intent.taxon} ${intent.uri}`
}
