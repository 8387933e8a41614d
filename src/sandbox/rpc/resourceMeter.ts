/**
 * rippled's Resource Manager for RPC clients, per IP: every request is charged, the charges decay in
 * whole seconds, and the balance decides whether a reply carries `warning: "load"` and whether the
 * next request closes the connection. Modelled on rippled `basics/DecayingSample.h` and
 * `resource/detail/Logic.h` (charge, warn, disconnect), whose clock ticks once a second.
 */
import type { ResolvedRippledLimits } from './loadLimits.ts'

/** rippled Fees.cpp: what a warning and a disconnection add to the IP's charges. */
export const FEE_WARNING = 4000
export const FEE_DROP = 6000

/**
 * rippled's DecayingSample: a sum of charges that loses ceil(sum / window) each whole second (reset
 * after four windows idle); its value is the sum divided by the window, rounded down.
 */
class DecayingSample {
  private sum = 0

  constructor(
    private readonly window: number,
    private when: number,
  ) {}

  add(cost: number, second: number): number {
    this.decay(second)
    this.sum += cost
    return Math.floor(this.sum / this.window)
  }

  value(second: number): number {
    this.decay(second)
    return Math.floor(this.sum / this.window)
  }

  private decay(second: number): void {
    // A clock that stands still (or is stepped back by a test) decays nothing.
    if (second <= this.when) return
    let elapsed = second - this.when
    this.when = second
    if (elapsed > 4 * this.window) {
      this.sum = 0
      return
    }
    for (; elapsed > 0 && this.sum > 0; elapsed--) this.sum -= Math.ceil(this.sum / this.window)
  }
}

interface Consumer {
  sample: DecayingSample
  /** The second of the last warning: rippled warns an IP at most once per tick of its clock. */
  lastWarning: number | null
}

/** The balances of one server's clients, by IP (all connections of an IP share one). */
export class ResourceMeter {
  private readonly consumers = new Map<string, Consumer>()

  constructor(private readonly limits: ResolvedRippledLimits) {}

  /** The IP's balance now. */
  balance(ip: string): number {
    return this.consumers.get(ip)?.sample.value(this.second()) ?? 0
  }

  charge(ip: string, cost: number): number {
    return this.consumer(ip).sample.add(cost, this.second())
  }

  /**
   * Logic::disconnect, asked before each request: at or above the drop balance the IP is charged the
   * drop fee (so that it cannot come straight back) and its connection is closed.
   */
  disconnect(ip: string): boolean {
    if (this.balance(ip) < this.limits.dropBalance) return false
    this.charge(ip, FEE_DROP)
    return true
  }

  /**
   * Logic::warn, asked after each reply is charged: at or above the warning balance, and not yet in
   * this second, the IP is warned and charged for it. `warnEveryReply` warns every time, for free.
   */
  warn(ip: string): boolean {
    if (this.balance(ip) < this.limits.warnBalance) return false
    if (this.limits.warnEveryReply) return true
    const c = this.consumer(ip)
    const second = this.second()
    if (c.lastWarning === second) return false
    c.lastWarning = second
    c.sample.add(FEE_WARNING, second)
    return true
  }

  private consumer(ip: string): Consumer {
    let c = this.consumers.get(ip)
    if (!c) {
      c = {
        sample: new DecayingSample(this.limits.decayWindowSeconds, this.second()),
        lastWarning: null,
      }
      this.consumers.set(ip, c)
    }
    return c
  }

  /** rippled's resource clock counts whole seconds. */
  private second(): number {
    return Math.floor(this.limits.now() / 1000)
  }
}
