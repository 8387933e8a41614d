/**
 * Seeded randomness for the demo catalogue. The catalogue must be identical on every run (tests, e2e and
 * benchmarks compare against it), so nothing here touches Math.random.
 */

/** A source of numbers in [0, 1), like Math.random but reproducible. */
export type Random = () => number

/**
 * mulberry32: a tiny 32-bit PRNG, good enough to vary demo data and to spread injected failures
 * evenly. Not for anything security related.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a of a string: turns a readable key ('pixel-cats/7') into a PRNG seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A PRNG seeded from a readable key. */
export function randomFor(key: string): Random {
  return mulberry32(seedOf(key))
}

/** One element of a non-empty list, chosen by `random`. */
export function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)]
  if (item === undefined) throw new Error('pick: empty list')
  return item
}

/** An integer in [min, max], both included. */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}
