/** The review's price table: its rows, their sorting and the guard's words. Pure. */
import type { JobPlan, PriceGuard, PricedNft } from '../../worker/api.ts'

/** A priced NFT with the name the table shows. */
export interface PriceRow extends PricedNft {
  name: string
}

/** The table's sortable columns. */
export type SortKey = 'name' | 'price' | 'floor' | 'cut' | 'net'

/** Why the guard holds a price, as its tag reads. */
export const GUARD_TEXT: Readonly<Record<PriceGuard, string>> = {
  free: 'free: 0 XRP',
  belowHalfFloor: 'below half the floor',
  belowMinimum: 'below 0.1 XRP',
  farAboveFloor: 'over 100 × the floor',
  aboveMaximum: 'over 1,000,000 XRP',
  weakFloor: 'on a thin floor, or one past an outlier',
}

function compareDrops(a: string | null, b: string | null): number {
  // Rows without a floor sort after every floor.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  const x = BigInt(a)
  const y = BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

const COMPARE: Readonly<Record<SortKey, (a: PriceRow, b: PriceRow) => number>> = {
  name: (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }),
  price: (a, b) => compareDrops(a.drops, b.drops),
  floor: (a, b) => compareDrops(a.floorDrops, b.floorDrops),
  cut: (a, b) => compareDrops(a.issuerCutDrops, b.issuerCutDrops),
  net: (a, b) => compareDrops(a.netDrops, b.netDrops),
}

/** The rows sorted by a column (ties keep selection order); a new array. */
export function sortPrices(rows: readonly PriceRow[], key: SortKey, descending: boolean) {
  const compare = COMPARE[key]
  return [...rows].sort((a, b) => (descending ? compare(b, a) : compare(a, b)))
}

/** What the review sums up: the offers to be made, without those pre-flight leaves out. */
export interface ReviewFigures {
  /** NFTs whose offer pre-flight leaves out (or that block the listing). */
  left: ReadonlySet<string>
  /** Offers to be made. */
  creating: number
  totalDrops: bigint
  cutDrops: bigint
  netDrops: bigint
  /** Of the offers to be made, those the price guard holds for a second look (free ones aside). */
  guarded: number
  /** Of the offers to be made, the free ones (0 XRP): each listing of them is confirmed on its own. */
  free: number
  /** Of the offers to be made, how many each guard holds (for the words of the review). */
  held: Readonly<Record<PriceGuard, number>>
}

/** Whether the review's guards are answered: each held price checked, each free offer meant. */
export function guardsAnswered(
  figures: Pick<ReviewFigures, 'guarded' | 'free'>,
  answers: { guardConfirmed: boolean; freeConfirmed: boolean },
): boolean {
  return (
    (figures.guarded === 0 || answers.guardConfirmed) &&
    (figures.free === 0 || answers.freeConfirmed)
  )
}

/**
 * The review's figures from the prices and the plan. The plan's first items cancel the offers 'List
 * again' replaces; the rest are the offers, in the prices' order.
 */
export function reviewFigures(
  prices: readonly PricedNft[],
  plan: Pick<JobPlan, 'items' | 'problems'>,
): ReviewFigures {
  const cancelItems = plan.items - prices.length
  const left = new Set<string>()
  for (const problem of plan.problems) {
    const price =
      problem.itemIndex === undefined ? undefined : prices[problem.itemIndex - cancelItems]
    if (price) left.add(price.nftId)
  }
  const held: Record<PriceGuard, number> = {
    free: 0,
    belowHalfFloor: 0,
    belowMinimum: 0,
    farAboveFloor: 0,
    aboveMaximum: 0,
    weakFloor: 0,
  }
  const figures = {
    left,
    creating: 0,
    totalDrops: 0n,
    cutDrops: 0n,
    netDrops: 0n,
    guarded: 0,
    free: 0,
    held,
  }
  for (const price of prices) {
    if (left.has(price.nftId)) continue
    figures.creating += 1
    figures.totalDrops += BigInt(price.drops)
    figures.cutDrops += BigInt(price.issuerCutDrops)
    figures.netDrops += BigInt(price.netDrops)
    if (!price.guard) continue
    held[price.guard] += 1
    if (price.guard === 'free') figures.free += 1
    else figures.guarded += 1
  }
  return figures
}
