/** The airdrop: a distribution list read from a CSV, the offers' acceptance, reclaiming them. */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { AcceptanceSummary } from '../../db/types/acceptance.ts'
import type { DistributionRules, SnapshotSource } from './holders.ts'
import type { JobPlan } from './jobs.ts'

/** Reading a distribution list, following an airdrop's offers, reclaiming those left. */
export const airdropContract = {
  /**
   * Reads a distribution list (the Airdrop tab's CSV) in the worker: papaparse with delimiter, quote,
   * BOM and CRLF handling; the spec's rules (a `wallet_address` column, case-insensitive; `nft_amount`
   * defaulting to 1; rows with an empty address skipped), other tools' column names (recipients from
   * `address`, `account`, `destination`, `owner` or `wallet`; counts from `amount`, `count`,
   * `quantity` or `total`; see {@link CsvColumns}) plus per-row checks — the address's checksum,
   * X-addresses decoded (one carrying a destination tag is refused: an offer carries no tag), the
   * connected wallet's own address refused, later duplicates of a recipient skipped — each reported
   * with its line number. The file never leaves the device.
   *
   * @param file - the chosen file (or its text, in tests).
   * @param fileName - its name; it must end in `.csv` (any case).
   * @param columns - the user's pick where the file has several candidate columns.
   * @throws EngineError `VALIDATION` with the spec's message: 'Please select a CSV file', 'CSV file
   *   must have at least a header and one data row', 'CSV must contain "wallet_address" column' (with
   *   the other names accepted and the columns found), a chosen column the file lacks,
   *   'No valid distribution data found in CSV', or 'CSV processing failed: {reason}' (too large,
   *   unreadable, over 10 MB or 100,000 rows).
   */
  parseDistributionCsv:
    method<
      (file: Blob | string, fileName: string, columns?: ColumnChoice) => Promise<DistributionFile>
    >(),

  /**
   * A distribution CSV to try on the network in use: on the Sandbox its ten recipients that accept
   * the offers made to them, one NFT each; null on any other network (no account there is known to
   * want NFTs).
   */
  sampleDistributionCsv: method<() => Promise<string | null>>(),

  /**
   * Reads from the validated ledger, now, where an airdrop's offers stand with their recipients
   * (offered, accepted, gone) and records it on the job's items and row, which the UI observes.
   * The engine also does this by itself for the connected wallet's airdrops: first 10 s after a run
   * ends, then every 30 s while any offer waits, and at once when the account stream shows an offer
   * accepted or cancelled.
   *
   * @throws EngineError `NOT_FOUND` for an unknown job; `VALIDATION` for a job that is not an airdrop
   *   or not the connected wallet's.
   */
  checkAcceptance: method<(jobId: string) => Promise<AcceptanceSummary>>(),

  /**
   * 'Reclaim unaccepted': plans a cancel job (500 offers per transaction) of an airdrop's offers that
   * are still waiting on the ledger, freeing their reserve. Confirm and start it like any job
   * (`startJob`); its row's `params.reclaimOf` names the airdrop.
   *
   * @throws EngineError `VALIDATION` when no offer of the airdrop is waiting ('Nothing to reclaim:
   *   every offer was accepted or is gone') or the job is not the connected wallet's airdrop.
   */
  planReclaim: method<(jobId: string) => Promise<JobPlan>>(),

  /**
   * 'Re-offer unclaimed': plans, in one job, the cancellation of an airdrop's offers still waiting and
   * new free offers of those NFTs to other recipients: `distribution` in its order (a new CSV), or
   * `'snapshot'` — the airdrop's rules (kept with it) applied again to the snapshot it was drawn from,
   * at the same ledger: the recipients they give that no airdrop of the chain sent to, in the
   * distribution's order, as many NFTs each as the rules give, each confirmed by a second server as
   * the distribution's were. When that snapshot is no longer on this device, or a newer one replaced
   * it, the refusal says it must be taken again (its `data` is `{ retake: true, ledgerIndex, stored }`
   * with the stored one's ledger or null); once it is, `{ snapshotLedger }` names the stored snapshot's
   * ledger to re-offer to it instead, and the job and its report name that ledger. Offers beyond the
   * recipients stay as they are. The job is an airdrop (`params.reofferOf` names the first); its
   * report names each NFT's previous recipient. Confirm and start it like any job.
   *
   * @throws EngineError `VALIDATION` when no offer waits, the airdrop is running or paused, it has no
   *   snapshot or no rules to take recipients from, its snapshot must be retaken, or no recipient is
   *   left; `NOT_FOUND` for an unknown job.
   */
  planReoffer: method<(jobId: string, to: ReofferRecipients) => Promise<JobPlan>>(),
}

/** {@link airdropContract} as the methods it declares. */
export interface AirdropApi extends Api<typeof airdropContract> {}

/**
 * Whom a re-offer goes to: the airdrop's snapshot at its own ledger, the snapshot retaken since (at
 * this ledger), or a distribution list.
 */
export type ReofferRecipients =
  'snapshot' | { snapshotLedger: number } | { address: string; count: number }[]

/** An airdrop: NFTs handed out to the rows of a distribution list as free sell offers. */
export interface AirdropRequest {
  kind: 'airdrop'
  /** Recipients in CSV order with how many NFTs each gets. */
  distribution: { address: string; count: number }[]
  /** The NFTs to hand out, in selection order. */
  nftIds: string[]
  /** Shuffle which NFT goes to whom (the spec's fairness option). */
  randomize: boolean
  /**
   * The shuffle seed of an earlier plan (32 hex digits, any case), to reproduce its exact
   * distribution; a fresh random seed when absent. Only used with `randomize`: without it a seed
   * is still checked (VALIDATION 'The shuffle seed must be 32 hexadecimal digits …') but dropped.
   */
  seed?: string
  /**
   * The holder snapshot the distribution was drawn from (HoldersApi.snapshotDistribution): kept on
   * the job (`params.snapshot`) and in every row of its report.
   */
  snapshot?: SnapshotSource
  /**
   * The rules that drew the distribution from `snapshot` (SnapshotDistribution.rules), kept with the
   * job (in its stored request: a block list may hold 100,000 addresses, too many for the row every
   * read copies) so that a re-offer to the snapshot applies them again. Only with `snapshot`.
   */
  rules?: DistributionRules
  /**
   * 'Re-offer unclaimed' (AirdropApi.planReoffer): the offers of an earlier airdrop that still wait,
   * each NFT's offer cancelled and its NFT offered to the next recipient of `distribution`, in one job.
   * `nftIds` are these offers' NFTs, in this order; a new offer is signed only once the cancellation
   * of the old one succeeded.
   */
  reoffer?: { of: string; offers: { nftId: string; offerId: string; recipient: string }[] }
}

/** One recipient of a distribution list, in CSV order. */
export interface DistributionRow {
  /** The line of the file it came from (the header is line 1). */
  line: number
  /** The classic address (an X-address without a tag is decoded to it). */
  address: string
  /** NFTs this recipient gets (nft_amount; 1 when missing or not a positive whole number). */
  count: number
}

/** Something the CSV check found: `skipped` rows are left out of the distribution; `note` rows stay. */
export interface CsvProblem {
  line: number
  severity: 'skipped' | 'note'
  message: string
}

/** A parsed distribution list: the spec's upload summary plus the problems per row. */
export interface DistributionFile {
  fileName: string
  /** Valid recipients in CSV order (the spec's distributionData). */
  rows: DistributionRow[]
  /** Data rows read (the spec's processed_count), valid or not. */
  processedCount: number
  /** NFTs requested in total (the sum of the rows' counts). */
  nftsRequested: number
  problems: CsvProblem[]
  /** The columns read, and the others that could have been. */
  columns: CsvColumns
}

/**
 * The columns a distribution list was read from, as its header spells them. Where a role has several
 * candidates (an `Owner` and a `Destination` column), the first by alias order was read and
 * `needsChoice` is set until the user picks ({@link ColumnChoice}).
 */
export interface CsvColumns {
  recipient: string
  /** null: no count column was read (one NFT per recipient). */
  count: string | null
  /** The header's columns named like recipients (`wallet_address`, `address`, `account`, …). */
  recipientCandidates: string[]
  /** The header's columns named like counts (`nft_amount`, `amount`, `count`, …). */
  countCandidates: string[]
  /** Several candidates for a role and no pick yet: the plan waits for the user to pick. */
  needsChoice: boolean
}

/** The user's pick of columns: a header name each; `count: null` reads no count (1 each). */
export interface ColumnChoice {
  recipient?: string
  count?: string | null
}
