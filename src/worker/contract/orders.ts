/** The Orders tab: the account's offers, bids on its NFTs, cancelling offers, accepting a bid. */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { BidsReport, OfferAmount, OffersReport } from '../../db/types/offers.ts'
import type { ProgressListener } from './progress.ts'

/** The NFT offers an account owns, by kind. */
export interface OwnOfferCounts {
  /** Sell offers: the Orders tab's Total. */
  sell: number
  /** Buy offers: the account's bids on NFTs of others. */
  buy: number
  /** The validated ledger they were counted in (later activity changes them; see onAccountActivity). */
  ledgerIndex: number
}

/** Reading the account's offers and the bids on its NFTs. */
export const ordersContract = {
  /**
   * How many NFT offers the account owns (account_objects type nft_offer, every page): its sell
   * offers (what the Orders tab lists and totals) and its buy offers (its bids on others' NFTs).
   *
   * @param account - whose offers; the connected wallet's account by default.
   */
  countOffers: method<(account?: string) => Promise<OwnOfferCounts>>(),

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
  loadOffers:
    method<
      (onProgress?: ProgressListener<OffersProgress>, account?: string) => Promise<OffersReport>
    >(),

  /**
   * Bids on the account's NFTs: buy offers other accounts made on them (`nft_buy_offers` per NFT, 8 at
   * a time, every page), all from one validated ledger, with the best live XRP bid of each NFT marked
   * and the issuer's transfer fee on accepting it. Kept in IndexedDB with that ledger index (the tab
   * shows the last reading, offline too).
   *
   * @param account - whose NFTs; the connected wallet's account by default.
   * @throws EngineError as loadOffers does.
   */
  loadBids:
    method<
      (onProgress?: ProgressListener<BidsProgress>, account?: string) => Promise<BidsReport>
    >(),
}

/** {@link ordersContract} as the methods it declares. */
export interface OrdersApi extends Api<typeof ordersContract> {}

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

/** The Orders tab's cancellations: offers withdrawn, up to 500 in one transaction. */
export interface CancelRequest {
  kind: 'cancel'
  offerIds: string[]
  /** Which of the Orders tab's cancellations this is, recorded on the job for its result card. */
  purpose?: CancelPurpose
}

/** The Orders tab's cancellations: by selection, by kind of offer, or one offer. */
export type CancelPurpose =
  'selected' | 'free' | 'paid' | 'duplicates' | 'all' | 'expired' | 'unfillable' | 'single'

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
  /**
   * The user accepts the word of the one server in use for the bid's terms: without it, a sale on a
   * network with no second server to confirm them is refused (ONE_SERVER).
   */
  acceptOneServer?: boolean
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
