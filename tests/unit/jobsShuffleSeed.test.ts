/**
 * The airdrop shuffle's seed: fresh seeds, the checks on a given one, and that a seed alone decides
 * which NFT goes to whom.
 */
import { describe, expect, it } from 'vitest'

import type { JobRequest } from '../../src/worker/api.ts'
import { planIntents, validateJobRequest } from '../../src/worker/jobKinds.ts'
import { withShuffleSeed } from '../../src/worker/airdrop/airdropKind.ts'
import type { PlannedIntent } from '../../src/worker/jobs/jobKind.ts'
import { freshSeed, seededRandom } from '../../src/worker/ledger/shuffleSeed.ts'

const A = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const B = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const SEED = '0123456789abcdef0123456789abcdef'
const OTHER = 'fedcba9876543210fedcba9876543210'

function nfts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i + 1).toString(16).padStart(64, '0'))
}

function request(fields: Record<string, unknown> = {}): unknown {
  return {
    kind: 'airdrop',
    distribution: [
      { address: A, count: 20 },
      { address: B, count: 20 },
    ],
    nftIds: nfts(40),
    randomize: true,
    ...fields,
  }
}

const pairs = (planned: PlannedIntent[]) =>
  planned.map(({ intent }) =>
    intent.type === 'offer' ? `${intent.destination}:${intent.nftId}` : '',
  )

function planWith(fields: Record<string, unknown>): string[] {
  return pairs(planIntents(withShuffleSeed(validateJobRequest(request(fields)))))
}

describe('shuffle seed', () => {
  it('a fresh seed is 128 random bits as 32 lower-case hex digits', () => {
    const seeds = new Set(Array.from({ length: 50 }, freshSeed))
    expect(seeds.size).toBe(50)
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/)
  })

  it('the same seed gives the same recipient→NFT pairs; another seed other pairs', () => {
    const first = planWith({ seed: SEED })
    expect(planWith({ seed: SEED })).toEqual(first)
    expect(planWith({ seed: SEED.toUpperCase() })).toEqual(first)
    expect(planWith({ seed: OTHER })).not.toEqual(first)
    // A shuffle, not the selection order.
    expect(first).not.toEqual(planWith({ randomize: false }))
  })

  it('a randomized request without a seed gets a fresh one, recorded in the request', () => {
    const a = withShuffleSeed(validateJobRequest(request())) as Extract<
      JobRequest,
      { kind: 'airdrop' }
    >
    const b = withShuffleSeed(validateJobRequest(request())) as typeof a
    expect(a.seed).toMatch(/^[0-9a-f]{32}$/)
    expect(b.seed).not.toBe(a.seed)
    expect(pairs(planIntents(a))).toEqual(planWith({ seed: a.seed }))
  })

  it('seededRandom is uniform-looking in [0, 1) and deterministic', () => {
    const r = seededRandom(SEED)
    const values = Array.from({ length: 10_000 }, r)
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true)
    const mean = values.reduce((s, v) => s + v, 0) / values.length
    expect(mean).toBeGreaterThan(0.45)
    expect(mean).toBeLessThan(0.55)
    expect(Array.from({ length: 5 }, seededRandom(SEED))).toEqual(values.slice(0, 5))
  })

  it('rejects a malformed seed with a clear message', () => {
    for (const seed of ['abc', `${SEED}0`, SEED.replace('a', 'g'), '', 42, null]) {
      expect(() => validateJobRequest(request({ seed }))).toThrow(
        /The shuffle seed must be 32 hexadecimal digits/,
      )
    }
  })

  it('without randomize a seed is checked but dropped: no shuffle to reproduce', () => {
    const checked = validateJobRequest(request({ randomize: false, seed: SEED }))
    expect(checked).not.toHaveProperty('seed')
    expect(withShuffleSeed(checked)).not.toHaveProperty('seed')
    expect(() => validateJobRequest(request({ randomize: false, seed: 'nope' }))).toThrow(
      /shuffle seed/,
    )
  })
})
