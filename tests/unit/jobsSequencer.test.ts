/**
 * The runner's sequence numbers (docs/architecture.md §3.2): a number once signed for an intent is
 * never handed to another intent, after a restart too; gaps go to no-op fillers only.
 */
import { expect, it } from 'vitest'

import { Sequencer } from '../../src/worker/jobs/run/sequencer.ts'

it('new intents get numbers above the highest ever signed, even when the server says lower', () => {
  // The server reports Sequence 10, but this store signed up to 14 (a lie, or attempts held back).
  const s = new Sequencer(10, [12], 14)
  expect([s.take(10), s.take(10)]).toEqual([15, 16])
  // 10, 11, 13 and 14 may carry earlier intents' transactions: fillers only, lowest first.
  expect(s.lowestGap(10, false)).toBe(10)
  s.fill(10)
  expect(s.lowestGap(10, false)).toBe(11)
})

it('a number taken and never signed goes to the next intent; one given up goes to a filler only', () => {
  const s = new Sequencer(20, [])
  const [a, b, c] = [s.take(20), s.take(20), s.take(20)]
  s.release(a) // the wallet refused: never signed
  s.abandon(b) // signed, its intent skipped
  expect(s.take(20)).toBe(a)
  expect(s.take(20)).toBe(c + 1)
  expect(s.lowestGap(20, false)).toBe(b)
})

it('free numbers go to fillers only once no intent is pending; consumed numbers are forgotten', () => {
  const s = new Sequencer(30, [])
  const a = s.take(30)
  s.take(30)
  s.release(a)
  expect(s.lowestGap(30, false)).toBeUndefined()
  expect(s.lowestGap(30, true)).toBe(a)
  expect(s.lowestGap(a + 1, true)).toBeUndefined()
})
