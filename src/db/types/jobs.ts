/**
 * Jobs: their kinds and statuses, the job row with its counts and activity, the request a job
 * was planned from, and what pre-flight found.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../../shared/networks.ts'
import type { AcceptanceSummary } from './acceptance.ts'

/** The bulk operations the jobs engine runs. */
export type JobKind =
  | 'airdrop'
  | 'list'
  | 'burn'
  | 'cancel'
  | 'accept'
  | 'removeRegularKey'
  | 'mint'
  | 'modify'
  | 'authorizeMinter'

/**
 * A job's life. `planned`: intents recorded, nothing signed, waiting for the user's go. `running` /
 * `paused` / `waiting` (another job of the account runs first). A pause is stored at once, while
 * attempts already submitted still settle: `paused` with `counts.inFlight > 0` reads "pausing…". `cancelling`: no new signatures; what is
 * in flight finishes. Final: `completed` (every item final), `cancelled`, `failed` (aborted by an error
 * that stops the whole job, e.g. a reserve shortfall found before signing).
 */
export type JobStatus =
  'planned' | 'waiting' | 'running' | 'paused' | 'cancelling' | 'completed' | 'cancelled' | 'failed'

/** Counts over a job's items, kept on the job row so lists need not read every item. */
export interface JobCounts {
  total: number
  pending: number
  inFlight: number
  succeeded: number
  failed: number
  skipped: number
}

/** A bulk job (the `jobs` table): its kind, account and network, and where it stands. */
export interface JobRow {
  id: string
  kind: JobKind
  network: NetworkId
  account: string
  createdAt: number
  updatedAt: number
  status: JobStatus
  /**
   * Small facts of the request (fee, shuffle seed, what a reclaim reclaims, recipients). The request
   * itself (up to 100,000 rows) is in `jobRequests`: every read of a job row copies it, and rows are
   * read at every step of a run and every change the UI observes.
   */
  params: Record<string, unknown>
  counts: JobCounts
  /** What the job did last, kept with the counts so the UI reads no item to show progress. */
  activity?: JobActivity
  /** What pre-flight found when the job was planned. */
  plan?: JobPlanFigures
  /** Why the job stopped, for `failed`. */
  error?: string
  /** Airdrops: where the offers stand with their recipients (acceptance tracking). */
  acceptance?: AcceptanceSummary
  /**
   * Fencing epoch: bumped each time a runner takes the job (and when an idle job is cancelled). A
   * runner writes the job's items only while the row still carries its epoch, checked inside the same
   * transaction, so a runner that lost the account's lock (a stale tab or worker) writes nothing.
   */
  epoch?: number
  /** The engine (one per tab or window) whose runner took the job last; the UI tells its own by it. */
  runnerId?: string
  /** Why a `paused` job is paused; absent for other statuses. */
  pausedBy?: PauseReason
  /**
   * Why a running job waits, in plain words (e.g. the network asks a higher fee than the user
   * confirmed); cleared when it goes on.
   */
  notice?: string
  /**
   * The highest sequence number the job's runners signed (its items' attempts and its no-op
   * fillers), stored before that transaction is submitted: a later job of the account gives new
   * intents only higher numbers (docs/architecture.md §3.2).
   */
  highestSequence?: number
  /**
   * The no-op fillers the job's runners signed (hash and number), stored before each is submitted:
   * when a paused job's intent finds its number used by one, only another server's word that it
   * validated proves the intent's own transaction dead (docs/architecture.md §3.2).
   */
  fillers?: { sequence: number; hash: string }[]
}

/** A job's latest activity (see JobRow.activity), updated with every write of its items. */
export interface JobActivity {
  /** Unix ms of the first signature: the job's real start. */
  startedAt: number
  /** Unix ms of the latest signature or submission. */
  lastAt: number
  /** The items signed or submitted last, newest first (at most two), with when. */
  recent: { id: string; at: number }[]
}

/** The request a job was planned from, as the user made it (kind specific, plain data). */
export interface JobRequestRow {
  jobId: string
  request: Record<string, unknown>
}

/**
 * Why a job is paused. `user`: the user asked (it waits for Resume). `wallet`: the wallet was
 * disconnected; connecting it again resumes the job. `network`: the app switched to another network;
 * coming back to the job's network resumes it. `approval`: the external wallet that approves its
 * transactions refused or closed (the job's `notice` says which); it waits for Resume. `server`: the
 * server contradicted itself in a way only a lying or broken one does (the `notice` names it); nothing
 * is signed for the intents concerned until Resume (docs/architecture.md §3.2).
 */
export type PauseReason = 'user' | 'wallet' | 'network' | 'approval' | 'server'

/** Pre-flight figures of a planned job (the JobPlan the UI confirmed, without the id). */
export interface JobPlanFigures {
  /** Ledger transactions the job will submit (cancellations pack up to 500 offers each). */
  transactions: number
  /** Total fees, drops. */
  feesDrops: string
  /** Owner reserve the job locks (positive) or frees (negative), drops: 0.2 XRP per new offer. */
  reserveChangeDrops: string
  /** What the account can spend now: balance minus its current reserve, drops. */
  spendableDrops: string
  problems: PlanProblem[]
  /**
   * Airdrops: selected NFTs beyond the recipients' count given to recipients whose NFT pre-flight
   * skipped for its own sake (already on offer, in another job, not held), so they still get one.
   */
  sparesUsed?: number
  /** True when no blocking problem stands in the way. */
  canStart: boolean
  /**
   * The network had one server in use and no other to ask (the user's own node alone, say): the
   * facts of this job that no second server confirms, in plain words. Absent with a second server.
   */
  unconfirmed?: string[]
}

/** One problem pre-flight found; `blocking` problems stop the whole job from starting. */
export interface PlanProblem {
  code:
    | 'NOT_OWNED'
    | 'NOT_TRANSFERABLE'
    | 'NO_DESTINATION'
    | 'REFUSES_OFFERS'
    | 'OFFER_NOT_FOUND'
    | 'NOT_AN_OFFER'
    | 'NOT_YOUR_OFFER'
    | 'INSUFFICIENT_RESERVE'
    | 'INSUFFICIENT_FEES'
    | 'DUPLICATE'
    | 'EXPIRED'
    /** A bid in a token whose code reads as XRP: a counterfeit of an XRP bid. */
    | 'READS_AS_XRP'
    /** A bid in a token: accepting it needs the user's own confirmation of the token. */
    | 'TOKEN_UNCONFIRMED'
    /** The ledger no longer says what the user confirmed (amount, bidder, destination, expiration). */
    | 'CHANGED'
    /** Two servers of the network disagree on a fact that sets a sale's value (or one could not say). */
    | 'SERVERS_DISAGREE'
    /** One server only: a sale's terms need the user's consent to take its word alone. */
    | 'ONE_SERVER'
    /** A recipient requires a destination tag, which an NFT offer cannot carry. */
    | 'REQUIRES_DEST_TAG'
    /** The NFT is offered (or burned) by another started job of the account. */
    | 'TAKEN'
    /** The account has no regular key to remove, or another key than this session's. */
    | 'NO_REGULAR_KEY'
    /** Master key disabled and no signer list: removing the regular key is refused. */
    | 'NO_ALTERNATIVE_KEY'
    /** An offer to a marketplace's broker that it would ignore (too low) or could take for free. */
    | 'MARKETPLACE_PRICE'
    /** Minting for an issuer that has not made the account its authorized minter (or is missing). */
    | 'NOT_AUTHORIZED'
    /** A mint's URI that nothing serves: the NFT would show nothing. */
    | 'METADATA_UNSERVED'
    /** A modify of an NFT minted without tfMutable: its URI can never change. */
    | 'NOT_MUTABLE'
  message: string
  /** The item it concerns (plan order), if any. */
  itemIndex?: number
  blocking: boolean
}
