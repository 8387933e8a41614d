/**
 * Burning's effects on the account's NFT pages and offers, worked out before signing: pages left
 * empty go (the last page by taking over its predecessor), neighbours that fit in one page merge,
 * and a burn deletes at most 500 offers, the account's sell offers first.
 */
import { describe, expect, it } from 'vitest'

import { offersDeleted, pagesFreed } from '../../src/worker/burn/burnEffects.ts'

/** A page of `n` NFT ids named `${name}0`, `${name}1`, … */
const page = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}${i}`)

describe('pages freed', () => {
  it('frees nothing while every page keeps tokens and no neighbours fit together', () => {
    const pages = [page('a', 32), page('b', 32)]
    expect(pagesFreed(pages, ['a0', 'b0'])).toBe(0)
  })

  it('deletes a page left empty, and merges its neighbours when they fit in one', () => {
    const pages = [page('a', 10), page('b', 1), page('c', 10)]
    // b goes; a and c (20 together) merge: two pages fewer.
    expect(pagesFreed(pages, ['b0'])).toBe(2)
  })

  it('keeps the last page: it takes over its predecessor, which goes', () => {
    expect(pagesFreed([page('a', 20), page('z', 1)], ['z0'])).toBe(1)
    // The only page of the account goes with its last NFT.
    expect(pagesFreed([page('z', 2)], ['z0', 'z1'])).toBe(1)
  })

  it('merges a page with a neighbour once both fit in one, counting each merge once', () => {
    const pages = [page('a', 17), page('b', 16), page('c', 32)]
    // a loses one: 16 + 16 fit, a merges into b (1); then b (32) and c (32) do not.
    expect(pagesFreed(pages, ['a0'])).toBe(1)
    // Burning more from the merged page does not merge it again with c until they fit.
    expect(pagesFreed(pages, ['a0', 'a1', 'b0'])).toBe(1)
    // Emptying a's tokens from the merged page leaves b's 16 beside c's 32: no more merges.
    expect(pagesFreed(pages, page('a', 17))).toBe(1)
    // With c at 20, four of c's tokens burned bring b and c within one page: a second merge.
    const smaller = [page('a', 17), page('b', 16), page('c', 20)]
    expect(pagesFreed(smaller, [...page('a', 17), 'c0', 'c1', 'c2'])).toBe(1)
    expect(pagesFreed(smaller, [...page('a', 17), 'c0', 'c1', 'c2', 'c3'])).toBe(2)
  })

  it('ignores ids on no page', () => {
    expect(pagesFreed([page('a', 1)], ['x'])).toBe(0)
  })
})

describe('offers deleted with a burned NFT', () => {
  it('deletes them all up to 500, the sell offers first', () => {
    expect(offersDeleted({ ownSell: 2, others: 3 })).toEqual({ ownSell: 2, others: 3 })
    expect(offersDeleted({ ownSell: 2, others: 600 })).toEqual({ ownSell: 2, others: 498 })
    expect(offersDeleted({ ownSell: 501, others: 1 })).toEqual({ ownSell: 500, others: 0 })
  })
})
