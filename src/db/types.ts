/**
 * Rows of the app's IndexedDB (see schema.ts). Plain, structured-cloneable data: the worker writes
 * them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../shared/networks.ts'

/** One NFT as the ledger describes it (account_nfts plus the fields parsed from its NFTokenID). */
export interface NftItem {
  nftId: string
  issuer: string
  taxon: number
  serial: number
  /** Transfer fee in units of 1/100000 (0–50000); the UI shows it as fee / 1000 %. */
  transferFee: number
  /** NFToken flags (lsfBurnable 1, lsfOnlyXRP 2, lsfTrustLine 4, lsfTransferable 8, lsfMutable 16). */
  flags: number
  transferable: boolean
  burnable: boolean
  /** The URI decoded to text; null when the NFT has none or it is not valid UTF-8. */
  uri: string | null
}

/** The last loaded NFT list of an account on a network: what the collection shows offline. */
export interface NftSnapshotRow {
  network: NetworkId
  account: string
  nfts: NftItem[]
  /** Unix ms when the list finished loading. */
  loadedAt: number
  /** The validated ledger the list was read from. */
  ledgerIndex: number
}

/** A trait as the app shows it, normalised from `{trait_type, value}` objects or plain strings. */
export interface NftAttribute {
  trait_type: string
  value: string
}

/** Why metadata could not be used; the card still shows the ledger's own fields. */
export type MetadataProblem =
  'no-uri' | 'unsupported-uri' | 'http-error' | 'timeout' | 'too-large' | 'not-json' | 'network'

/** Normalised, sanitised metadata of one NFT, keyed by NFTokenID (the spec's metadata cache entry). */
export interface MetadataRow {
  nftId: string
  /** 'loaded': a usable document was read; 'failed': see `problem`. */
  status: 'loaded' | 'failed'
  problem?: MetadataProblem
  /** Plain text, length-capped; never HTML. */
  name: string | null
  description: string | null
  collection: string | null
  /** An http(s) or data:image URL, IPFS already resolved to a gateway; null when none is safe. */
  image: string | null
  attributes: NftAttribute[]
  /** Unix ms of the fetch; entries older than 24 h are refetched. */
  fetchedAt: number
  /** Approximate stored size, for the cache statistics and the mobile cap. */
  sizeBytes: number
}

/** A setting, by key (network choice, dark mode, splash seen, gateway lists …). */
export interface SettingRow {
  key: string
  value: unknown
}

/**
 * The GEM Wallet regular key of one account, encrypted at rest (docs/architecture.md §3.1). `passphrase`: AES-GCM
 * under a key derived from the user's passphrase (PBKDF2-SHA-256, `iterations`, `salt`), which is
 * stored nowhere: page script alone cannot decrypt it. `device` (or absent, in rows stored before
 * passphrases): AES-GCM under the non-extractable device key kept in the same database — this hides
 * the seed's bytes from a copy of the rows, but any script running in the page can decrypt it.
 */
export interface StoredKeyRow {
  /** `${network}:${primaryAddress}` */
  id: string
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
  /** What wraps the key; absent means `device`. */
  protection?: KeyProtectionKind
  /** `passphrase`: the PBKDF2 salt and iteration count. */
  salt?: Uint8Array
  iterations?: number
  /** AES-GCM initialisation vector and ciphertext of the regular key's seed. */
  iv: Uint8Array
  ciphertext: ArrayBuffer
  createdAt: number
}

/** How a stored regular key is wrapped (see StoredKeyRow). */
export type KeyProtectionKind = 'passphrase' | 'device'

/** The device's key-encryption key: a non-extractable AES-GCM CryptoKey. */
export interface DeviceKeyRow {
  id: 'device'
  key: CryptoKey
}

/** The bulk operations the jobs engine runs. */
export type JobKind = 'airdrop' | 'list' | 'burn' | 'cancel' | 'accept' | 'removeRegularKey'

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
 * coming back to the job's network resumes it.
 */
export type PauseReason = 'user' | 'wallet' | 'network'

/**
 * Where an airdrop offer stands with its recipient. An offer becomes a transfer only when the
 * recipient accepts it. `offered`: the offer is on the ledger, waiting. `accepted`: the recipient took
 * the NFT. `gone`: the offer left the ledger without a transfer (cancelled or reclaimed, expired, the
 * NFT burned or sold through another offer).
 */
export type AcceptanceState = 'offered' | 'accepted' | 'gone'

/** The acceptance of one airdrop offer (a succeeded offer item of an airdrop job). */
export interface ItemAcceptance {
  state: AcceptanceState
  /** The validated ledger this was read from (or in which the stream showed the change). */
  ledgerIndex: number
  /** Unix ms of the check. */
  checkedAt: number
  /** For `gone`: what is known of why, in plain words. */
  detail?: string
}

/**
 * Acceptance counts over an airdrop's offers (its succeeded offer items), kept on the job row for the
 * UI. An offer not checked yet counts as `offered`: it was created on the ledger.
 */
export interface AcceptanceSummary {
  offered: number
  accepted: number
  gone: number
  /** Unix ms of the last full check from the ledger; null before the first. */
  checkedAt: number | null
  /** Unix ms when the tracker checks next; null when nothing is left to track (no offer waits). */
  nextCheckAt: number | null
}

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
  /** True when no blocking problem stands in the way. */
  canStart: boolean
}

/** One intended ledger action. Exactly one transaction per intent may ever succeed. */
export type Intent =
  | {
      type: 'offer'
      nftId: string
      amountDrops: string
      destination?: string
      expiration?: number
      /**
       * 'List again': the account's earlier sell offers on this NFT, cancelled by an earlier item of the
       * same job. The offer is signed only once they are; if their cancellation fails, it is skipped.
       */
      replaces?: string[]
    }
  | { type: 'burn'; nftId: string }
  | { type: 'cancel'; offerIds: string[] }
  /**
   * Sell the NFT to a bidder: accept their buy offer on it, on the terms the user confirmed (the
   * ledger's bid is compared with them right before signing; on any difference nothing is signed).
   */
  | {
      type: 'accept'
      offerId: string
      nftId: string
      /** The bid as the user confirmed it; absent only in jobs planned before it was recorded. */
      terms?: BidTerms
      /** The user confirmed that the bid is in a token (an issued currency), which may be worthless. */
      acceptToken?: boolean
    }
  /**
   * Remove the account's regular key (SetRegularKey without RegularKey), signed by that key itself:
   * `keyAddress` is the key removed, as the ledger had it when the job was planned.
   */
  | { type: 'removeRegularKey'; keyAddress: string }

/**
 * An item's state. `pending`: no live attempt (never signed, or every attempt is provably dead).
 * `inFlight`: an attempt is signed (and maybe submitted) and not yet final. Final: `succeeded`
 * (tesSUCCESS in a validated ledger), `failed` (a tec in a validated ledger, or a rejection that proves
 * it can never apply), `skipped` (left out by pre-flight or by cancelling the job before it was signed).
 */
export type ItemStatus = 'pending' | 'inFlight' | 'succeeded' | 'failed' | 'skipped'

/** One signed transaction of an intent. Its blob and hash are stored before it is submitted. */
export interface Attempt {
  sequence: number
  /** The latest validated ledger when it was signed: it cannot be in any ledger before this one. */
  firstLedger: number
  lastLedgerSequence: number
  feeDrops: string
  hash: string
  txBlob: string
  signedAt: number
  /** The submit's engine_result (preliminary; only a validated ledger is final). */
  preliminary?: string
  submittedAt?: number
  /** The validated result, or 'dead' once it provably never applied. */
  final?: string
  /** Validated ledger of the final result. */
  ledgerIndex?: number
}

export interface JobItemRow {
  /** `${jobId}:${index}` (index zero-padded so items sort in plan order). */
  id: string
  jobId: string
  index: number
  intent: Intent
  status: ItemStatus
  attempts: Attempt[]
  /** The final result code (tesSUCCESS, tec…, tef…), and a plain-words message. */
  result?: string
  message?: string
  /** The NFTokenOffer created (offer items). */
  offerId?: string
  /** The airdrop recipient's row in the CSV, for reports. */
  recipient?: string
  /** Airdrop offers that succeeded: whether the recipient accepted them (acceptance tracking). */
  acceptance?: ItemAcceptance
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
    /** A recipient requires a destination tag, which an NFT offer cannot carry. */
    | 'REQUIRES_DEST_TAG'
    /** The NFT is offered (or burned) by another started job of the account. */
    | 'TAKEN'
    /** The account has no regular key to remove, or another key than this session's. */
    | 'NO_REGULAR_KEY'
    /** Master key disabled and no signer list: removing the regular key is refused. */
    | 'NO_ALTERNATIVE_KEY'
  message: string
  /** The item it concerns (plan order), if any. */
  itemIndex?: number
  blocking: boolean
}

/** The spec's cache statistics. */
export interface CacheStats {
  /** Cache entries for the NFTs of the current (or given) account. */
  walletEntries: number
  totalEntries: number
  sizeKb: number
}

/** Preferences kept in IndexedDB. */
export interface AppSettings {
  network: NetworkId
  darkMode: boolean
  hasSeenSplash: boolean
  preferredAuthMethod: 'seed' | 'regularkey' | null
  /** IPFS gateway base URLs to try in order (per network default when empty). */
  ipfsGateways: string[]
  /**
   * The account last opened on each network (public addresses only, never a secret): a reload opens
   * it read-only.
   */
  viewAccounts: Partial<Record<NetworkId, string>>
  /**
   * The user's own servers per network, used before the public ones. Written only through
   * EngineApi.addOwnEndpoint, which checks each server belongs to the network first.
   */
  ownEndpoints: Partial<Record<NetworkId, OwnEndpoint[]>>
}

/** What a server the user adds is for: everything (a rippled), or `nfts_by_issuer` (a Clio). */
export type OwnEndpointKind = 'ledger' | 'clio'

/** A server the user added to a network (see AppSettings.ownEndpoints). */
export interface OwnEndpoint {
  /** Its WebSocket address (wss://, or ws:// on this device). */
  url: string
  kind: OwnEndpointKind
  /** Unix ms. */
  addedAt: number
}

/** An offer's amount: XRP in drops, or an issued currency amount as the ledger states it. */
export type OfferAmount =
  | { kind: 'xrp'; drops: string }
  | {
      kind: 'issued'
      currency: string
      /** The currency as people read it: the 3-letter code, or a 40-hex code decoded to text. */
      code: string
      issuer: string
      value: string
    }

/** What sets the value of a sale to a bid: its amount, who made it, for whom, and until when. */
export interface BidTerms {
  amount: OfferAmount
  bidder: string
  /** Only this account may accept it; null for any holder. */
  destination: string | null
  /** Ripple-epoch seconds after which nobody can accept it; null when it never expires. */
  expiration: number | null
}

/** The NFT an offer is about, as the metadata cache knows it (null fields when not cached). */
export interface OfferNft {
  name: string | null
  collection: string | null
  image: string | null
  attributes: NftAttribute[]
}

/** A buy offer another account made on one of the account's NFTs. */
export interface BidView {
  offerId: string
  nftId: string
  bidder: string
  amount: OfferAmount
  /** Only this account may accept it (a bid can name the seller); null for any holder. */
  destination: string | null
  /** Unix ms when it expires; null when it never does. */
  expiresAt: number | null
  expired: boolean
  /** The highest live XRP bid on its NFT. */
  best: boolean
  /** The NFT's issuer and transfer fee (units of 1/100000): the issuer's cut when it is sold. */
  issuer: string
  transferFee: number
  /** The issuer's cut of an XRP bid, drops (0 when the seller is the issuer); null for other amounts. */
  transferFeeDrops: string | null
  nft: OfferNft
}

/** Bids on an account's NFTs as read from one validated ledger (the Orders tab's last reading, kept
 * in IndexedDB). */
export interface BidsReport {
  network: NetworkId
  account: string
  ledgerIndex: number
  /** Unix ms of the read. */
  readAt: number
  /** NFTs whose bids were read. */
  nftsChecked: number
  /** Best bids first, then by NFT and amount. */
  bids: BidView[]
}

/** Why an offer is worth cancelling (several may hold at once). */
export interface OfferFlags {
  /** Its expiration has passed: nobody can accept it; anyone may cancel it; it only locks reserve. */
  expired: boolean
  /** A sell offer on an NFT its owner no longer holds: it can never be accepted. */
  unfillable: boolean
  /**
   * One of several sell offers on the same NFT, and not the one kept: the kept one is the newest by
   * creation ledger, then by the creating transaction's place in that ledger, among those not
   * expired.
   */
  duplicate: boolean
}

/** One NFT offer of the account, classified. */
export interface OfferView {
  offerId: string
  nftId: string
  /** A sell offer; else a buy offer (a bid the account made on someone else's NFT). */
  sell: boolean
  amount: OfferAmount
  /** Only this account may accept it; null for a public offer. */
  destination: string | null
  /** Unix ms when it expires; null when it never does. */
  expiresAt: number | null
  /** The ledger it was created in. */
  createdLedger: number
  flags: OfferFlags
  /** The app's airdrop job that made this offer, if one did. */
  airdropJobId: string | null
  nft: OfferNft
}

/** How many offers have each property (the Active Offers card and the flags' buttons). */
export interface OfferCounts {
  /** Sell offers. */
  total: number
  /** Sell offers asking more than 0 (issued-currency amounts count as paid). */
  paid: number
  /** Sell offers for 0 XRP: airdrop offers, as a rule. */
  free: number
  /** The account's bids (buy offers). */
  bids: number
  expired: number
  unfillable: number
  duplicate: number
}

/** The account's offers as read from one validated ledger. */
export interface OffersReport {
  network: NetworkId
  account: string
  ledgerIndex: number
  /** Unix ms: the close time of that ledger (what 'expired' was judged by). */
  closedAt: number
  /** Unix ms of the read. */
  readAt: number
  /** Sell offers, newest first. */
  sell: OfferView[]
  /** The account's bids (buy offers on others' NFTs), newest first. */
  bids: OfferView[]
  counts: OfferCounts
  /** Owner reserve the offers lock, drops (one owner reserve each). */
  reserveLockedDrops: string
}
