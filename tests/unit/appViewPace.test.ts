/**
 * The collection view takes in metadata at a pace set by its own cost: the pause before the next
 * merge is nine times the last pass (passes take a tenth of the main thread), at most 5 s.
 */
import { expect, it } from 'vitest'

import { mergeGapMs, notePassMs, timedPass } from '../../src/app/state/viewPace.ts'

it('pauses nine times as long as the last pass took', () => {
  notePassMs(4)
  expect(mergeGapMs()).toBe(36)
  notePassMs(120)
  expect(mergeGapMs()).toBe(1080)
})

it('merges at once after a pass that cost nothing, and waits at most 5 s after a costly one', () => {
  notePassMs(0)
  expect(mergeGapMs()).toBe(0)
  notePassMs(2500)
  expect(mergeGapMs()).toBe(5000)
})

it('counts a merge as its filter pass and its sort-and-group pass together', () => {
  const busy = (ms: number) => {
    const until = performance.now() + ms
    while (performance.now() < until);
  }
  expect(timedPass('filter', () => (busy(20), 'filtered'))).toBe('filtered')
  timedPass('group', () => busy(20))
  // At least 40 ms of work, so at least 360 ms of pause.
  expect(mergeGapMs()).toBeGreaterThanOrEqual(360)
})
