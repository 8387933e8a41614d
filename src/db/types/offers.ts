/**
 * NFT offers as the app reads them: the account's offers, the bids on its NFTs, their amounts and
 * the terms a sale to a bid is confirmed on.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../../shared/networks.ts'
import type { NftAttribute } from './metadata.ts'

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
