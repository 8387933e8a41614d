import { describe, expect, it } from 'vitest'

import { foldedAfterScroll } from '../../src/app/shell/collapsingHeader.ts'

const moment = { foldFrom: 100, popupOpen: false }

describe('the phone header folding while scrolling', () => {
  it('folds on the way down once past its own height, and unfolds on the way up', () => {
    expect(foldedAfterScroll(false, { ...moment, lastY: 200, y: 300 })).toBe(true)
    expect(foldedAfterScroll(true, { ...moment, lastY: 300, y: 250 })).toBe(false)
  })

  it('stays unfolded near the top of the page, whatever the direction', () => {
    expect(foldedAfterScroll(false, { ...moment, lastY: 20, y: 90 })).toBe(false)
    expect(foldedAfterScroll(true, { ...moment, lastY: 300, y: 100 })).toBe(false)
  })

  it('ignores a jitter of a few pixels either way', () => {
    expect(foldedAfterScroll(true, { ...moment, lastY: 400, y: 395 })).toBe(true)
    expect(foldedAfterScroll(false, { ...moment, lastY: 400, y: 405 })).toBe(false)
  })

  it('never folds while one of its popups is open', () => {
    expect(foldedAfterScroll(false, { ...moment, popupOpen: true, lastY: 200, y: 600 })).toBe(false)
    expect(foldedAfterScroll(true, { ...moment, popupOpen: true, lastY: 600, y: 601 })).toBe(false)
  })
})
