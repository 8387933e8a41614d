/**
 * A collection's floor that one listing cannot move. The lowest single offer is what a stranger (or a
 * lying server) sets at will: one listing at 0.15 XRP in a collection trading at 5 would price a
 * floor-based listing at a thirtieth of the market. So the floor is the lowest price reached by at
 * least FLOOR_MIN_OFFERS offers from at least FLOOR_MIN_SELLERS sellers; with fewer offers than that
 * the floor is thin (the lowest offer, flagged), and a lowest offer below half of the next is an
 * outlier (flagged; the robust floor already passes over it). Pure.
 */

/** Offers the floor must rest on. */
export const FLOOR_MIN_OFFERS = 3
/** Sellers those offers must come from. */
export const FLOOR_MIN_SELLERS = 2

/** A public XRP sell offer anyone could take now. */
export interface MarketOffer {
  offerId: string
  nftId: string
  seller: string
  drops: bigint
  /** Ripple-epoch seconds, or null. */
  expiration: number | null
  /** A marketplace's broker the offer lists through (its only taker), or null for a public one. */
  broker?: string | null
}

/** The floor and what it rests on. */
export interface FloorStat {
  /** The robust floor (the thin floor's lowest offer when there are too few); null without offers. */
  floorDrops: bigint | null
  lowestDrops: bigint | null
  /** Distinct sellers among all the offers. */
  sellers: number
  /** The offers at or below the floor, and their distinct sellers. */
  restsOn: { offers: number; sellers: number }
  /** Fewer than FLOOR_MIN_OFFERS offers from FLOOR_MIN_SELLERS sellers in all. */
  thin: boolean
  /** The lowest offer is below half of the next one. */
  outlier: { lowestDrops: bigint; nextDrops: bigint } | null
  /** The offers at or below the floor, lowest first (a second server is asked about these). */
  resting: MarketOffer[]
}

/**
 * The floor of a set of market offers (see the module's comment).
 *
 * @param offers - public XRP sell offers, in any order.
 */
export function robustFloor(offers: readonly MarketOffer[]): FloorStat {
  const sorted = [...offers].sort((a, b) => (a.drops < b.drops ? -1 : a.drops > b.drops ? 1 : 0))
  const lowest = sorted[0]?.drops ?? null
  const next = sorted[1]?.drops ?? null
  const outlier =
    lowest !== null && next !== null && lowest * 2n < next
      ? { lowestDrops: lowest, nextDrops: next }
      : null
  const seen = new Set<string>()
  let floor: bigint | null = null
  for (const [i, offer] of sorted.entries()) {
    seen.add(offer.seller)
    if (i + 1 >= FLOOR_MIN_OFFERS && seen.size >= FLOOR_MIN_SELLERS) {
      floor = offer.drops
      break
    }
  }
  const thin = floor === null && lowest !== null
  if (thin) floor = lowest
  const resting = floor === null ? [] : sorted.filter((o) => o.drops <= floor)
  return {
    floorDrops: floor,
    lowestDrops: lowest,
    sellers: new Set(sorted.map((o) => o.seller)).size,
    restsOn: { offers: resting.length, sellers: new Set(resting.map((o) => o.seller)).size },
    thin,
    outlier,
    resting,
  }
}
