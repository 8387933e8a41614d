/**
 * The per-endpoint scheduler: lanes, refusals waited out, load warnings heeded. Time is Vitest's fake
 * clock, so every wait is stepped, never slept.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { MAX_REFUSED_MS, RequestScheduler } from '../../src/worker/ledger/requestScheduler.ts'
import type { Lane } from '../../src/worker/ledger/requestScheduler.ts'

function refusal(token: string): Error {
  return Object.assign(new Error(token), { name: 'RippledError', data: { error: token } })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const clock = () => Date.now()

describe('RequestScheduler', () => {
  it('lets a job’s requests out before waiting views and views before background work', async () => {
    const scheduler = new RequestScheduler('wss://clio.example', 'clio', {}, clock)
    const order: string[] = []
    const queue = (lane: Lane, n: number) =>
      Array.from({ length: n }, (_, i) =>
        scheduler.run('nft_buy_offers', lane, () => {
          order.push(`${lane}${i}`)
          return Promise.resolve(i)
        }),
      )
    // The views fill Clio's first window; then come background work and, last, a job.
    const all = [...queue('view', 30), ...queue('background', 5), ...queue('job', 5)]
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(all)
    // Clio's first sweep (20 requests) went to whoever came first; after that the job lane jumps
    // the queue, and background work waits for the views.
    expect(order.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `view${i}`))
    expect(order.slice(20, 25)).toEqual(['job0', 'job1', 'job2', 'job3', 'job4'])
    expect(order.slice(25, 35)).toEqual(Array.from({ length: 10 }, (_, i) => `view${20 + i}`))
    expect(order.slice(35)).toEqual(Array.from({ length: 5 }, (_, i) => `background${i}`))
  })

  it('waits out slowDown and tooBusy and sends the request again', async () => {
    const refused: string[] = []
    const scheduler = new RequestScheduler(
      'wss://s1.example',
      'rippled',
      { refused: (_e, kind) => refused.push(kind) },
      clock,
    )
    const answers = [refusal('slowDown'), refusal('tooBusy'), refusal('notSynced')]
    let calls = 0
    const reply = scheduler.run('account_info', 'view', () => {
      calls += 1
      const next = answers.shift()
      return next ? Promise.reject(next) : Promise.resolve('ok')
    })
    await vi.advanceTimersByTimeAsync(60_000)
    await expect(reply).resolves.toBe('ok')
    expect(calls).toBe(4)
    expect(refused).toEqual(['load', 'load', 'unsynced'])
    expect(scheduler.stats.refusals).toBe(3)
  })

  it('passes any other failure at once; amendment blocked at once too, as a lost connection (the link moves on)', async () => {
    const refused: string[] = []
    const scheduler = new RequestScheduler(
      'ws://x',
      'rippled',
      { refused: (_e, k) => refused.push(k) },
      clock,
    )
    await expect(
      scheduler.run('account_info', 'view', () => Promise.reject(refusal('actNotFound'))),
    ).rejects.toThrow('actNotFound')
    await expect(
      scheduler.run('account_info', 'view', () => Promise.reject(refusal('amendmentBlocked'))),
    ).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'account_info: the server is amendment blocked',
    })
    expect(refused).toEqual(['blocked'])
  })

  it('gives up with NETWORK after two minutes of refusals (a job then waits for the connection)', async () => {
    const scheduler = new RequestScheduler('ws://x', 'rippled', {}, clock)
    const reply = scheduler.run('fee', 'view', () => Promise.reject(refusal('tooBusy')))
    const settled = expect(reply).rejects.toMatchObject({ code: 'NETWORK' })
    // At most the limit, plus one wait for the balance the refusals reported to decay.
    await vi.advanceTimersByTimeAsync(MAX_REFUSED_MS + 120_000)
    await settled
  })

  it('slows down when replies carry rippled’s load warning, and says the server sets the pace', async () => {
    const scheduler = new RequestScheduler('ws://x', 'rippled', {}, clock)
    const send = (warned: boolean) => () =>
      Promise.resolve(warned ? { result: {}, warning: 'load' } : { result: {} })
    // Clean submits: a burst goes out with no wait.
    const burst = Array.from({ length: 100 }, () => scheduler.run('submit', 'job', send(false)))
    await vi.advanceTimersByTimeAsync(0)
    await Promise.all(burst)
    expect(scheduler.limited()).toBe(false)
    // One warned reply: the next submit waits for the balance to decay.
    await scheduler.run('submit', 'job', send(true))
    expect(scheduler.stats.warnings).toBe(1)
    let sent = false
    void scheduler.run('submit', 'job', send(false)).then(() => (sent = true))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sent).toBe(false)
    expect(scheduler.limited()).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toBe(true)
  })

  it('learns a Clio from its server_info and meters requests, not rippled units', async () => {
    const scheduler = new RequestScheduler('ws://x', 'unknown', {}, clock)
    scheduler.learned('clio')
    expect(scheduler.kind).toBe('clio')
    // 20 medium reads at once are within one sweep for Clio (rippled would have charged 8,000).
    const reads = Array.from({ length: 20 }, () =>
      scheduler.run('nft_buy_offers', 'view', () => Promise.resolve(1)),
    )
    await vi.advanceTimersByTimeAsync(0)
    await Promise.all(reads)
    expect(scheduler.stats.sent).toBe(20)
  })

  it('a node of our own that said it is a Clio stays unlimited, and once it says slowDown is held to the count a sweep it had reached', async () => {
    const scheduler = new RequestScheduler('ws://own', 'own', {}, clock)
    scheduler.learned('clio')
    expect(scheduler.kind).toBe('own')
    // Unlimited: 60 reads in one burst (a public Clio allows 20 a sweep).
    const burst = Array.from({ length: 60 }, () =>
      scheduler.run('nft_buy_offers', 'view', () => Promise.resolve(1)),
    )
    await vi.advanceTimersByTimeAsync(0)
    await Promise.all(burst)
    // It refuses the 61st: from now on a sweep holds fewer than those 60, yet far more than 20.
    let refused = false
    const once = () => {
      if (refused) return Promise.resolve(1)
      refused = true
      return Promise.reject(refusal('slowDown'))
    }
    const retried = scheduler.run('nft_buy_offers', 'view', once)
    await vi.advanceTimersByTimeAsync(1_100)
    await retried
    const sentBefore = scheduler.stats.sent
    const next = Array.from({ length: 100 }, () =>
      scheduler.run('nft_buy_offers', 'view', () => Promise.resolve(1)),
    )
    await vi.advanceTimersByTimeAsync(0)
    const inOneSweep = scheduler.stats.sent - sentBefore
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all(next)
    expect(inOneSweep).toBeGreaterThan(20)
    expect(inOneSweep).toBeLessThan(60)
  })
})
