/**
 * The meter of a server of our own (an endpoint the user added): no limit is known until the server
 * pushes back, and then it is metered like a public server of the kind it said it is.
 */
import { CLIO_LIMITS, RIPPLED_LIMITS, RippledMeter, WindowMeter } from './loadMeters.ts'
import type {
  ClioMeterLimits,
  LoadMeter,
  MeteredRequest,
  PushBack,
  RippledMeterLimits,
} from './loadMeters.ts'

/**
 * A server of our own: unlimited until it pushes back, then metered as the kind of server it said it
 * is (its server_info), from where we stood when it first did: a rippled whose warning level is the
 * balance we had reached, or a Clio whose sweep allows what we had sent in the last one.
 */
export class LearningMeter implements LoadMeter {
  private learned: LoadMeter | null = null
  private kind: 'rippled' | 'clio' = 'rippled'
  private readonly probe: RippledMeter
  /** The requests of the last sweep (what a Clio counts). */
  private readonly recent: number[] = []

  constructor(
    private readonly rippled: RippledMeterLimits = RIPPLED_LIMITS,
    private readonly clio: ClioMeterLimits = CLIO_LIMITS,
  ) {
    this.probe = new RippledMeter({ ...rippled, warnBalance: Infinity })
  }

  get target(): number {
    return this.learned?.target ?? Infinity
  }

  /** The server said what it is: how it counts, once it pushes back (a rippled until told). */
  serverIs(kind: 'rippled' | 'clio'): void {
    if (!this.learned) this.kind = kind
  }

  waitMs(request: MeteredRequest, now: number): number {
    return this.learned?.waitMs(request, now) ?? 0
  }

  charge(request: MeteredRequest, now: number): void {
    this.probe.charge(request, now)
    this.recent.push(now)
    let drop = 0
    while (drop < this.recent.length && (this.recent[drop] ?? 0) <= now - this.clio.sweepMs) {
      drop += 1
    }
    if (drop > 0) this.recent.splice(0, drop)
    this.learned?.charge(request, now)
  }

  pushedBack(now: number, how: PushBack): void {
    // Limits like a public server of its kind from here on, starting from where we stood; its own
    // push-backs lower them further if need be.
    if (!this.learned && this.kind === 'clio') {
      const window = new WindowMeter({ ...this.clio, requestsPerSweep: this.recent.length || 1 })
      window.startFrom(this.recent)
      this.learned = window
    } else if (!this.learned) {
      const balance = new RippledMeter(this.rippled)
      balance.startFrom(this.probe.balance(now), now)
      this.learned = balance
    }
    this.learned.pushedBack(now, how)
  }

  clean(now: number): void {
    this.learned?.clean(now)
  }
}
