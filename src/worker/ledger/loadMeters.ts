/**
 * Our own copy of what a server counts against us, so the scheduler can stay under its limit before
 * the server has to say so. Two shapes: rippled's Resource Manager (a balance of charges per request,
 * decaying over 32 seconds) and Clio's DOSGuard (a count of requests per one-second sweep). Each
 * meter keeps a target below the server's documented limit, lowers it when the server pushes back
 * anyway (other tabs, other users behind the same address, a server configured tighter) and creeps
 * back up while replies are clean, never above its cap.
 */

/** How a server pushed back (see LoadMeter.pushedBack). */
export type PushBack = 'warning' | 'refusal'

/** What a meter needs to know of a request. */
export interface MeteredRequest {
  command: string
}

/** A server's load limit as the client mirrors it. */
export interface LoadMeter {
  /** How long a request must wait before it may go out (0: now). */
  waitMs(request: MeteredRequest, now: number): number
  /** Counts a request that goes out. */
  charge(request: MeteredRequest, now: number): void
  /**
   * The server pushed back: lower the target. A `warning` is about our own load (rippled's balance,
   * Clio's count); a `refusal` (slowDown, tooBusy) may be the server's own state as much as ours.
   */
  pushedBack(now: number, how: PushBack): void
  /** A clean reply: the target creeps back towards its cap. */
  clean(now: number): void
  /** The pace this meter allows now, in its unit (for messages and benchmarks). */
  readonly target: number
  /** The server said what kind it is (its server_info); for meters that learn its limits. */
  serverIs?(kind: 'rippled' | 'clio'): void
}

/**
 * rippled's charges per request (`Resource/Fees.cpp`): reference 20 for cheap reads, 400 for
 * `submit` and the reads that walk directories or history.
 */
const FEE_REFERENCE = 20
const FEE_MEDIUM = 400
const MEDIUM_COMMANDS: ReadonlySet<string> = new Set([
  'submit',
  'submit_multisigned',
  'account_objects',
  'account_tx',
  'account_lines',
  'account_offers',
  'account_nfts',
  'nft_buy_offers',
  'nft_sell_offers',
  'book_offers',
  'ledger_data',
  'nfts_by_issuer',
  'nft_info',
])

/** What rippled charges for a request, in its units. */
export function rippledCost(request: MeteredRequest): number {
  return MEDIUM_COMMANDS.has(request.command) ? FEE_MEDIUM : FEE_REFERENCE
}

/** rippled's limits for one client address (`resource/detail/Tuning.h`). */
export const RIPPLED_LIMITS = {
  /** Above this balance replies carry `warning: "load"`. */
  warnBalance: 5_000,
  /** Above this the connection is closed (1008). */
  dropBalance: 25_000,
  /** The decay window of the balance, seconds: each second it loses 1/32 of itself. */
  decayWindowSeconds: 32,
  /** What a warning itself costs (rippled's feeWarning), units. */
  warningFee: 4_000,
} as const

/** A rippled's limits as a meter assumes them (see RIPPLED_LIMITS). */
export interface RippledMeterLimits {
  warnBalance: number
  decayWindowSeconds: number
}

/** A Clio's limits as a meter assumes them (see CLIO_LIMITS). */
export interface ClioMeterLimits {
  requestsPerSweep: number
  sweepMs: number
}

/** Clio's DOSGuard defaults for one client address. */
export const CLIO_LIMITS = {
  /** Requests allowed per sweep. */
  requestsPerSweep: 20,
  /** The sweep interval, ms. */
  sweepMs: 1_000,
} as const

/** How far below a server's limit the meters aim (their cap), and how low they may go. */
const CAP_SHARE = 0.9
const FLOOR_SHARE = 0.1
/** A push-back multiplies the target by this. */
const BACK_OFF = 0.7
/**
 * Clio's refusal multiplies its window's count by this: a sweep that fires late on the server lets
 * a paced client meet a refusal now and then, which a cut of one request or two answers; a server
 * set lower than 20 is still reached within seconds (one cut a sweep).
 */
const CLIO_BACK_OFF = 0.9
/** Clean replies raise the target by this share of the cap per second. */
const CREEP_PER_SECOND = 0.02

/** The target's life: back off on push-back (at most once per `quietMs`), creep up while clean. */
class Target {
  value: number
  private lastBackOff = -Infinity
  private lastClean: number | null = null

  constructor(
    readonly cap: number,
    start: number,
    private readonly quietMs: number,
    private readonly backOff = BACK_OFF,
  ) {
    this.value = Math.min(cap, start)
  }

  /**
   * The server pushed back: the target goes down to a share of itself, or of `reached` (where the
   * client stood when it did) if lower. A burst of push-backs counts once.
   *
   * @returns whether the target went down.
   */
  pushedBack(now: number, reached = Infinity): boolean {
    this.lastClean = null
    if (now - this.lastBackOff < this.quietMs) return false
    this.lastBackOff = now
    const lowered = Math.min(this.value, reached) * this.backOff
    this.value = Math.max(this.cap * FLOOR_SHARE, lowered)
    return true
  }

  clean(now: number): void {
    const since = this.lastClean
    this.lastClean = now
    if (since === null || now - this.lastBackOff < this.quietMs) return
    const step = ((now - since) / 1000) * CREEP_PER_SECOND * this.cap
    this.value = Math.min(this.cap, this.value + step)
  }
}

/**
 * rippled's Resource Manager, mirrored: the charges decay by 1/32 a second and the balance is their
 * sum over 32, so a steady r units a second settles at a balance of r. The meter keeps the balance
 * under its target (90 % of the warning balance at most).
 */
export class RippledMeter implements LoadMeter {
  private sum = 0
  private at = 0
  private readonly targetBalance: Target
  private readonly decayPerMs: number
  private readonly window: number
  private lastWarningAt = -Infinity

  constructor(limits: RippledMeterLimits = RIPPLED_LIMITS) {
    const cap = limits.warnBalance * CAP_SHARE
    this.window = limits.decayWindowSeconds
    // A warning shows a balance the client's own figures had not foreseen: the next ones, within a
    // few seconds, are the same news.
    this.targetBalance = new Target(cap, cap, Math.min(5_000, (this.window * 1000) / 4))
    this.decayPerMs = Math.log(this.window / (this.window - 1)) / 1000
  }

  get target(): number {
    return this.targetBalance.value
  }

  /** The balance the server holds against us, as far as we know. */
  balance(now: number): number {
    return this.decayed(now) / this.window
  }

  /** Takes over a balance measured elsewhere (a meter that starts metering mid-way). */
  startFrom(balance: number, now: number): void {
    this.sum = balance * this.window
    this.at = now
  }

  waitMs(request: MeteredRequest, now: number): number {
    const limit = this.targetBalance.value * this.window - rippledCost(request)
    const sum = this.decayed(now)
    if (sum <= limit) return 0
    // Even an idle balance could not take this request under the target: wait for it to empty.
    if (limit <= 0) return Math.ceil(Math.log(Math.max(sum, 1)) / this.decayPerMs)
    return Math.ceil(Math.log(sum / limit) / this.decayPerMs)
  }

  charge(request: MeteredRequest, now: number): void {
    this.sum = this.decayed(now) + rippledCost(request)
    this.at = now
  }

  pushedBack(now: number, how: PushBack): void {
    if (how === 'refusal') {
      // tooBusy is the server's own load: slow down, without reading it as our balance's level.
      this.targetBalance.pushedBack(now)
      return
    }
    // The server warned at a balance our figures put here: its level (or what others behind our
    // address add) is lower than assumed, so the target goes below where we stood. The warning
    // itself is charged too.
    const reached = this.balance(now)
    // rippled warns (and charges for it) at most once a second.
    const fee = now - this.lastWarningAt >= 1_000 ? RIPPLED_LIMITS.warningFee : 0
    this.lastWarningAt = now
    this.sum = this.decayed(now) + fee
    this.at = now
    this.targetBalance.pushedBack(now, reached)
  }

  clean(now: number): void {
    this.targetBalance.clean(now)
  }

  private decayed(now: number): number {
    const elapsed = Math.max(0, now - this.at)
    return this.sum * Math.exp(-this.decayPerMs * elapsed)
  }
}

/**
 * Clio's DOSGuard, mirrored: the requests sent within the last sweep interval (a sliding window, so
 * wherever the server's sweeps fall no interval holds more than the target).
 */
export class WindowMeter implements LoadMeter {
  private readonly sent: number[] = []
  private readonly perWindow: Target

  /**
   * @param limits - the server's requests per sweep and its sweep interval.
   * @param slackMs - added to the window, for replies the network delays unevenly.
   */
  constructor(
    private readonly limits: ClioMeterLimits = CLIO_LIMITS,
    private readonly slackMs = 50,
  ) {
    // The whole sweep's count: the heartbeat ping goes through the scheduler like any request
    // (PacedClient). The window's slack keeps arrivals that bunch up on the way, and a sweep that
    // fires late, within one sweep's count.
    const cap = limits.requestsPerSweep
    this.perWindow = new Target(cap, cap, limits.sweepMs, CLIO_BACK_OFF)
  }

  get target(): number {
    return this.perWindow.value
  }

  waitMs(_request: MeteredRequest, now: number): number {
    const windowMs = this.limits.sweepMs + this.slackMs
    this.forget(now - windowMs)
    const allowed = Math.max(1, Math.floor(this.perWindow.value))
    if (this.sent.length < allowed) return 0
    // The oldest request that must leave the window before another may enter it.
    const oldest = this.sent[this.sent.length - allowed] ?? now
    return Math.max(1, oldest + windowMs - now)
  }

  charge(_request: MeteredRequest, now: number): void {
    this.sent.push(now)
  }

  /** Takes over the send times counted elsewhere (a meter that starts metering mid-way). */
  startFrom(sent: readonly number[]): void {
    this.sent.splice(0, this.sent.length, ...sent)
  }

  pushedBack(now: number, _how: PushBack): void {
    // Warned or refused, Clio counted our requests of this sweep: aim under what we sent.
    this.forget(now - this.limits.sweepMs - this.slackMs)
    this.perWindow.pushedBack(now, Math.max(1, this.sent.length))
  }

  clean(now: number): void {
    this.perWindow.clean(now)
  }

  private forget(before: number): void {
    let drop = 0
    while (drop < this.sent.length && (this.sent[drop] ?? 0) <= before) drop += 1
    if (drop > 0) this.sent.splice(0, drop)
  }
}
