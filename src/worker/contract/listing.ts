/** Listing NFTs for sale: prices by strategy, the collection's floor, the preview before signing. */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { FloorMultiplier } from '../../shared/floorMultipliers.ts'
import type { ProgressListener } from './progress.ts'

/** Pricing a listing and reading floors. */
export const listingContract = {
  /**
   * A collection's floor price: its NFTs listed by a Clio server (`nfts_by_issuer`, paged, up to
   * 10,000), the sell offers of an evenly spread sample of up to 200 of them (`nft_sell_offers`, 8 at a
   * time), and the lowest public XRP offer among them that has not expired and is not the connected
   * account's. Kept for 5 minutes per network and collection.
   *
   * @throws EngineError `VALIDATION` when the network has no Clio server or the issuer or taxon is
   *   invalid; `NETWORK` when no Clio server answers; `LEDGER_REJECTED` for a malformed reply.
   */
  floorPrice:
    method<
      (
        issuer: string,
        taxon: number,
        onProgress?: ProgressListener<FloorProgress>,
      ) => Promise<FloorPrice>
    >(),

  /**
   * Prices a listing before anything is signed: each NFT by the strategy (XRP to drops by xrpl.js; a
   * random draw from a recorded seed; floors read for every collection of the selection), the issuer's
   * cut and the net, the reserve the offers lock, and the price guard (below half the collection's
   * floor, or below 0.1 XRP without one).
   *
   * @throws EngineError `VALIDATION` for an NFT not in the wallet's list, an invalid amount, min above
   *   max, an unknown multiplier; as floorPrice does for a failed reading (other than a missing Clio).
   */
  previewListing:
    method<
      (
        request: ListingPreviewRequest,
        onProgress?: ProgressListener<FloorProgress>,
      ) => Promise<ListingPreview>
    >(),
}

/** {@link listingContract} as the methods it declares. */
export interface ListingApi extends Api<typeof listingContract> {}

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
  /**
   * The lowest public (or listed through a marketplace's broker: shared/marketplaces.ts), unexpired
   * XRP sell offer of another account, drops; null when none.
   */
  lowestDrops: string | null
  /** Offers that counted (public or brokered, XRP, not expired, not the asking account's). */
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

/**
 * Why a price needs its own confirmation: free (0 XRP), too low (below half the floor, below 0.1 XRP),
 * too high (above 100 × the floor, above 1,000,000 XRP), or resting on a floor one listing could set.
 */
export type PriceGuard =
  'free' | 'belowHalfFloor' | 'belowMinimum' | 'farAboveFloor' | 'aboveMaximum' | 'weakFloor'

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
