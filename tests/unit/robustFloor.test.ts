/** The floor statistic: the lowest price reached by 3 offers of 2 sellers, thin markets, outliers. */
import { describe, expect, it } from 'vitest'

import { robustFloor } from '../../src/worker/listing/robustFloor.ts'
import type { MarketOffer } from '../../src/worker/listing/robustFloor.ts'

let next = 0
function offer(seller: string, xrp: number): MarketOffer {
  next += 1
  return {
    offerId: String(next).padStart(64, '0'),
    nftId: String(next).padStart(64, 'A'),
    seller,
    drops: BigInt(Math.round(xrp * 1e6)),
    expiration: null,
  }
}

describe('robustFloor', () => {
  it('passes over one listing far below the market, and flags it', () => {
    const stat = robustFloor([offer('a', 5), offer('stranger', 0.15), offer('b', 5), offer('a', 6)])
    expect(stat.floorDrops).toBe(5_000_000n)
    expect(stat.lowestDrops).toBe(150_000n)
    expect(stat.outlier).toEqual({ lowestDrops: 150_000n, nextDrops: 5_000_000n })
    expect(stat.thin).toBe(false)
    expect(stat.restsOn).toEqual({ offers: 3, sellers: 3 })
    expect(stat.resting.map((o) => o.seller)).toEqual(['stranger', 'a', 'b'])
  })

  it('needs two sellers: three offers of one seller make a thin floor at their lowest', () => {
    const stat = robustFloor([offer('a', 2), offer('a', 3), offer('a', 4)])
    expect(stat).toMatchObject({ floorDrops: 2_000_000n, thin: true, sellers: 1 })
    expect(stat.restsOn).toEqual({ offers: 1, sellers: 1 })
    // A second seller above them makes it robust at the price where both are reached.
    const more = robustFloor([offer('a', 2), offer('a', 3), offer('a', 4), offer('b', 10)])
    expect(more).toMatchObject({ floorDrops: 10_000_000n, thin: false })
  })

  it('one or two offers: thin; none: no floor', () => {
    expect(robustFloor([offer('a', 1)])).toMatchObject({ floorDrops: 1_000_000n, thin: true })
    expect(robustFloor([offer('a', 1), offer('b', 1.5)])).toMatchObject({
      floorDrops: 1_000_000n,
      thin: true,
      outlier: null,
    })
    expect(robustFloor([])).toMatchObject({
      floorDrops: null,
      thin: false,
      restsOn: { offers: 0, sellers: 0 },
    })
  })

  it('equal prices count together: the floor rests on every offer at it', () => {
    const stat = robustFloor([offer('a', 5), offer('b', 5), offer('c', 5), offer('d', 5)])
    expect(stat).toMatchObject({ floorDrops: 5_000_000n, restsOn: { offers: 4, sellers: 4 } })
  })
})
