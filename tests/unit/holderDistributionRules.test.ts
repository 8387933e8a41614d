/**
 * The rules that turn a holder snapshot into a distribution list: who is left out and why, one per
 * holder, one per NFT held, pro rata with largest-remainder rounding, the minimum holding and the cap.
 */
import { describe, expect, it } from 'vitest'
import { Wallet, classicAddressToXAddress } from 'xrpl'

import type { SnapshotHolder } from '../../src/worker/api.ts'
import { applyRules } from '../../src/worker/airdrop/holders/distributionRules.ts'

const addressOf = (byte: number) => Wallet.fromEntropy(new Uint8Array(16).fill(byte)).classicAddress
const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(addressOf) as [string, string, string, string, string]

/** A snapshot in its order: most NFTs first. */
const holders: SnapshotHolder[] = [
  { address: a, count: 50, marks: ['issuer'] },
  { address: b, count: 7, marks: [] },
  { address: c, count: 3, marks: ['marketplace'], marketplace: 'xrp.cafe' },
  { address: d, count: 2, marks: [] },
  { address: e, count: 1, marks: ['connected'] },
]

const pairs = (rules: unknown) => applyRules(holders, rules).rows.map((r) => [r.address, r.count])

describe('who is left out', () => {
  it('by default the issuer, this wallet and marketplace brokers, each named', () => {
    const outcome = applyRules(holders, { mode: 'perHolder' })
    expect(outcome.rows).toEqual([
      { line: 2, address: b, count: 1 },
      { line: 4, address: d, count: 1 },
    ])
    expect(outcome.leftOut).toEqual([
      { reason: 'the issuer', holders: 1 },
      { reason: "a marketplace's broker", holders: 1 },
      { reason: 'this wallet', holders: 1 },
    ])
    expect(outcome.rounding).toBeNull()
  })

  it('only the marks asked for, a block list (bad entries noted, not fatal) and a minimum holding', () => {
    const outcome = applyRules(holders, {
      mode: 'perHolder',
      exclude: ['issuer'],
      blockList: [` ${d} `, 'not-an-address', ''],
      minHolding: 2,
    })
    expect(outcome.rows.map((r) => r.address)).toEqual([b, c])
    expect(outcome.leftOut).toEqual([
      { reason: 'the issuer', holders: 1 },
      { reason: 'on the block list', holders: 1 },
      { reason: 'holds fewer than 2', holders: 1 },
    ])
    expect(outcome.problems).toEqual([
      {
        line: 2,
        severity: 'note',
        message: 'Block list entry "not-an-address" is not an address; it is ignored',
      },
    ])
  })
})

it('takes an X-address on the block list as the account it names', () => {
  const outcome = applyRules(holders, {
    mode: 'perHolder',
    blockList: [classicAddressToXAddress(b, false, false)],
  })
  expect(outcome.rows.map((r) => r.address)).toEqual([d])
  expect(outcome.problems).toEqual([])
})

describe('how many each gets', () => {
  it('n per holder, or one per NFT held, capped', () => {
    expect(pairs({ mode: 'perHolder', each: 3, exclude: [] })).toEqual(
      [a, b, c, d, e].map((x) => [x, 3]),
    )
    expect(pairs({ mode: 'perNft', exclude: [], cap: 5 })).toEqual([
      [a, 5],
      [b, 5],
      [c, 3],
      [d, 2],
      [e, 1],
    ])
  })

  it('pro rata: shares rounded down, the rest to the largest remainders, the total kept exactly', () => {
    // 10 NFTs over holdings 7, 2 (b and d, the others left out): 7.78 and 2.22 → 7 + 1 left → b.
    expect(pairs({ mode: 'proRata', total: 10 })).toEqual([
      [b, 8],
      [d, 2],
    ])
    // 6 over 50, 7, 3, 2, 1 (63): 4.76, 0.67, 0.29, 0.19, 0.10 → 4 + 2 left → a (0.76), b (0.67).
    const all = applyRules(holders, { mode: 'proRata', total: 6, exclude: [] })
    expect(all.rows.map((r) => [r.address, r.count])).toEqual([
      [a, 5],
      [b, 1],
    ])
    expect(all.leftOut).toEqual([{ reason: 'a share that rounds to 0', holders: 3 }])
    expect(all.rounding).toBe(
      "Each holder's share is 6 NFTs × its holding ÷ the NFTs the holders kept hold, rounded down; the NFTs left over go one each to the largest remainders (ties: the larger holding, then the address)",
    )
  })

  it('pro rata ties go to the larger holding, then the address', () => {
    const even = [
      { address: b, count: 1, marks: [] },
      { address: a, count: 1, marks: [] },
    ] satisfies SnapshotHolder[]
    const outcome = applyRules(even, { mode: 'proRata', total: 1 })
    expect(outcome.rows.map((r) => r.address)).toEqual([a < b ? a : b])
  })

  it('never more than a recipient may get (1,000), saying so', () => {
    const whale = [{ address: a, count: 5000, marks: [] }] satisfies SnapshotHolder[]
    const outcome = applyRules(whale, { mode: 'perNft' })
    expect(outcome.rows).toEqual([{ line: 1, address: a, count: 1000 }])
    expect(outcome.problems[0]?.message).toBe(
      `${a} would get 5000 NFTs; one recipient gets at most 1000`,
    )
  })
})
