/**
 * The product's constants: the spec's numbers that still apply (docs/architecture.md §2) in one place, so a
 * figure is changed once and its meaning stays next to it.
 */

/** Product name shown in the header and footer. */
export const APP_NAME = 'XRPL NFT Manager'
/** Product version shown in the footer (without the leading "v"). */
export const APP_VERSION = '1.0.0'

/** Drops in one XRP. */
export const DROPS_PER_XRP = 1_000_000

/** Ledger client: how long a request may wait for its answer. */
export const REQUEST_TIMEOUT_MS = 20_000
/** Ledger client: how long opening a WebSocket may take before the next endpoint is tried. */
export const CONNECT_TIMEOUT_MS = 5_000
/** Reconnect backoff: the first delay, doubled after each failed attempt ... */
export const RECONNECT_BACKOFF_MIN_MS = 100
/** ... up to this delay. */
export const RECONNECT_BACKOFF_MAX_MS = 60_000
/** Autofilled fees are the server's fee times this cushion. */
export const FEE_CUSHION = 1.2
/** No transaction may pay a fee above this, in XRP (a string, as xrpl.js takes it). */
export const MAX_FEE_XRP = '2'

/** Leading characters of an address that stay visible when it is shortened. */
export const ADDRESS_HEAD_CHARS = 6
/** Trailing characters of an address that stay visible when it is shortened. */
export const ADDRESS_TAIL_CHARS = 4

/** NFTs per account_nfts page. */
export const NFT_PAGE_LIMIT = 400
/** Metadata fetches in flight at once. */
export const METADATA_CONCURRENCY = 15
/** How long cached metadata stays fresh. */
export const METADATA_CACHE_TTL_MS = 24 * 60 * 60 * 1000
/** Share of cache entries (the newest) kept when storage quota runs short. */
export const CACHE_PRUNE_KEEP_RATIO = 0.75
/** Cache size limit on mobile devices. */
export const MOBILE_CACHE_LIMIT_BYTES = 3 * 1024 * 1024
/**
 * Cache size limit elsewhere (beyond the spec, which caps only mobile): about 50,000 NFTs' metadata,
 * the oldest pruned first as on mobile, so a browsing history of big collections stays bounded.
 */
export const DESKTOP_CACHE_LIMIT_BYTES = 50 * 1024 * 1024

/** NFTs an account's list may hold when read from a server (beyond it the load stops, clearly). */
export const MAX_ACCOUNT_NFTS = 100_000
/** account_nfts pages one list may take (a server sending tiny pages, or markers without end). */
export const MAX_NFT_PAGES = 2_000

/** The shape of a classic address (`r` and 24–34 base58 characters); its checksum is checked apart. */
export const CLASSIC_ADDRESS_SHAPE = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/

/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01), the origin of ledger times. */
export const RIPPLE_EPOCH = 946_684_800

/** NFTs per page in the listing grid. */
export const LISTING_PAGE_SIZE = 20
/** Interval of the offers list's automatic refresh. */
export const OFFERS_REFRESH_MS = 10 * 60 * 1000
/** The least time between two manual refreshes of the offers list (the spec leaves it unstated). */
export const OFFERS_MIN_REFRESH_MS = 15 * 1000
/** Offer ids one NFTokenCancelOffer may carry. */
export const CANCEL_OFFERS_PER_TX = 500
/** Transactions one account may have in the ledger's queue. */
export const ACCOUNT_QUEUE_LIMIT = 10

/**
 * The text a user types to confirm cancelling offers.
 *
 * @param count - how many offers will be cancelled.
 */
export function cancelConfirmText(count: number): string {
  return `CANCEL ${count} OFFERS`
}

/** What the user types to burn more than one NFT. */
export function burnConfirmText(count: number): string {
  return `BURN ${count} NFTS`
}

/**
 * Items one bulk job may hold, and so rows one distribution CSV may have: one limit, said at upload
 * rather than at planning (beyond the spec: a clear limit instead of a stuck tab). 100,000: the size
 * of the largest collections; the job's views read its items by page, never all at once.
 */
export const MAX_JOB_ITEMS = 100_000
/** Data rows a distribution CSV may have: as many as a job holds. */
export const MAX_DISTRIBUTION_ROWS = MAX_JOB_ITEMS
/** Bytes a distribution CSV may have. */
export const MAX_DISTRIBUTION_BYTES = 10 * 1024 * 1024

/** Acceptance tracking: the first check of an airdrop's offers, this long after the airdrop ended. */
export const ACCEPTANCE_FIRST_CHECK_MS = 10_000
/** Acceptance tracking: then a check this often while any offer still waits for its recipient. */
export const ACCEPTANCE_INTERVAL_MS = 30_000
