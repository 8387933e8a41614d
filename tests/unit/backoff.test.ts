import { describe, expect, it } from 'vitest'

import { Backoff, delay } from '../../src/worker/network/backoff.ts'

describe('Backoff', () => {
  it('starts at 100 ms and doubles up to 60 s', () => {
    const backoff = new Backoff(100, 60_000)
    const delays = Array.from({ length: 12 }, () => backoff.next())
    expect(delays).toEqual([
      100, 200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 51_200, 60_000, 60_000,
    ])
  })

  it('starts over after a reset', () => {
    const backoff = new Backoff(100, 60_000)
    backoff.next()
    backoff.next()
    backoff.reset()
    expect(backoff.next()).toBe(100)
  })
})

describe('delay', () => {
  it('rejects with CANCELLED when aborted', async () => {
    const controller = new AbortController()
    const waiting = delay(60_000, controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'EngineError', code: 'CANCELLED' })
  })
})
