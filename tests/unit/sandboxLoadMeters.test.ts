/**
 * The sandbox's models of public servers' load limits, on a stepped clock: rippled's decaying
 * balance (DecayingSample, Logic), its charges per request (Fees.cpp and the handlers), and Clio's
 * DOSGuard sweeps.
 */
import { describe, expect, it } from 'vitest'

import { DosGuard } from '../../src/sandbox/rpc/dosGuard.ts'
import { resolveLimits } from '../../src/sandbox/rpc/loadLimits.ts'
import type { ResolvedClioLimits, ResolvedRippledLimits } from '../../src/sandbox/rpc/loadLimits.ts'
import { requestCost } from '../../src/sandbox/rpc/requestCost.ts'
import { ResourceMeter } from '../../src/sandbox/rpc/resourceMeter.ts'

/** Limits of a kind on a clock the test steps (ms). */
function clocked<T>(kind: 'rippled' | 'clio', extra: Record<string, unknown> = {}) {
  const clock = { now: 0 }
  const limits = resolveLimits({ kind, now: () => clock.now, ...extra })
  return { clock, limits: limits as T }
}

const ip = '127.0.0.1'

describe('ResourceMeter (rippled)', () => {
  it('divides the charges by the window and takes 1/32 off them each whole second', () => {
    const { clock, limits } = clocked<ResolvedRippledLimits>('rippled')
    const meter = new ResourceMeter(limits)
    meter.charge(ip, 3200)
    expect(meter.balance(ip)).toBe(100)
    clock.now += 999
    expect(meter.balance(ip)).toBe(100)
    clock.now += 1
    expect(meter.balance(ip)).toBe(96)
    // Four windows without a charge reset the balance.
    clock.now += 129_000
    expect(meter.balance(ip)).toBe(0)
  })

  it('a steady r units a second settles near r', () => {
    const { clock, limits } = clocked<ResolvedRippledLimits>('rippled')
    const meter = new ResourceMeter(limits)
    for (let s = 0; s < 400; s++) {
      meter.charge(ip, 1000)
      clock.now += 1000
    }
    const settled = meter.balance(ip)
    expect(settled).toBeGreaterThan(950)
    expect(settled).toBeLessThanOrEqual(1000)
  })

  it('warns at 5,000 at most once a second, charging 4,000; disconnects at 25,000, charging 6,000', () => {
    const { clock, limits } = clocked<ResolvedRippledLimits>('rippled')
    const meter = new ResourceMeter(limits)
    meter.charge(ip, 5000 * 32 - 1)
    expect(meter.warn(ip)).toBe(false)
    meter.charge(ip, 1)
    expect(meter.warn(ip)).toBe(true)
    expect(meter.balance(ip)).toBe(5125)
    expect(meter.warn(ip)).toBe(false)
    // A second later the charges decayed below 5,000; back above it, a new warning is due.
    clock.now += 1000
    expect(meter.warn(ip)).toBe(false)
    meter.charge(ip, 2000)
    expect(meter.warn(ip)).toBe(true)
    expect(meter.disconnect(ip)).toBe(false)
    meter.charge(ip, 25_000 * 32)
    expect(meter.disconnect(ip)).toBe(true)
    expect(meter.balance('10.0.0.1')).toBe(0)
  })

  it('warnEveryReply warns each time above the balance, free of charge', () => {
    const { limits } = clocked<ResolvedRippledLimits>('rippled', { warnEveryReply: true })
    const meter = new ResourceMeter(limits)
    meter.charge(ip, 5000 * 32)
    expect([meter.warn(ip), meter.warn(ip)]).toEqual([true, true])
    expect(meter.balance(ip)).toBe(5000)
  })
})

describe('requestCost (rippled)', () => {
  const ok = (result: Record<string, unknown> = {}) => ({ status: 'success', result })
  const error = { status: 'error', error: 'objectNotFound' }

  it('charges reference, medium and heavy requests as rippled does', () => {
    expect(requestCost({ command: 'account_info' }, ok())).toBe(20)
    expect(requestCost({ command: 'submit' }, error)).toBe(400)
    expect(requestCost({ command: 'submit_multisigned' }, ok())).toBe(3000)
    expect(requestCost({ command: 'nft_buy_offers' }, ok())).toBe(400)
    expect(requestCost({ command: 'nft_buy_offers' }, error)).toBe(20)
    expect(requestCost({ command: 'account_nfts' }, ok({ marker: 'A' }))).toBe(20)
    expect(requestCost({ command: 'account_nfts' }, ok())).toBe(400)
    expect(requestCost({ command: 'ledger', full: true }, ok())).toBe(3000)
    expect(requestCost({ command: 'ledger', accounts: true, binary: true }, ok())).toBe(400)
    expect(requestCost({ id: 1 }, error)).toBe(100)
    expect(requestCost({ command: 'ping', api_version: 3 }, error)).toBe(100)
  })
})

describe('DosGuard (Clio)', () => {
  it('refuses the 21st request of a sweep, and serves again in the next', () => {
    const { clock, limits } = clocked<ResolvedClioLimits>('clio')
    const guard = new DosGuard(limits)
    for (let i = 0; i < 20; i++) expect(guard.request(ip)).toBe(true)
    expect(guard.request(ip)).toBe(false)
    expect(guard.request('10.0.0.1')).toBe(true)
    clock.now += 1000
    expect(guard.request(ip)).toBe(true)
    expect(guard.requests(ip)).toBe(1)
  })

  it('goes over the limit with the reply that passes the byte budget', () => {
    const { limits } = clocked<ResolvedClioLimits>('clio')
    const guard = new DosGuard(limits)
    expect(guard.add(ip, 1_000_000)).toBe(true)
    expect(guard.add(ip, 1)).toBe(false)
    expect(guard.request(ip)).toBe(false)
  })

  it('admits 20 connections per IP, and another once one closes', () => {
    const { limits } = clocked<ResolvedClioLimits>('clio')
    const guard = new DosGuard(limits)
    for (let i = 0; i < 20; i++) expect(guard.connect(ip)).toBe(true)
    expect(guard.connect(ip)).toBe(false)
    guard.disconnect(ip)
    expect(guard.connect(ip)).toBe(true)
  })
})

describe('resolveLimits', () => {
  it("fills in rippled's and Clio's defaults; 'none' is no limits", () => {
    expect(resolveLimits('rippled')).toMatchObject({
      warnBalance: 5000,
      dropBalance: 25_000,
      decayWindowSeconds: 32,
      warnEveryReply: false,
    })
    expect(resolveLimits({ kind: 'clio', requestsPerSecond: 5 })).toMatchObject({
      requestsPerSecond: 5,
      bytesPerSecond: 1_000_000,
      maxConnections: 20,
      sweepMs: 1000,
      clioVersion: '2.4.0-sandbox',
    })
    expect(resolveLimits('none')).toBeUndefined()
    expect(() => resolveLimits({ kind: 'rippled', warnBalance: 10, dropBalance: 5 })).toThrow(
      /dropBalance/,
    )
  })
})
