/**
 * What the progress and results cards say about a job, derived from its rows in IndexedDB: the
 * percentage, the step, the time left, the latest activity and the per-recipient details. Pure.
 */
import type { Attempt, JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { shortAddress } from '../../shared/format.ts'
import { counted } from '../../shared/plural.ts'

/** Items that reached an end (succeeded, failed or skipped). */
export function doneCount(job: JobRow): number {
  const { succeeded, failed, skipped } = job.counts
  return succeeded + failed + skipped
}

/** Whole percent of the items done (0 for an empty job). */
export function percentDone(job: JobRow): number {
  const { total } = job.counts
  return total === 0 ? 0 : Math.floor((doneCount(job) * 100) / total)
}

/** Why a paused job is paused, as the step line says it. */
const PAUSED_BY: Record<NonNullable<JobRow['pausedBy']>, string> = {
  user: 'Paused',
  wallet: 'Paused: wallet disconnected. Connect it again to go on',
  network: 'Paused: the app is on another network. Switch back to go on',
  approval: 'Paused: waiting for your approval in your wallet. Resume to be asked again',
  server: 'Paused: the server contradicted itself. Choose another server, then Resume',
}

/**
 * Whether the job runs in another tab or window of the app: its runner is not this tab's engine
 * (one runner per account, across tabs). Its progress shows here all the same.
 *
 * @param ownRunnerId - this tab's engine id (EngineApi.getRunnerId); null while unknown.
 */
export function runsElsewhere(job: JobRow, ownRunnerId: string | null): boolean {
  const running = job.status === 'running' || job.status === 'cancelling'
  return (
    running && ownRunnerId !== null && job.runnerId !== undefined && job.runnerId !== ownRunnerId
  )
}

/** A job another tab's runner held, while this tab has not yet learned whether that tab lives. */
export const RUNNER_UNKNOWN = 'Checking whether another tab or window of this app still runs it…'

/** A job left running by a tab that was closed, seen where the account is open read-only. */
export const RUNNER_GONE =
  "Stopped: the tab or window that ran it was closed. It goes on once this account's wallet is connected"

/**
 * A stopped job's transactions submitted before it stopped: the ledger may hold them already (the
 * footer and the list then count their NFTs gone) while the job row, written only by a runner, counts
 * them once one goes on. Said, so that 'Successful 0' does not read as nothing done.
 */
export function submittedText(inFlight: number): string {
  return `${counted(inFlight, 'transaction')} submitted before it stopped may already be on the ledger: they are counted when it goes on`
}

/**
 * Whether the job moves on here and now; false while it waits for the wallet, the network, the user
 * or a closed tab's runner (the card then makes no estimate of the time left, and names what was
 * submitted).
 */
export function progressing(
  job: JobRow,
  ownRunnerId: string | null,
  connected: boolean,
  runnerAlive: boolean | null,
): boolean {
  if (runsElsewhere(job, ownRunnerId)) return runnerAlive === true
  return connected && (job.status === 'running' || job.status === 'cancelling')
}

/** What a running job does while the ledger cannot be reached (the runner waits, then goes on). */
export const WAITING_FOR_NETWORK =
  'Paused: waiting for the network. The job goes on by itself when the connection returns'

/**
 * The step the job is at, in plain words. A pause is stored at once while submitted offers still
 * settle: `paused` with offers in flight reads 'pausing…'.
 *
 * @param ownRunnerId - this tab's engine id, to tell a job that runs in another tab.
 * @param connected - whether this tab's engine has a live ledger connection: without one, a job it
 *   runs waits for the network (nothing is signed or lost meanwhile).
 * @param runnerAlive - for a job another tab runs: whether that tab's runner is still alive
 *   (EngineApi.jobRunnerActive); null until known.
 */
export function stepText(
  job: JobRow,
  action = 'offers',
  ownRunnerId: string | null = null,
  connected = true,
  runnerAlive: boolean | null = true,
): string {
  const { pending, inFlight } = job.counts
  if (runsElsewhere(job, ownRunnerId)) {
    if (runnerAlive === null) return RUNNER_UNKNOWN
    if (!runnerAlive)
      return inFlight > 0 ? `${RUNNER_GONE}. ${submittedText(inFlight)}` : RUNNER_GONE
    return 'Running in another tab or window of this app (this tab takes over if it closes)'
  }
  if (!connected && job.status === 'running') return WAITING_FOR_NETWORK
  // A job an error stops still settles what it submitted before it ends `failed`.
  if (job.error && (job.status === 'running' || job.status === 'failed') && inFlight > 0) {
    return `Stopping: ${job.error}. Waiting for submitted transactions to settle`
  }
  switch (job.status) {
    case 'waiting':
      return 'Waiting for another job of this wallet to finish'
    case 'paused':
      // A server that lies keeps what it holds in flight: the pause names it, whatever is in flight.
      if (job.pausedBy === 'server' && job.notice) return job.notice
      if (inFlight > 0) return 'pausing…'
      // The wallet's refusal or absence, in its own words ('Waiting for your approval in Crossmark…').
      if (job.pausedBy === 'approval' && job.notice) return job.notice
      return PAUSED_BY[job.pausedBy ?? 'user']
    case 'cancelling':
      return 'Cancelling: waiting for submitted transactions to settle'
    case 'running':
      // Why it waits, when it does (a fee above what the user confirmed, say).
      if (job.notice) return job.notice
      return pending > 0 ? `Signing and submitting ${action}` : 'Waiting for validation'
    default:
      return ''
  }
}

/**
 * Minutes left at the pace so far (rounded up), or null before there is a pace to go by. The pace
 * comes from the job row (its first signature and latest activity), not from its items.
 *
 * @param now - Unix ms (a clock that ticks slowly: the latest activity counts as now too).
 */
export function minutesLeft(job: JobRow, now: number): number | null {
  const { activity } = job
  const done = doneCount(job) - job.counts.skipped
  const left = job.counts.total - doneCount(job)
  if (!activity || done <= 0) return null
  const end = Math.max(activity.lastAt, now)
  if (end <= activity.startedAt) return null
  const msPerItem = (end - activity.startedAt) / done
  return Math.max(1, Math.ceil((left * msPerItem) / 60_000))
}

/** The estimated-time line of the progress card. */
export function etaText(minutes: number | null): string {
  if (minutes === null) return 'Estimating time remaining…'
  return `About ${counted(minutes, 'minute')} remaining`
}

function latestAttempt(item: JobItemRow): Attempt | undefined {
  return item.attempts.at(-1)
}

/** An NFTokenID as the cards show it: enough of both ends to tell NFTs apart. */
export function shortNftId(id: string): string {
  return id.length > 20 ? `${id.slice(0, 8)}…${id.slice(-8)}` : id
}

/** A transaction hash prefix (the results card's details). */
export function hashPrefix(hash: string): string {
  return `${hash.slice(0, 10)}…`
}

function itemNft(item: JobItemRow): string {
  if (item.intent.type === 'cancel') return counted(item.intent.offerIds.length, 'offer')
  if (item.intent.type === 'removeRegularKey') return `key ${shortAddress(item.intent.keyAddress)}`
  if (item.intent.type === 'setMinter') {
    return item.intent.minter ? `minter ${shortAddress(item.intent.minter)}` : 'no minter'
  }
  if (item.nftName) return `“${item.nftName}”`
  if (item.intent.type === 'mint') {
    // Its id exists once it is minted; before, the manifest's row names it.
    return item.mintedNftId ? `NFT ${shortNftId(item.mintedNftId)}` : `NFT of row ${item.index + 1}`
  }
  // The name the NFT's card showed when the job was planned, as the user picked it.
  return `NFT ${shortNftId(item.intent.nftId)}`
}

function itemTarget(item: JobItemRow): string {
  const { intent } = item
  const to =
    item.recipient ??
    (intent.type === 'offer'
      ? intent.destination
      : intent.type === 'mint'
        ? intent.offer?.destination
        : undefined)
  return to ? ` to ${shortAddress(to)}` : ''
}

/** What a succeeded item did, by its intent. */
const DONE_VERB: Record<JobItemRow['intent']['type'], string> = {
  offer: 'Offered',
  burn: 'Burned',
  cancel: 'Cancelled',
  accept: 'Sold',
  removeRegularKey: 'Removed',
  mint: 'Minted',
  modify: 'Changed',
  setMinter: 'Authorized',
}

/** One activity line: what happened last to an item. */
export function activityLine(item: JobItemRow): string {
  const what = `${itemNft(item)}${itemTarget(item)}`
  switch (item.status) {
    case 'succeeded':
      return `${DONE_VERB[item.intent.type]} ${what}`
    case 'failed':
      return `Failed ${what}: ${item.message ?? item.result ?? 'unknown error'}`
    case 'skipped':
      return `Skipped ${what}`
    case 'inFlight':
      return `Submitted ${what}, waiting for validation`
    default:
      return `Will retry ${what}`
  }
}

/** The activity lines of the items a job touched last (JobRow.activity.recent), in that order. */
export function recentActivity(items: readonly JobItemRow[]): string[] {
  return items.filter((item) => item.attempts.length > 0).map(activityLine)
}

/** One recipient's part of an airdrop, for the results card's details. */
export interface RecipientResult {
  address: string
  items: JobItemRow[]
}

/** The items grouped by recipient, in plan order (the CSV's order). */
export function byRecipient(items: readonly JobItemRow[]): RecipientResult[] {
  const groups = new Map<string, RecipientResult>()
  for (const item of items) {
    const address =
      item.recipient ?? (item.intent.type === 'offer' ? item.intent.destination : undefined) ?? ''
    let group = groups.get(address)
    if (!group) {
      group = { address, items: [] }
      groups.set(address, group)
    }
    group.items.push(item)
  }
  return [...groups.values()]
}

/** The hash of the attempt that succeeded, else of the latest. */
export function shownHash(item: JobItemRow): string | undefined {
  return (item.attempts.find((a) => a.final === 'tesSUCCESS') ?? latestAttempt(item))?.hash
}
