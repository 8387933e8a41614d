/**
 * The meters against independent models of the servers they mirror, in simulated time: a client that
 * sends as fast as its meter allows never crosses the server's limit, and still goes nearly as fast
 * as the limit allows.
 */
import { describe, expect, it } from 'vitest'

import { LearningMeter } from '../../src/worker/ledger/learningMeter.ts'
import { RippledMeter, WindowMeter, rippledCost } from '../../src/worker/ledger/loadMeters.ts'
import type { LoadMeter } from '../../src/worker/ledger/loadMeters.ts'

/** rippled's Resource Manager as its sources describe it: per-second decay by 1/32, balance = sum / 32. */
class RippledModel {
  private sum = 0
  private second = 0
  peak = 0
  charge(cost: number, nowMs: number): void {
    const second = Math.floor(nowMs / 1000)
    while (this.second < second) {
      this.sum -= this.sum / 32
      this.second += 1
    }
    this.sum += cost
    this.peak = Math.max(this.peak, this.sum / 32)
  }
}

/** Sends `command` as fast as the meter lets it for `seconds`; returns how many went out. */
function drive(meter: LoadMeter, command: string, seconds: number, onSend: (now: number) => void) {
  let now = 0
  let sent = 0
  while (now < seconds * 1000) {
    const wait = meter.waitMs({ command }, now)
    if (wait > 0) {
      now += wait
      continue
    }
    meter.charge({ command }, now)
    meter.clean(now)
    onSend(now)
    sent += 1
  }
  return sent
}

/**
 * Two minutes of reads as fast as the meter lets them against a Clio whose fixed 1 s sweep refuses
 * every request past `perSweep`: how many went out, and when refusals came.
 */
function againstClio(meter: LoadMeter, perSweep: number) {
  const counts = new Map<number, number>()
  const refusedAt: number[] = []
  const sent = drive(meter, 'nft_buy_offers', 120, (now) => {
    const sweep = Math.floor(now / 1000)
    const count = (counts.get(sweep) ?? 0) + 1
    counts.set(sweep, count)
    if (count > perSweep) {
      refusedAt.push(now)
      meter.pushedBack(now, 'refusal')
    }
  })
  return { sent, refusedAt }
}

describe('RippledMeter', () => {
  it('charges rippled’s fees: 400 for a submit or an offer list, 20 for account_info', () => {
    expect(rippledCost({ command: 'submit' })).toBe(400)
    expect(rippledCost({ command: 'nft_buy_offers' })).toBe(400)
    expect(rippledCost({ command: 'account_info' })).toBe(20)
  })

  it('keeps submits under the warning balance yet near 12.5 a second over 10 minutes', () => {
    const server = new RippledModel()
    const sent = drive(new RippledMeter(), 'submit', 600, (now) => server.charge(400, now))
    expect(server.peak).toBeLessThan(5_000)
    // The steady pace the 90 % target allows (11.25/s), plus the opening burst.
    expect(sent / 600).toBeGreaterThan(11)
  })

  it('after a warning below its assumed level, aims under where it stood and holds back until then', () => {
    const meter = new RippledMeter()
    // 160 submits at once: a balance of 2,000 by our count, yet the server warns (others share
    // our address, or it is configured tighter).
    for (let i = 0; i < 160; i += 1) meter.charge({ command: 'submit' }, 0)
    expect(meter.balance(0)).toBeCloseTo(2_000)
    meter.pushedBack(0, 'warning')
    expect(meter.target).toBeCloseTo(1_400)
    // From 2,125 (the warning is charged too) to 1,400 less a submit: seconds, not milliseconds.
    expect(meter.waitMs({ command: 'submit' }, 0)).toBeGreaterThan(10_000)
    // Clean replies bring the target back up to its cap.
    for (let now = 20_000; now < 400_000; now += 1_000) meter.clean(now)
    expect(meter.target).toBe(4_500)
  })
})

describe('WindowMeter', () => {
  it('never lets more than 20 requests into one of Clio’s sweeps, wherever they fall, at ≥ 18.5 a second', () => {
    for (const phase of [0, 137, 500, 999]) {
      const perSweep = new Map<number, number>()
      const sent = drive(new WindowMeter(), 'nft_buy_offers', 120, (now) => {
        const sweep = Math.floor((now + phase) / 1000)
        perSweep.set(sweep, (perSweep.get(sweep) ?? 0) + 1)
      })
      expect(Math.max(...perSweep.values())).toBeLessThanOrEqual(20)
      expect(sent / 120).toBeGreaterThan(18.5)
    }
  })

  it('finds a Clio set to 10 requests a sweep within seconds, then keeps near it', () => {
    const { sent, refusedAt } = againstClio(new WindowMeter(), 10)
    expect(refusedAt.filter((t) => t < 20_000).length).toBeGreaterThan(0)
    // Once it has found the server's limit, few requests are refused (a creep back up meets one
    // every few seconds), and the pace stays near the limit.
    expect(refusedAt.filter((t) => t >= 20_000).length).toBeLessThan(sent * 0.03)
    expect(sent / 120).toBeGreaterThan(8)
  })

  it('slows down after a refusal and creeps back', () => {
    const meter = new WindowMeter()
    const before = meter.target
    meter.pushedBack(0, 'refusal')
    expect(meter.target).toBeLessThan(before)
    for (let now = 2_000; now < 120_000; now += 500) meter.clean(now)
    expect(meter.target).toBe(before)
  })
})

describe('LearningMeter', () => {
  it('is unlimited until the server pushes back, then keeps under what it had reached', () => {
    const meter = new LearningMeter()
    for (let i = 0; i < 1_000; i += 1) {
      expect(meter.waitMs({ command: 'submit' }, i)).toBe(0)
      meter.charge({ command: 'submit' }, i)
    }
    meter.pushedBack(1_000, 'warning')
    expect(meter.waitMs({ command: 'submit' }, 1_000)).toBeGreaterThan(0)
    expect(Number.isFinite(meter.target)).toBe(true)
  })

  it('a node that said it is a Clio, once it refuses, is held to what the last sweep sent: near its own limit, not at a rippled’s balance', () => {
    /** A Clio of our own set to 30 requests a sweep; returns the pace and the late refusals. */
    const run = (meter: LearningMeter) => {
      const { sent, refusedAt } = againstClio(meter, 30)
      return { perSecond: sent / 120, late: refusedAt.filter((t) => t >= 20_000).length, sent }
    }
    const clio = new LearningMeter()
    clio.serverIs('clio')
    const asClio = run(clio)
    expect(asClio.perSecond).toBeGreaterThan(25)
    expect(asClio.late).toBeLessThan(asClio.sent * 0.03)
    // Not told, it learns a rippled's balance from what those reads cost, which says nothing of a
    // count a second: about half the pace the node allows.
    const asRippled = run(new LearningMeter())
    expect(asRippled.perSecond).toBeLessThan(asClio.perSecond * 0.6)
  })
})
