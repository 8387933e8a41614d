/**
 * The contract between the UI and the ledger engine: the `EngineApi` the worker exposes through
 * Comlink and every type that crosses the boundary. Types only — this module has no runtime imports,
 * so the UI can import it (`import type`) without pulling xrpl.js into the main chunk.
 *
 * Every value that crosses must be structured-cloneable; callbacks cross as `Comlink.proxy(fn)`.
 * Failures reject with an `EngineError` (see `src/shared/errors.ts`): match on `name` and `code`.
 */
import type {
  AcceptanceState,
  AcceptanceSummary,
  AppSettings,
  BidTerms,
  BidView,
  BidsReport,
  CacheStats,
  ItemAcceptance,
  JobCounts,
  JobKind,
  JobStatus,
  NftAttribute,
  NftItem,
  OfferAmount,
  OfferCounts,
  OfferFlags,
  OfferNft,
  OfferView,
  OffersReport,
  OwnEndpoint,
  OwnEndpointKind,
  PlanProblem,
} from '../db/types.ts'
import type { FloorMultiplier } from '../shared/floorMultipliers.ts'
import type { NetworkId } from '../shared/networks.ts'

export type {
  FloorMultiplier,
  OwnEndpoint,
  OwnEndpointKind,
  AcceptanceState,
  AcceptanceSummary,
  AppSettings,
  BidTerms,
  BidView,
  BidsReport,
  CacheStats,
  ItemAcceptance,
  JobCounts,
  JobKind,
  JobStatus,
  NetworkId,
  NftAttribute,
  NftItem,
  OfferAmount,
  OfferNft,
  PlanProblem,
  OfferCounts,
  OfferFlags,
  OfferView,
  OffersReport,
}

/**
 * The life of the ledger connection.
 * - `connecting`: trying the network's endpoints for the first time.
 * - `connected`: a WebSocket is open and the ledger stream is subscribed.
 * - `reconnecting`: the connection broke; trying the endpoints again.
 * - `offline`: every endpoint failed (or nothing was asked yet); retries continue with backoff.
 */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline'

/** What the engine knows about its ledger connection: a snapshot, replaced on every change. */
export interface NetworkStatus {
  /** The network in use (or being connected to). */
  network: NetworkId
  /** The WebSocket endpoint in use or being tried; null before the first attempt. */
  endpoint: string | null
  /** Connection state. */
  state: ConnectionState
  /** The latest validated ledger seen; null until known. Kept (stale) while reconnecting. */
  ledgerIndex: number | null
  /** Base account reserve in XRP (1 on mainnet since 2024-12); null until known. */
  reserveBaseXrp: number | null
  /** Owner reserve per ledger object in XRP (0.2 on mainnet); null until known. */
  reserveIncXrp: number | null
  /** Reference transaction cost in XRP, before load scaling; null until known. */
  baseFeeXrp: number | null
  /** Why the last attempt failed, fit to show; null once connected. */
  error: string | null
}

/**
 * Receives status snapshots. Through Comlink it must be wrapped in `Comlink.proxy(...)`; a listener
 * whose call fails (its page is gone) is dropped.
 */
export type StatusListener = (status: NetworkStatus) => void

/** The ledger engine, as the UI sees it through Comlink. */
export interface EngineApi {
  /**
   * Connects to a network, trying its endpoints in order (failover), and keeps the connection:
   * a dropped connection is retried with backoff (100 ms doubling to 60 s) across the endpoints.
   * Switching networks closes the previous connection. Asking for the network already in use
   * returns its current status at once (possibly `reconnecting`); asking again while `offline`
   * starts over with the first endpoint and no backoff.
   *
   * @param networkId - the network to use.
   * @returns the status once connected.
   * @throws EngineError `VALIDATION` for an unknown network; `NETWORK` when every endpoint failed
   *   once (retries continue in the background and are reported to status listeners); `CANCELLED`
   *   when another `connect` or `disconnect` superseded this one.
   */
  connect(networkId: NetworkId): Promise<NetworkStatus>

  /** Closes the ledger connection and stops retrying; the status becomes `offline`. */
  disconnect(): Promise<void>

  /**
   * Retries the connection at once instead of waiting out the backoff (the worker also does this
   * when the browser comes back online). Does nothing while connected.
   */
  retryNow(): Promise<void>

  /**
   * The page saw the browser go offline (a dedicated worker does not get the event in every
   * browser): the live connection, which may stay open for minutes with nothing getting through, is
   * given up as lost (`reconnecting`, 'This device is offline') and reconnection begins; running jobs
   * wait for it. Call `retryNow` when the browser is online again.
   */
  deviceOffline(): Promise<void>

  /** The current connection status. */
  getNetworkStatus(): Promise<NetworkStatus>

  /**
   * Subscribes to status changes. The listener is called once right away with the current status,
   * then on every change (connection state, each validated ledger, reserve changes).
   *
   * @param listener - a `Comlink.proxy` callback (a plain function in Node).
   * @returns a subscription id for {@link EngineApi.offStatus}.
   */
  onStatus(listener: StatusListener): Promise<number>

  /**
   * Ends a status subscription and releases its callback proxy.
   *
   * @param subscription - the id `onStatus` returned; unknown ids are ignored.
   */
  offStatus(subscription: number): Promise<void>

  /**
   * Connects a wallet from a credential. The secret crosses into the worker here, once, and never
   * leaves it: the answer carries addresses only. The credential is trimmed and validated; the
   * account must exist on the connected network; a regular key must be the account's RegularKey and
   * a master key must not be disabled.
   *
   * @throws EngineError `VALIDATION` with a message fit to show ('Please enter your wallet key',
   *   'Invalid seed phrase: …', wrong length, bad checksum, 'This key is not the regular key of r…',
   *   'The master key of r… is disabled: connect with its regular key'); `NOT_FOUND` when the account
   *   is not activated on this network; `NOT_CONNECTED` without a ledger connection.
   */
  connectWallet(input: CredentialInput): Promise<WalletInfo>

  /**
   * Connects the sandbox's demo wallet (its seed is derived inside the worker).
   *
   * @throws EngineError `VALIDATION` on any network but the Sandbox.
   */
  connectDemoWallet(): Promise<WalletInfo>

  /** The connected wallet, or null. */
  getWallet(): Promise<WalletInfo | null>

  /** Forgets the secrets held in memory (the stored GEM regular key stays until `forgetDevice`). */
  lock(): Promise<void>

  /**
   * GEM Wallet flow, step 1: generates a fresh regular key inside the worker and returns its address
   * only, for the app to ask GEM Wallet to set as the RegularKey of the user's account. Replaces any
   * earlier pending key.
   */
  prepareRegularKey(): Promise<{ regularKeyAddress: string }>

  /**
   * GEM Wallet flow, step 2: waits until a validated ledger shows the pending key as the RegularKey
   * of `primaryAddress`, stores the key encrypted on this device and connects the wallet with it.
   * `protection` says how the stored key is wrapped: by a passphrase (PBKDF2-SHA-256, 600,000
   * iterations; asked again by `unlockWallet` after a reload), or by the device key alone (any script
   * running in the page could then use the key).
   *
   * @throws EngineError `VALIDATION` when no key is pending, the address is malformed or the
   *   passphrase is shorter than 8 characters; `NOT_FOUND` for an account that does not exist;
   *   `TIMEOUT` when the key did not appear in time.
   */
  confirmRegularKey(primaryAddress: string, protection: KeyProtection): Promise<WalletInfo>

  /**
   * Restores the GEM regular-key session stored on this device for the connected network, after
   * checking on the ledger that the key is still the account's RegularKey. Null when nothing is
   * stored, or the stored key is not the account's RegularKey any more (it is kept, not deleted: a
   * server may be wrong, and it may be the account's only signing key). A key protected by a
   * passphrase is not restored here: see `storedSession` and `unlockWallet`.
   */
  restoreWallet(): Promise<WalletInfo | null>

  /** The newest regular key stored on this device for the current network (no secret), or null. */
  storedSession(): Promise<StoredSession | null>

  /**
   * Opens the passphrase-protected key stored for the current network and connects with it.
   *
   * @throws EngineError `VALIDATION` 'Wrong passphrase: …', or when the ledger server says it is no
   *   longer the account's RegularKey (either way the key stays stored); `NOT_FOUND` when no such key
   *   is stored.
   */
  unlockWallet(passphrase: string): Promise<WalletInfo>

  /**
   * Disconnect and forget the key here: deletes the connected account's stored regular key and
   * locks. Nothing restores that session afterwards; the key itself stays set on the account until
   * it is removed (a `removeRegularKey` job).
   */
  forgetStoredKey(): Promise<void>

  /**
   * Who may sign for the connected account, as the validated ledger has it: its RegularKey (this
   * device's signing key, another key, or none), whether its master key is disabled and whether it
   * has a signer list (without either, removing the RegularKey is refused: tecNO_ALTERNATIVE_KEY).
   */
  accountKeys(): Promise<AccountKeys>

  /** 'Forget this device': wipes the stored regular keys and the device key, and locks. */
  forgetDevice(): Promise<void>

  /**
   * Checks an address typed to open an account read-only (no secret: nothing can be signed for it).
   * Needs no connection, so it works offline too.
   *
   * @returns the address, trimmed.
   * @throws EngineError `VALIDATION` ('Please enter a valid XRPL address (r…)') for anything else.
   */
  checkAddress(address: string): Promise<string>

  /**
   * Loads every NFT of an account (account_nfts, limit 400, marker paging) from the validated ledger
   * and saves the list as the account's snapshot on this network, which the UI observes (and shows
   * offline).
   *
   * @param onProgress - a `Comlink.proxy` callback, throttled; called after each page.
   * @param account - whose NFTs; the connected wallet's account by default.
   */
  loadNfts(onProgress?: ProgressListener<NftLoadProgress>, account?: string): Promise<NftLoadResult>

  /**
   * Enriches NFTs with their metadata: cached entries younger than 24 h count at once, the rest are
   * fetched (15 at a time, with gateway failover, a timeout and a size cap), normalised, sanitised and
   * written to the cache one by one as they land, so the UI fills in progressively.
   *
   * @param request - which NFTs: those of the account's snapshot (default: the connected wallet's),
   *   or explicit ids; `force` refetches fresh entries too.
   */
  loadMetadata(
    request: MetadataRequest,
    onProgress?: ProgressListener<MetadataProgress>,
  ): Promise<MetadataProgress>

  /**
   * The NFTs whose cards are on screen now: their metadata is fetched first, and still fetched while a
   * job runs (the rest of a load waits for the job to end).
   *
   * @param nftIds - the visible NFTs' ids (at most 200 are taken).
   */
  showingNfts(nftIds: string[]): Promise<void>

  /**
   * How many NFT offers the account owns (account_objects type nft_offer, every page).
   *
   * @param account - whose offers; the connected wallet's account by default.
   */
  countOffers(account?: string): Promise<number>

  /**
   * The Orders tab's reading: every NFT offer the account owns (account_objects type nft_offer, every
   * page, one validated ledger), classified — expired, unfillable (a sell offer whose NFT the account
   * no longer holds, read from the same ledger), duplicate (more than one sell offer on an NFT: all
   * but the one kept) — with the NFT's cached metadata and the airdrop that made the offer, if one did.
   *
   * @param account - whose offers; the connected wallet's account by default.
   * @throws EngineError `NOT_FOUND` for an account that does not exist; `LEDGER_REJECTED` for a
   *   malformed reply; `NETWORK`, `NOT_CONNECTED` or `TIMEOUT` when the connection fails.
   */
  loadOffers(onProgress?: ProgressListener<OffersProgress>, account?: string): Promise<OffersReport>

  /**
   * Bids on the account's NFTs: buy offers other accounts made on them (`nft_buy_offers` per NFT, 8 at
   * a time, every page), all from one validated ledger, with the best live XRP bid of each NFT marked
   * and the issuer's transfer fee on accepting it. Kept in IndexedDB with that ledger index (the tab
   * shows the last reading, offline too).
   *
   * @param account - whose NFTs; the connected wallet's account by default.
   * @throws EngineError as loadOffers does.
   */
  loadBids(onProgress?: ProgressListener<BidsProgress>, account?: string): Promise<BidsReport>

  /**
   * A collection's floor price: its NFTs listed by a Clio server (`nfts_by_issuer`, paged, up to
   * 10,000), the sell offers of an evenly spread sample of up to 200 of them (`nft_sell_offers`, 8 at a
   * time), and the lowest public XRP offer among them that has not expired and is not the connected
   * account's. Kept for 5 minutes per network and collection.
   *
   * @throws EngineError `VALIDATION` when the network has no Clio server or the issuer or taxon is
   *   invalid; `NETWORK` when no Clio server answers; `LEDGER_REJECTED` for a malformed reply.
   */
  floorPrice(
    issuer: string,
    taxon: number,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<FloorPrice>

  /**
   * Prices a listing before anything is signed: each NFT by the strategy (XRP to drops by xrpl.js; a
   * random draw from a recorded seed; floors read for every collection of the selection), the issuer's
   * cut and the net, the reserve the offers lock, and the price guard (below half the collection's
   * floor, or below 0.1 XRP without one).
   *
   * @throws EngineError `VALIDATION` for an NFT not in the wallet's list, an invalid amount, min above
   *   max, an unknown multiplier; as floorPrice does for a failed reading (other than a missing Clio).
   */
  previewListing(
    request: ListingPreviewRequest,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<ListingPreview>

  /**
   * Reads a distribution list (the Airdrop tab's CSV) in the worker: papaparse with delimiter, quote,
   * BOM and CRLF handling; the spec's rules (a `wallet_address` column, case-insensitive; `nft_amount`
   * defaulting to 1; rows with an empty address skipped) plus per-row checks — the address's checksum,
   * X-addresses decoded (one carrying a destination tag is refused: an offer carries no tag), the
   * connected wallet's own address refused, later duplicates of a recipient skipped — each reported
   * with its line number. The file never leaves the device.
   *
   * @param file - the chosen file (or its text, in tests).
   * @param fileName - its name; it must end in `.csv` (any case).
   * @throws EngineError `VALIDATION` with the spec's message: 'Please select a CSV file', 'CSV file
   *   must have at least a header and one data row', 'CSV must contain "wallet_address" column',
   *   'No valid distribution data found in CSV', or 'CSV processing failed: {reason}' (too large,
   *   unreadable, over 10 MB or 100,000 rows).
   */
  parseDistributionCsv(file: Blob | string, fileName: string): Promise<DistributionFile>

  /** Metadata cache statistics; `walletEntries` counts the given account's NFTs that are cached. */
  getCacheStats(account?: string): Promise<CacheStats>

  /** Clears the metadata cache; returns how many entries were removed. */
  clearMetadataCache(): Promise<number>

  /** Saves app preferences (the worker is the only writer of IndexedDB). */
  saveSettings(patch: Partial<AppSettings>): Promise<void>

  /**
   * Adds the user's own server to a network, after checking it: reachable, reporting the network's
   * `network_id` (Mainnet: a ledger index only Mainnet has reached), holding the same validated
   * ledger as the server the engine is connected to on that network, and for `clio` answering
   * `nfts_by_issuer`. Own servers are used before the public ones (the connection moves to it at
   * once when it serves the current network) and are treated as unlimited until they push back.
   *
   * @throws EngineError `VALIDATION` for a bad address or a server of another network; `NETWORK`
   *   when it cannot be reached.
   */
  addOwnEndpoint(network: NetworkId, url: string, kind: OwnEndpointKind): Promise<OwnEndpoint>

  /** Removes an own server; the connection leaves it if it was in use. */
  removeOwnEndpoint(network: NetworkId, url: string): Promise<void>

  /**
   * Plans a bulk job for the connected wallet: records every intent in IndexedDB (nothing is signed)
   * and runs the pre-flight checks — ownership and transferability of each NFT, recipients that do
   * not exist or refuse incoming offers, the reserve the new offers lock against the spendable
   * balance, the fees. The UI shows the plan for confirmation; the job stays `planned` until started.
   *
   * @throws EngineError `VALIDATION` for a malformed request (with a message fit to show).
   */
  planJob(request: JobRequest): Promise<JobPlan>

  /**
   * Starts (or resumes) a planned or paused job. Items with a pre-flight problem are skipped when
   * `skipProblems` is true; otherwise a job with problems does not start. Resolves once the job runs;
   * its progress is in IndexedDB (jobs, jobItems), which the UI observes.
   *
   * Starting a planned job checks, in the transaction that starts it, that no other started job of
   * the account offers or burns any of its NFTs: such items are skipped with `skipProblems` (result
   * `TAKEN`), otherwise the start is refused. The runner also reads the account's sell offers before
   * signing and skips an NFT that got one since the plan (one live offer per NFT).
   *
   * @throws EngineError `VALIDATION` when the job cannot start (problems, NFTs taken by another job,
   *   a reserve shortfall, a job of another account or network, a final job).
   */
  startJob(jobId: string, options?: { skipProblems?: boolean }): Promise<void>

  /**
   * The items of a planned job whose NFTs another job, started since it was planned, offers or burns
   * (code `TAKEN`, not blocking: starting with `skipProblems` skips them). Empty for a job that is not
   * planned. For the confirmation to show before Start is pressed.
   */
  takenNfts(jobId: string): Promise<PlanProblem[]>

  /**
   * Stops signing new transactions; those already submitted are still followed to their result. Works
   * from any tab: the request is stored on the job, and the runner (in whichever tab) takes it.
   */
  pauseJob(jobId: string): Promise<void>

  /** Like pause, and the items not yet signed are skipped: the job ends once nothing is in flight. */
  cancelJob(jobId: string): Promise<void>

  /**
   * This engine's id. One runner per account runs jobs, across tabs and windows (the one holding the
   * account's lock); a job it runs carries this id as `runnerId`. A running job with another id runs
   * in another tab: its progress still shows here, and this tab takes over if that one closes.
   */
  getRunnerId(): Promise<string>

  /**
   * Whether a runner of the account's jobs is alive in some tab or window (one holds the account's
   * lock). A job left `running` while none is belongs to a tab that was closed: it goes on once a
   * tab connects the account's wallet.
   */
  jobRunnerActive(network: NetworkId, account: string): Promise<boolean>

  /** The per-item report of a job as CSV (status, transaction hash, result, message). */
  exportJobCsv(jobId: string): Promise<string>

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
  checkAcceptance(jobId: string): Promise<AcceptanceSummary>

  /**
   * 'Reclaim unaccepted': plans a cancel job (500 offers per transaction) of an airdrop's offers that
   * are still waiting on the ledger, freeing their reserve. Confirm and start it like any job
   * (`startJob`); its row's `params.reclaimOf` names the airdrop.
   *
   * @throws EngineError `VALIDATION` when no offer of the airdrop is waiting ('Nothing to reclaim:
   *   every offer was accepted or is gone') or the job is not the connected wallet's airdrop.
   */
  planReclaim(jobId: string): Promise<JobPlan>
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
}

/** What the user asks a job to do. Amounts are drops (strings); addresses are classic addresses. */
export type JobRequest =
  | {
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
    }
  | ListRequest
  | { kind: 'burn'; nftIds: string[] }
  | {
      kind: 'cancel'
      offerIds: string[]
      /** Which of the Orders tab's cancellations this is, recorded on the job for its result card. */
      purpose?: CancelPurpose
    }
  | AcceptRequest
  /**
   * Remove this app's signing key from the account (the regular key of a GEM Wallet setup): a
   * SetRegularKey without a key, signed by that key. Pre-flight refuses it when the account's
   * RegularKey is not the connected key (NO_REGULAR_KEY), or when its master key is disabled and it
   * has no signer list (NO_ALTERNATIVE_KEY: the ledger would answer tecNO_ALTERNATIVE_KEY). Once it
   * applies, the key stored on this device is deleted and the session ends.
   */
  | {
      kind: 'removeRegularKey'
      /** Set by the engine (the connected regular key); whatever the caller sends is ignored. */
      keyAddress?: string
    }

/** One sell offer of a listing. */
export interface ListingOffer {
  nftId: string
  amountDrops: string
  /** Only this account may buy (a broker or a buyer). */
  destination?: string
  /** Ripple-epoch seconds after which nobody can accept it. */
  expiration?: number
  /**
   * 'List again': the account's current sell offers on this NFT, cancelled in the same job before the
   * new offer is made (one transaction for up to 500 of them), so that no NFT ends up with two prices.
   */
  replaces?: string[]
}

/** The List tab's 'Create n Offers': sell offers at the prices the preview showed. */
export interface ListRequest {
  kind: 'list'
  offers: ListingOffer[]
  /** How the prices were set, recorded on the job (`params.strategy`). */
  strategy?: PricingStrategy['kind']
  /** The random strategy's seed, recorded on the job (`params.priceSeed`) so the draw can be redone. */
  seed?: string
}

/**
 * The Orders tab's Accept: sell `nftId` to the bidder whose buy offer is `offerId`, on the terms the
 * user confirmed. Pre-flight and the runner (right before signing) read the bid again, from a second
 * server of the network too where it has one, and refuse the sale on any difference.
 */
export interface AcceptRequest {
  kind: 'accept'
  offerId: string
  nftId: string
  /** The bid as the user saw and confirmed it (from a `BidView`). */
  confirmed: ConfirmedBid
  /**
   * The user confirmed, in a confirmation of its own, that the bid is in a token (an issued currency)
   * of the issuer shown, which may be worthless. Without it a token bid is refused (TOKEN_UNCONFIRMED);
   * a token whose code reads as XRP is refused whatever this says (READS_AS_XRP).
   */
  acceptToken?: boolean
}

/** What the user confirmed of a bid, as a `BidView` shows it. */
export interface ConfirmedBid {
  amount: OfferAmount
  bidder: string
  /** null: any holder may accept it. */
  destination: string | null
  /** Unix ms when it expires (a whole second), or null when it never does. */
  expiresAt: number | null
}

/** The Orders tab's cancellations: by selection, by kind of offer, or one offer. */
export type CancelPurpose =
  'selected' | 'free' | 'paid' | 'duplicates' | 'all' | 'expired' | 'unfillable' | 'single'

/** A planned job, as the confirmation screen shows it. */
export interface JobPlan {
  jobId: string
  kind: JobKind
  items: number
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
  /** Randomized airdrops: the seed the shuffle used (see `JobRequest` `seed`), recorded on the job. */
  shuffleSeed?: string
  /** Burns: what they delete besides the NFTs (counted in `reserveChangeDrops` where it is the account's). */
  burn?: BurnEffects
}

/** What burning NFTs deletes besides them, read from the validated ledger when the burn is planned. */
export interface BurnEffects {
  /**
   * The account's sell offers on the NFTs (the ledger deletes up to 500 offers with each NFT, sell
   * offers first); each frees one of its owner reserves.
   */
  ownOffers: number
  /** Other accounts' offers on the NFTs (bids, mostly): their owners get their reserve back. */
  otherOffers: number
  /** The account's NFT pages (up to 32 NFTs each) that empty or merge away; each frees one reserve. */
  pagesFreed: number
}

/** Receives throttled progress (at most a few calls a second, and always the final state). */
export type ProgressListener<T> = (progress: T) => void

/**
 * The credential kinds of the wallet dialog.
 * - `familySeed`: `s…` (secp256k1) or `sEd…` (ed25519).
 * - `secpKey`: a private key in hex: 64 digits, 66 with the `00` prefix, or `ED` + 64 for ed25519.
 * - `regularKey`: the seed or hex key of a regular key, plus the account it signs for.
 */
export type CredentialKind = 'familySeed' | 'secpKey' | 'regularKey'

/** What the wallet dialog sends, once, into the worker. */
export interface CredentialInput {
  kind: CredentialKind
  /** The secret as typed (it is trimmed in the worker). */
  secret: string
  /** `regularKey` only: the address of the account the key signs for. */
  account?: string
}

/** How the GEM regular key is kept on this device (see EngineApi.confirmRegularKey). */
export type KeyProtection = { kind: 'passphrase'; passphrase: string } | { kind: 'device' }

/** A regular key stored on this device, without its secret. */
export interface StoredSession {
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
  protection: 'passphrase' | 'device'
}

/** Who may sign for an account (EngineApi.accountKeys). */
export interface AccountKeys {
  account: string
  /** The account's RegularKey, or null. */
  regularKey: string | null
  /** The RegularKey is the key this session signs with. */
  thisDevice: boolean
  masterDisabled: boolean
  hasSignerList: boolean
  /** The validated ledger it was read from. */
  ledgerIndex: number
}

/** The connected wallet: addresses and key kind, never a secret. */
export interface WalletInfo {
  network: NetworkId
  /** The account whose NFTs are shown and for which transactions are signed. */
  address: string
  /** Whether the account's master key or its RegularKey signs. */
  signing: 'master' | 'regular'
  algorithm: 'secp256k1' | 'ed25519'
  /** Address of the signing key (the account itself for the master key). */
  keyAddress: string
  /** True when it came from the encrypted key stored on this device. */
  restored: boolean
}

export interface NftLoadProgress {
  /** NFTs read so far. */
  loaded: number
  /** account_nfts pages read so far. */
  pages: number
}

export interface NftLoadResult {
  network: NetworkId
  account: string
  count: number
  ledgerIndex: number
  loadedAt: number
}

export interface MetadataRequest {
  /** Whose snapshot to enrich; the connected wallet's account by default. */
  account?: string
  /** Enrich exactly these NFTs (of the snapshot) instead of all. */
  nftIds?: string[]
  /** Refetch even entries younger than 24 h. */
  force?: boolean
}

export interface MetadataProgress {
  total: number
  /** Served from the cache without a fetch. */
  cached: number
  /** Fetched and usable. */
  loaded: number
  /** Fetched but unusable, or without a URI. */
  failed: number
  /** Not finished yet. */
  pending: number
}

/** Progress of {@link EngineApi.loadOffers}. */
export interface OffersProgress {
  /** Offers read so far. */
  offers: number
  /** What it is doing, in plain words. */
  step: string
  /** When the server's limit for us sets the pace: says so, with the pace (see EngineApi.loadBids). */
  serverPace?: string
}

/** Progress of {@link EngineApi.loadBids}. */
export interface BidsProgress {
  /** NFTs checked so far, of `total`. */
  checked: number
  total: number
  /** Bids found so far. */
  found: number
  /**
   * When the server's limit for us sets the pace of the reading, in plain words: 'The server limits
   * how fast we may read: about 18 requests a second'.
   */
  serverPace?: string
}

/** A collection's floor price (issuer + taxon), from a sample of its NFTs' sell offers. */
export interface FloorPrice {
  issuer: string
  taxon: number
  /**
   * The floor, drops: the lowest price reached by at least 3 offers from at least 2 sellers, so that
   * one listing cannot move it; on a thin market, the lowest offer (see `thin`); null when none.
   * Floor-based prices and the price guard use it.
   */
  floorDrops: string | null
  /** The lowest public, unexpired XRP sell offer of another account, drops; null when none. */
  lowestDrops: string | null
  /** Offers that counted (public, XRP, not expired, not the asking account's). */
  offersCounted: number
  /** Distinct sellers of those offers. */
  sellers: number
  /** The offers at or below the floor, and their sellers: what the floor rests on. */
  restsOn: { offers: number; sellers: number }
  /** Fewer than 3 offers from 2 sellers: the floor is the lowest offer, which anyone could set. */
  thin: boolean
  /** The lowest offer is below half of the next (the floor passes over it), drops. */
  outlier: { lowestDrops: string; nextDrops: string } | null
  /**
   * Where the network has another server: why it could not confirm the offers the floor rests on
   * (a disagreement, or no answer); null when it confirmed them or the network has no other server.
   * Floor-based pricing is refused on such a floor.
   */
  disagreement: string | null
  /** NFTs whose sell offers were read. */
  nftsChecked: number
  /** NFTs of the collection listed by Clio (at most the reading's bound). */
  collectionTotal: number
  /** False when the collection has more NFTs than were listed. */
  totalComplete: boolean
  /** The validated ledger the collection was listed from (Clio's answer). */
  ledgerIndex: number
  /** Unix ms of the reading. */
  readAt: number
}

/** Progress of {@link EngineApi.floorPrice}. */
export interface FloorProgress {
  /** What it is doing: listing the collection, then checking offers. */
  step: 'listing' | 'checking'
  done: number
  total: number
  /** When the server's limit for us sets the pace (see BidsProgress.serverPace). */
  serverPace?: string
}

/** How the prices are set. XRP amounts are decimal strings as typed (step 0.01, at least 0). */
export type PricingStrategy =
  | { kind: 'fixed'; priceXrp: string }
  /** Each NFT drawn uniformly from min to max in steps of 0.01 XRP; the seed makes it reproducible. */
  | { kind: 'random'; minXrp: string; maxXrp: string; seed?: string }
  /** The collection's floor × the multiplier; NFTs whose collection has no floor get `fallbackXrp`. */
  | { kind: 'floor'; multiplier: FloorMultiplier; fallbackXrp: string }
  | { kind: 'individual'; pricesXrp: Readonly<Record<string, string>> }

/** Why a price needs its own confirmation. */
export type PriceGuard = 'belowHalfFloor' | 'belowMinimum' | 'weakFloor'

/** One NFT's price. */
export interface PricedNft {
  nftId: string
  drops: string
  /** Where the price came from ('fallback': floor strategy, no floor known). */
  source: 'fixed' | 'random' | 'floor' | 'fallback' | 'individual'
  /** The collection's floor, drops; null when none is known. */
  floorDrops: string | null
  guard: PriceGuard | null
  /** What the issuer takes when it sells (0 when the seller is the issuer), drops. */
  issuerCutDrops: string
  /** What the seller receives, drops. */
  netDrops: string
}

/** What the List tab asks to price (EngineApi.previewListing). */
export interface ListingPreviewRequest {
  /** The NFTs to list, in selection order (from the wallet's last loaded list). */
  nftIds: string[]
  strategy: PricingStrategy
}

/** Every price of a listing before anything is signed, with the totals and the guard. */
export interface ListingPreview {
  prices: PricedNft[]
  /** The random strategy's seed, recorded so the draw can be made again. */
  seed?: string
  totalDrops: string
  issuerCutDrops: string
  netDrops: string
  /** Owner reserve the offers lock (one owner reserve each), drops. */
  reserveDrops: string
  /** Prices that need their own confirmation (see PricedNft.guard). */
  guarded: number
  /** The floors read, one per collection of the selection. */
  floors: FloorPrice[]
  /** Why no floor could be read (e.g. the network has no Clio server); null when floors were read. */
  floorsUnavailable: string | null
}
