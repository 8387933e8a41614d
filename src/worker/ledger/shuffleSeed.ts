/**
 * The airdrop shuffle's seed: 128 bits written as 32 hex digits, recorded on the job so that its exact
 * recipient→NFT pairing can be reproduced (planned again with the same seed) and shown to recipients
 * who ask how the draw was made. The seed drives sfc32 (Chris Doty-Humphrey's Small Fast Counting
 * generator, 128 bits of state, passes PractRand), which in turn drives the planner's Fisher–Yates.
 * It is not a cryptographic generator: the seed itself comes from crypto.getRandomValues, and nothing
 * about the shuffle needs to stay secret once the seed is published.
 */
import { EngineError } from '../../shared/errors.ts'

/** A shuffle seed: exactly 32 hex digits (stored lower-case). */
const SEED_PATTERN = /^[0-9a-f]{32}$/
/** Outputs thrown away after seeding, as sfc32's author advises, so similar seeds diverge. */
const WARM_UP_ROUNDS = 15

/** A fresh 128-bit seed from crypto.getRandomValues, as 32 lower-case hex digits. */
export function freshSeed(): string {
  const words = crypto.getRandomValues(new Uint32Array(4))
  return Array.from(words, (w) => w.toString(16).padStart(8, '0')).join('')
}

/**
 * A seed from a request, checked and lower-cased.
 *
 * @param label - what the seed is for, as the message names it.
 * @throws EngineError `VALIDATION` ('The shuffle seed must be 32 hexadecimal digits …') otherwise.
 */
export function checkedSeed(value: unknown, label = 'The shuffle seed'): string {
  const seed = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!SEED_PATTERN.test(seed)) {
    const got = typeof value === 'string' ? `"${value.slice(0, 40)}"` : `(${typeof value})`
    throw new EngineError(
      'VALIDATION',
      `${label} must be 32 hexadecimal digits (0-9, a-f), got ${got}`,
    )
  }
  return seed
}

/** The four 32-bit words of a checked seed, most significant first. */
function seedWords(seed: string): [number, number, number, number] {
  const word = (i: number) => Number.parseInt(seed.slice(i * 8, i * 8 + 8), 16) >>> 0
  return [word(0), word(1), word(2), word(3)]
}

/** sfc32 over the seed's words: each call gives the next uniform 32-bit integer. */
function sfc32(seed: string): () => number {
  let [a, b, c, d] = seedWords(seed)
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) >>> 0
    c = (c + t) >>> 0
    return t
  }
  for (let i = 0; i < WARM_UP_ROUNDS; i++) next()
  return next
}

/**
 * A uniform double in [0, 1) per call (53 bits from two sfc32 outputs), fully determined by the seed:
 * the same seed always yields the same sequence, on every engine and platform.
 *
 * @param seed - a seed from {@link checkedSeed} or {@link freshSeed}.
 */
export function seededRandom(seed: string): () => number {
  const next = sfc32(checkedSeed(seed))
  return () => ((next() >>> 5) * 2 ** 26 + (next() >>> 6)) / 2 ** 53
}
