/**
 * Issue 27 under attack, liveness of the meters: a server (or a proxy in front of one) that puts
 * `warning: "load"` on every reply. The meters promise never to go below a floor (10 % of their cap:
 * loadMeters.ts FLOOR_SHARE); the engine must keep at least that pace, and a server that warns on
 * everything must not slow it to a crawl for ever. Time is Vitest's fake clock: every wait is stepped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { RIPPLED_LIMITS } from '../../../src/worker/ledger/loadMeters.ts'
import { RequestScheduler } from '../../../src/worker/ledger/requestScheduler.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a rippled (or a proxy) that warns on every reply', () => {
  it('the scheduler keeps at least the floor pace its meter promises (10 % of the cap)', async () => {
    const scheduler = new RequestScheduler('wss://proxy.example', 'rippled', {}, () => Date.now())
    let sent = 0
    // A reading of many cheap requests (reference cost, 20 units), eight at a time as the readers do.
    const warned = () => {
      sent += 1
      return Promise.resolve({ result: {}, warning: 'load' })
    }
    let stop = false
    const worker = async () => {
      while (!stop) await scheduler.run('account_info', 'view', warned)
    }
    const workers = Array.from({ length: 8 }, worker)
    const seconds = 120
    await vi.advanceTimersByTimeAsync(seconds * 1000)
    stop = true

    // The floor: 10 % of the cap (90 % of the warning balance), in units a second; a steady r units a
    // second settles at a balance of r. At 20 units a request that is over 22 requests a second.
    const floorUnitsPerSecond = RIPPLED_LIMITS.warnBalance * 0.9 * 0.1
    const floorRequests = (floorUnitsPerSecond / 20) * seconds
    expect(sent).toBeGreaterThanOrEqual(floorRequests / 2)
    await vi.advanceTimersByTimeAsync(60_000)
    await Promise.race([Promise.all(workers), Promise.resolve()])
  })
})
