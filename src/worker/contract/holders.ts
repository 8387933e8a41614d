/**
 * A collection's holders, for project teams: a snapshot read from Clio at one ledger, and the rules
 * that turn it into an airdrop's distribution list.
 */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { DistributionFile } from './airdrop.ts'
import type { ProgressListener } from './progress.ts'

/** Reading a collection's holders and distributing to them. */
export const holdersContract = {
  /**
   * Reads who holds the NFTs of `issuer` (and `taxon`, or every taxon) from the network's Clio
   * servers (`nfts_by_issuer`, 100 NFTs a page, each request within the server's budget), every page
   * at the ledger of the first, leaving burned NFTs out. Each page read is saved on this device: a
   * snapshot interrupted (a reload, a dropped connection) is resumed where it stopped, at the same
   * ledger, unless `fresh`. A finished one is read anew.
   *
   * @throws EngineError `VALIDATION` for an invalid issuer or taxon, or a network without Clio;
   *   `NOT_FOUND` when the issuer's account does not exist; `NETWORK` when no Clio server answers (the
   *   pages read so far are kept).
   */
  snapshotHolders:
    method<
      (
        request: HolderSnapshotRequest,
        onProgress?: ProgressListener<HolderSnapshotProgress>,
      ) => Promise<HolderSnapshot>
    >(),

  /** The snapshot stored on this device for `issuer` (and `taxon`), finished or not; null if none. */
  holderSnapshot: method<(issuer: string, taxon?: number) => Promise<HolderSnapshot | null>>(),

  /**
   * The snapshot as CSV: `holder,nft_count,marks` in the snapshot's order, the ledger index in the
   * file name the UI gives it. Reads as a distribution list as it is (the `holder` column is not one
   * of the recipient names: the counts are holdings, not NFTs to send).
   */
  holderSnapshotCsv: method<(issuer: string, taxon?: number) => Promise<string>>(),

  /**
   * Applies `rules` to a finished snapshot and returns the distribution list they give, with what was
   * left out and why: the same shape the CSV reader returns, ready for `planJob` (pass `snapshot`
   * and `rules` along with it, so the job and its report keep the ledger it was taken at, and a
   * re-offer keeps the rules).
   *
   * Clio's word alone does not make a recipient: every holder the rules give something is confirmed
   * by another server of the network than the one(s) that listed the holders — `account_nfts` of the
   * holder at the snapshot's ledger, the collection's NFTs counted, each request within that server's
   * budget; answers are kept with the snapshot, so each holder is asked about once. A holder that
   * server says holds fewer than listed is left out and named, whatever the rules say; one no other
   * server could confirm (none is known, none has that ledger, none answered) is left out unless
   * `rules.keepUnconfirmed` (see {@link HolderConfirmation}). Holders are left out after the rules
   * gave the shares: a pro-rata share left out is not given to the others.
   *
   * @param onProgress - how far the confirmation is.
   * @throws EngineError `VALIDATION` for rules out of range or no finished snapshot; `NOT_FOUND`.
   */
  snapshotDistribution:
    method<
      (
        issuer: string,
        taxon: number | undefined,
        rules: DistributionRules,
        onProgress?: ProgressListener<HolderConfirmProgress>,
      ) => Promise<SnapshotDistribution>
    >(),
}

/** {@link holdersContract} as the methods it declares. */
export interface HoldersApi extends Api<typeof holdersContract> {}

/** What {@link HoldersApi.snapshotHolders} reads. */
export interface HolderSnapshotRequest {
  issuer: string
  /** One taxon (collection) of the issuer; every taxon when absent. */
  taxon?: number
  /** Start over at the current ledger even when an unfinished snapshot could be resumed. */
  fresh?: boolean
}

/** How far a snapshot is. */
export interface HolderSnapshotProgress {
  /** NFTs read so far (burned ones included). */
  read: number
  /** Pages read so far. */
  pages: number
  /** The ledger the pages are read at; null before the first page. */
  ledgerIndex: number | null
  /** It goes on from pages read before (an interrupted snapshot). */
  resumed: boolean
  /** Set while a server's limit for this device sets the pace (issue 19's budgets), in words. */
  serverPace?: string
}

/**
 * Why a holder is marked: the collection's issuer itself, the connected account, or a marketplace's
 * broker account (shared/marketplaces.ts). Marked holders are left out of a distribution by default.
 */
export type HolderMark = 'issuer' | 'connected' | 'marketplace'

/** One holder in a snapshot. */
export interface SnapshotHolder {
  address: string
  /** NFTs of the collection it holds. */
  count: number
  marks: HolderMark[]
  /** The marketplace whose broker it is, with the 'marketplace' mark. */
  marketplace?: string
}

/** A collection's holders at one ledger. */
export interface HolderSnapshot {
  network: NetworkId
  issuer: string
  taxon: number | null
  /** The validated ledger every page was read at; null before the first page. */
  ledgerIndex: number | null
  /** Every page was read. */
  complete: boolean
  /** NFTs that exist (burned ones left out). */
  nfts: number
  /** Burned NFTs the server still lists (left out). */
  burned: number
  /** Most NFTs held first, then by address. */
  holders: SnapshotHolder[]
  /** Unix ms when the last page was read; null while pages remain. */
  takenAt: number | null
}

/** Where a distribution came from, kept on its airdrop job and in its report. */
export interface SnapshotSource {
  /** The network it was read on: an airdrop on another network refuses it. */
  network: NetworkId
  issuer: string
  taxon: number | null
  ledgerIndex: number
}

/**
 * Rules that turn a snapshot into a distribution list, applied in this order: leave out the marked
 * holders and the block list, then those under the minimum holding; give each holder its NFTs by
 * `mode`; cap each at `cap`.
 */
export interface DistributionRules {
  /**
   * `perHolder`: `each` NFTs per holder (1 by default); `perNft`: one NFT per NFT held; `proRata`:
   * `total` NFTs shared in proportion to holdings, each share rounded down and the NFTs left over
   * given one each to the largest remainders (ties: the larger holding, then the address).
   */
  mode: 'perHolder' | 'perNft' | 'proRata'
  each?: number
  total?: number
  /** Holders of fewer NFTs are left out (1 by default). */
  minHolding?: number
  /** Marks whose holders are left out; all three by default. */
  exclude?: HolderMark[]
  /** Addresses left out, whatever they hold. */
  blockList?: string[]
  /**
   * A block list as pasted or uploaded, read in the worker like every CSV (papaparse: quotes,
   * delimiters, a BOM): the first column of each row is an address (an X-address is read as its
   * account), the other columns are notes; a first row naming the column (`address`, `wallet`, …) is
   * a header. A row whose first column is not an address is named in `problems`, as is a row with an
   * address in another column (only the first is read). Adds to `blockList`.
   */
  blockListText?: string
  /** The most NFTs one holder gets. */
  cap?: number
  /**
   * Keep the holders no second server could confirm (left out by default): their holdings are then
   * the listing Clio server's word alone. Holders another server contradicts are never kept.
   */
  keepUnconfirmed?: boolean
}

/** How far the confirmation of a distribution's holders is. */
export interface HolderConfirmProgress {
  /** Holders asked about so far, of `total` to ask about (those already answered are not asked again). */
  checked: number
  total: number
  /** The snapshot's ledger, at which they are asked about. */
  ledgerIndex: number
  /** The server being asked; null before the first. */
  server: string | null
  /** Set while a server's limit for this device sets the pace, in words. */
  serverPace?: string
}

/**
 * What servers other than the listing Clio said of the holders a distribution gives something to.
 * `rows` holds the confirmed ones (and the unconfirmed when kept); the others are here.
 */
export interface HolderConfirmation {
  /** The Clio endpoint(s) that listed the holders. */
  listedBy: string[]
  /** The servers that were asked, in order. */
  servers: string[]
  /** Recipients another server confirmed. */
  confirmed: number
  /**
   * Holders no other server could confirm: left out unless `kept`. Addresses, in the distribution's
   * order.
   */
  unconfirmed: string[]
  /** Why they could not be confirmed, in words; null when none is unconfirmed. */
  why: string | null
  /** The unconfirmed holders are in the distribution (`rules.keepUnconfirmed`). */
  kept: boolean
  /**
   * Holders another server says hold fewer of the collection's NFTs than the listing said (an owner
   * the listing made up, or counted too high): always left out.
   */
  disputed: { address: string; listed: number; held: number; by: string }[]
}

/** A snapshot's distribution: the CSV reader's shape, plus where it came from and who was left out. */
export interface SnapshotDistribution extends DistributionFile {
  snapshot: SnapshotSource
  /**
   * The rules as applied (the block list read into addresses, defaults filled in): what `planJob`
   * keeps with the airdrop, so that a re-offer applies them again.
   */
  rules: DistributionRules
  /**
   * Holders the rules left out, by reason ('the issuer', 'on the block list', 'holds fewer than 3',
   * …); those the confirmation left out are in `confirmation`.
   */
  leftOut: { reason: string; holders: number }[]
  /** How the shares were rounded, in words (pro rata), or null. */
  rounding: string | null
  /** What another server said of the recipients. */
  confirmation: HolderConfirmation
}
