/**
 * Clio's DOSGuard, per client IP: requests and reply bytes counted per sweep (cleared every sweep
 * interval), and concurrent connections. An IP is "ok" while none is above its limit; a request from
 * an IP that is not ok is refused (slowDown), and a reply that leaves it not ok carries the rate-limit
 * warning. Modelled on Clio `web/dosguard/DOSGuard.cpp` (isOk, request, add, increment) and
 * `IntervalSweepHandler.cpp`; sweeps here start at multiples of the interval on the clock.
 */
import type { ResolvedClioLimits } from './loadLimits.ts'

interface IpState {
  requests: number
  bytes: number
}

export class DosGuard {
  private readonly state = new Map<string, IpState>()
  private readonly connections = new Map<string, number>()
  private sweep = -1

  constructor(private readonly limits: ResolvedClioLimits) {}

  /** Counts a request (DOSGuard::request); false: the IP is over a limit, refuse it unprocessed. */
  request(ip: string): boolean {
    this.ipState(ip).requests += 1
    return this.isOk(ip)
  }

  /** Counts a reply's bytes (DOSGuard::add); false: the IP is now over a limit, warn it. */
  add(ip: string, bytes: number): boolean {
    this.ipState(ip).bytes += bytes
    return this.isOk(ip)
  }

  /**
   * A WebSocket upgrade from the IP: counted (DOSGuard::increment), then refused when the IP is not
   * ok, as Clio answers the upgrade 429 "Too many requests". A refused attempt is not kept.
   */
  connect(ip: string): boolean {
    this.connections.set(ip, (this.connections.get(ip) ?? 0) + 1)
    if (this.isOk(ip)) return true
    this.disconnect(ip)
    return false
  }

  disconnect(ip: string): void {
    const n = (this.connections.get(ip) ?? 0) - 1
    if (n > 0) this.connections.set(ip, n)
    else this.connections.delete(ip)
  }

  /** Requests the IP made in the current sweep. */
  requests(ip: string): number {
    this.clearIfSwept()
    return this.state.get(ip)?.requests ?? 0
  }

  private isOk(ip: string): boolean {
    const s = this.ipState(ip)
    if (s.bytes > this.limits.bytesPerSecond || s.requests > this.limits.requestsPerSecond)
      return false
    return (this.connections.get(ip) ?? 0) <= this.limits.maxConnections
  }

  private ipState(ip: string): IpState {
    this.clearIfSwept()
    let s = this.state.get(ip)
    if (!s) {
      s = { requests: 0, bytes: 0 }
      this.state.set(ip, s)
    }
    return s
  }

  /** DOSGuard::clear on every sweep: counts start again (connections are not counts of a sweep). */
  private clearIfSwept(): void {
    const sweep = Math.floor(this.limits.now() / this.limits.sweepMs)
    if (sweep === this.sweep) return
    this.sweep = sweep
    this.state.clear()
  }
}
