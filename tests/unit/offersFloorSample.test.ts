import { describe, expect, it } from 'vitest'

import { evenSample } from '../../src/worker/listing/floorPrice.ts'

describe('evenSample', () => {
  it('takes every id of a short list, and an even spread of a long one', () => {
    expect(evenSample(['a', 'b'], 5)).toEqual(['a', 'b'])
    const ids = Array.from({ length: 1000 }, (_, i) => String(i))
    const sample = evenSample(ids, 200)
    expect(sample).toHaveLength(200)
    expect(sample[0]).toBe('0')
    expect(sample[1]).toBe('5')
    expect(sample.at(-1)).toBe('995')
    expect(new Set(sample).size).toBe(200)
  })
})
