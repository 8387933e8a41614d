/**
 * planIntents and airdropSummary: how a request becomes intents (CSV order, counts, the shuffle,
 * extra recipients and NFTs, cancel packing), and the Distribution Summary.
 */
import { describe, expect, it } from 'vitest'

import type { JobRequest } from '../../src/worker/api.ts'
import { airdropSummary } from '../../src/shared/airdropSummary.ts'
import { planIntents } from '../../src/worker/jobKinds.ts'
import { cryptoRandom } from '../../src/worker/airdrop/airdropKind.ts'
import type { PlannedIntent } from '../../src/worker/jobs/jobKind.ts'

type Airdrop = Extract<JobRequest, { kind: 'airdrop' }>

const A = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const B = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const C = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

/** NFT id number n (distinct, valid). */
function nft(n: number): string {
  return n.toString(16).toUpperCase().padStart(64, '0')
}

function offerId(n: number): string {
  return `F${n.toString(16).toUpperCase().padStart(63, '0')}`
}

function nfts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => nft(i + 1))
}

/** A deterministic PRNG (mulberry32) in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function airdrop(distribution: Airdrop['distribution'], nftIds: string[], randomize = false) {
  return { kind: 'airdrop', distribution, nftIds, randomize } satisfies Airdrop
}

const pairs = (planned: PlannedIntent[]) =>
  planned.map(({ intent, recipient }) => {
    if (intent.type !== 'offer') throw new Error('not an offer')
    return [recipient, intent.destination, intent.nftId]
  })

describe('planIntents: airdrop', () => {
  it('pairs recipient slots in CSV order with NFTs in selection order', () => {
    const request = airdrop(
      [
        { address: B, count: 2 },
        { address: A, count: 1 },
        { address: C, count: 1 },
      ],
      nfts(4),
    )

    expect(pairs(planIntents(request))).toEqual([
      [B, B, nft(1)],
      [B, B, nft(2)],
      [A, A, nft(3)],
      [C, C, nft(4)],
    ])
  })

  it('makes free sell offers to the recipient', () => {
    const [planned] = planIntents(airdrop([{ address: A, count: 1 }], nfts(1)))
    expect(planned).toEqual({
      intent: { type: 'offer', nftId: nft(1), amountDrops: '0', destination: A },
      recipient: A,
    })
  })

  it('stops when NFTs run out: extra recipient slots get nothing', () => {
    const request = airdrop(
      [
        { address: A, count: 2 },
        { address: B, count: 3 },
        { address: C, count: 1 },
      ],
      nfts(3),
    )
    expect(pairs(planIntents(request))).toEqual([
      [A, A, nft(1)],
      [A, A, nft(2)],
      [B, B, nft(3)],
    ])
  })

  it('stops when recipients run out: extra NFTs stay', () => {
    const request = airdrop([{ address: A, count: 1 }], nfts(5))
    expect(pairs(planIntents(request))).toEqual([[A, A, nft(1)]])
  })

  it('does not expand slots beyond the NFTs (10,000 rows of 1000 stay cheap)', () => {
    const rows = Array.from({ length: 10_000 }, () => ({ address: A, count: 1000 }))
    expect(planIntents(airdrop(rows, nfts(3)))).toHaveLength(3)
  })

  it('randomize: the NFTs given out are a permutation of the selection', () => {
    const request = airdrop([{ address: A, count: 50 }], nfts(50), true)
    const planned = pairs(planIntents(request, seeded(7)))
    const ids = planned.map(([, , id]) => id)

    expect(planned.every(([recipient]) => recipient === A)).toBe(true)
    expect([...ids].sort()).toEqual(nfts(50))
    expect(ids).not.toEqual(nfts(50))
  })

  it('randomize: the same random sequence gives the same plan; another gives another', () => {
    const request = airdrop(
      [
        { address: A, count: 10 },
        { address: B, count: 10 },
      ],
      nfts(20),
      true,
    )
    const first = pairs(planIntents(request, seeded(1)))
    expect(pairs(planIntents(request, seeded(1)))).toEqual(first)
    expect(pairs(planIntents(request, seeded(2)))).not.toEqual(first)
  })

  it('randomize shuffles which NFT goes to which slot; slots keep the CSV order', () => {
    const request = airdrop(
      [
        { address: B, count: 2 },
        { address: A, count: 2 },
      ],
      nfts(4),
      true,
    )
    expect(pairs(planIntents(request, seeded(3))).map(([recipient]) => recipient)).toEqual([
      B,
      B,
      A,
      A,
    ])
  })

  it('randomize with more NFTs than slots picks a random subset of the selection', () => {
    const request = airdrop([{ address: A, count: 3 }], nfts(100), true)
    const ids = pairs(planIntents(request, seeded(11))).map(([, , id]) => id as string)
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(3)
    expect(ids.every((id) => nfts(100).includes(id))).toBe(true)
    expect(ids).not.toEqual(nfts(3))
  })

  it('randomize is Fisher–Yates: random() = 0 always swaps with the first element', () => {
    // i = 3: swap 3↔0 → [4,2,3,1]; i = 2: swap 2↔0 → [3,2,4,1]; i = 1: swap 1↔0 → [2,3,4,1].
    const request = airdrop([{ address: A, count: 4 }], nfts(4), true)
    const ids = pairs(planIntents(request, () => 0)).map(([, , id]) => id)
    expect(ids).toEqual([nft(2), nft(3), nft(4), nft(1)])
  })

  it('randomize survives a random() that returns 1 or garbage', () => {
    const request = airdrop([{ address: A, count: 5 }], nfts(5), true)
    for (const value of [1, Number.NaN, -3, 99]) {
      const ids = pairs(planIntents(request, () => value)).map(([, , id]) => id)
      expect([...ids].sort()).toEqual(nfts(5))
    }
  })

  it('randomize uses a crypto-strong random by default', () => {
    const request = airdrop([{ address: A, count: 30 }], nfts(30), true)
    const ids = pairs(planIntents(request)).map(([, , id]) => id)
    expect([...ids].sort()).toEqual(nfts(30))
    const values = Array.from({ length: 1000 }, cryptoRandom)
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true)
    expect(new Set(values).size).toBe(1000)
  })

  it('without randomize the random is never called', () => {
    const request = airdrop([{ address: A, count: 3 }], nfts(3))
    const random = () => {
      throw new Error('called')
    }
    expect(pairs(planIntents(request, random)).map(([, , id]) => id)).toEqual(nfts(3))
  })
})

describe('planIntents: list, burn', () => {
  it('list: one offer intent per entry, as given', () => {
    const request: JobRequest = {
      kind: 'list',
      offers: [
        { nftId: nft(1), amountDrops: '5000000' },
        { nftId: nft(2), amountDrops: '0', destination: B, expiration: 800_000_000 },
      ],
    }
    expect(planIntents(request)).toEqual([
      { intent: { type: 'offer', nftId: nft(1), amountDrops: '5000000' } },
      {
        intent: {
          type: 'offer',
          nftId: nft(2),
          amountDrops: '0',
          destination: B,
          expiration: 800_000_000,
        },
      },
    ])
  })

  it('list again: the replaced offers are cancelled first, 500 to a transaction, then the offers', () => {
    const offerId = (n: number) => n.toString(16).toUpperCase().padStart(64, '0')
    const replaced = Array.from({ length: 501 }, (_, i) => offerId(i + 1))
    const request: JobRequest = {
      kind: 'list',
      offers: [
        { nftId: nft(1), amountDrops: '5', replaces: replaced.slice(0, 500) },
        { nftId: nft(2), amountDrops: '6' },
        { nftId: nft(3), amountDrops: '7', replaces: replaced.slice(500) },
      ],
    }
    expect(planIntents(request)).toEqual([
      { intent: { type: 'cancel', offerIds: replaced.slice(0, 500) } },
      { intent: { type: 'cancel', offerIds: replaced.slice(500) } },
      // Each offer names what it replaces: the runner signs it once those are cancelled.
      {
        intent: {
          type: 'offer',
          nftId: nft(1),
          amountDrops: '5',
          replaces: replaced.slice(0, 500),
        },
      },
      { intent: { type: 'offer', nftId: nft(2), amountDrops: '6' } },
      {
        intent: { type: 'offer', nftId: nft(3), amountDrops: '7', replaces: replaced.slice(500) },
      },
    ])
  })

  it('burn: one burn intent per NFT, in selection order', () => {
    expect(planIntents({ kind: 'burn', nftIds: [nft(2), nft(1)] })).toEqual([
      { intent: { type: 'burn', nftId: nft(2) } },
      { intent: { type: 'burn', nftId: nft(1) } },
    ])
  })
})

describe('planIntents: cancel', () => {
  const ids = (count: number) => Array.from({ length: count }, (_, i) => offerId(i))
  const sizes = (planned: PlannedIntent[]) =>
    planned.map(({ intent }) => (intent.type === 'cancel' ? intent.offerIds.length : -1))

  it('packs 500 ids into one intent', () => {
    const planned = planIntents({ kind: 'cancel', offerIds: ids(500) })
    expect(sizes(planned)).toEqual([500])
    expect(planned[0]?.intent).toEqual({ type: 'cancel', offerIds: ids(500) })
  })

  it('packs 501 ids into two intents, in order', () => {
    const planned = planIntents({ kind: 'cancel', offerIds: ids(501) })
    expect(sizes(planned)).toEqual([500, 1])
    expect(planned[1]?.intent).toEqual({ type: 'cancel', offerIds: [offerId(500)] })
  })

  it('drops repeated ids, keeping the first-seen order', () => {
    const offerIds = [offerId(3), offerId(1), offerId(3), offerId(2), offerId(1)]
    expect(planIntents({ kind: 'cancel', offerIds })).toEqual([
      { intent: { type: 'cancel', offerIds: [offerId(3), offerId(1), offerId(2)] } },
    ])
    const doubled = [...ids(500), ...ids(500), offerId(500)]
    expect(sizes(planIntents({ kind: 'cancel', offerIds: doubled }))).toEqual([500, 1])
  })
})

describe('airdropSummary', () => {
  it('counts recipients, NFTs, transactions = min(slots, NFTs) and the recipients left out', () => {
    const distribution = [
      { address: A, count: 2 },
      { address: B, count: 1 },
      { address: C, count: 1 },
    ]
    expect(airdropSummary(distribution, 3)).toEqual({
      recipients: 3,
      nfts: 3,
      transactions: 3,
      unserved: 1,
    })
    expect(airdropSummary(distribution, 10)).toEqual({
      recipients: 3,
      nfts: 10,
      transactions: 4,
      unserved: 0,
    })
    expect(airdropSummary(distribution, 0)).toEqual({
      recipients: 3,
      nfts: 0,
      transactions: 0,
      unserved: 3,
    })
  })

  it('counts a recipient who gets fewer NFTs than asked as served', () => {
    const rows = [A, B, C].map((address) => ({ address, count: 2 }))
    expect(airdropSummary(rows, 4).unserved).toBe(1)
    // C's first slot is the fifth: it gets one NFT of two, so nobody is left out.
    expect(airdropSummary(rows, 5).unserved).toBe(0)
    expect(airdropSummary(rows, 1).unserved).toBe(2)
  })

  it('agrees with the number of intents planned', () => {
    const request = airdrop(
      [
        { address: A, count: 3 },
        { address: B, count: 4 },
      ],
      nfts(5),
      true,
    )
    expect(planIntents(request, seeded(5))).toHaveLength(
      airdropSummary(request.distribution, request.nftIds.length).transactions,
    )
  })
})
