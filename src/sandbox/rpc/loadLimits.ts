/**
 * The load limits a sandbox server can apply to its clients, as mainnet's public servers do: rippled's
 * Resource Manager (a decaying balance of charges per client IP: warn, then disconnect) or Clio's
 * DOSGuard (requests and reply bytes per IP per one-second sweep: slowDown above). Defaults are the
 * servers' own: rippled `resource/detail/Tuning.h`, Clio `web/dosguard/DOSGuard.hpp`.
 */

/** rippled's Resource Manager thresholds (Tuning.h). */
export interface RippledLimits {
  kind: 'rippled'
  /** Replies carry `warning: "load"` while the IP's balance is at least this. Default 5000. */
  warnBalance?: number
  /** A request arriving while the balance is at least this closes the WebSocket (1008). Default 25000. */
  dropBalance?: number
  /**
   * The decay window: each second the charges lose 1/window of themselves, and the balance is their
   * sum divided by the window, so a steady r units a second settles near r. Default 32.
   */
  decayWindowSeconds?: number
  /**
   * rippled warns an IP at most once per second of its seconds clock, and charges 4000 units for each
   * warning (Logic::warn, feeWarning). True puts the warning on every reply above `warnBalance`, free
   * of charge (a simpler proxy's behaviour). Default false.
   */
  warnEveryReply?: boolean
  /** The clock, in ms (default Date.now): tests step it instead of sleeping. */
  now?: () => number
}

/** Clio's DOSGuard limits (config `dos_guard`). */
export interface ClioLimits {
  kind: 'clio'
  /** Requests an IP may make per sweep (`max_requests`); the next ones are answered slowDown. Default 20. */
  requestsPerSecond?: number
  /**
   * Reply bytes an IP may receive per sweep (`max_fetches`). The reply that goes past it carries
   * `warning: "load"` and Clio's warning 2003 "You are about to be rate limited"; later requests of
   * the sweep are answered slowDown. Default 1,000,000.
   */
  bytesPerSecond?: number
  /** Concurrent WebSocket connections per IP (`max_connections`); one more is refused HTTP 429. Default 20. */
  maxConnections?: number
  /** The sweep that clears the counts (`sweep_interval`), ms. Default 1000. */
  sweepMs?: number
  /** server_info's `info.clio_version`, which tells a client it faces Clio. Default '2.4.0-sandbox'. */
  clioVersion?: string
  /** The clock, in ms (default Date.now): tests step it instead of sleeping. */
  now?: () => number
}

/** Load limits of one kind, with any threshold overridden. */
export type LoadLimits = RippledLimits | ClioLimits

/** What a server is told to apply: none, a kind with its defaults, or thresholds of one's own. */
export type LimitsOption = 'none' | 'rippled' | 'clio' | LoadLimits

export type ResolvedRippledLimits = Required<RippledLimits>
export type ResolvedClioLimits = Required<ClioLimits>
export type ResolvedLimits = ResolvedRippledLimits | ResolvedClioLimits

/** rippled Tuning.h: warningThreshold, dropThreshold, decayWindowSeconds. */
export const RIPPLED_DEFAULTS: Omit<ResolvedRippledLimits, 'now'> = {
  kind: 'rippled',
  warnBalance: 5000,
  dropBalance: 25_000,
  decayWindowSeconds: 32,
  warnEveryReply: false,
}

/** Clio DOSGuard.hpp and IntervalSweepHandler: max_requests, max_fetches, max_connections, sweep_interval. */
export const CLIO_DEFAULTS: Omit<ResolvedClioLimits, 'now'> = {
  kind: 'clio',
  requestsPerSecond: 20,
  bytesPerSecond: 1_000_000,
  maxConnections: 20,
  sweepMs: 1000,
  clioVersion: '2.4.0-sandbox',
}

/** The limits with every default filled in; undefined when the server applies none. */
export function resolveLimits(option: LimitsOption | undefined): ResolvedLimits | undefined {
  if (option === undefined || option === 'none') return undefined
  const spec: LoadLimits = typeof option === 'string' ? { kind: option } : option
  const now = spec.now ?? Date.now
  if (spec.kind === 'rippled') {
    const out = { ...RIPPLED_DEFAULTS, ...defined(spec), now }
    positive(out.decayWindowSeconds, 'decayWindowSeconds')
    if (out.dropBalance < out.warnBalance)
      throw new Error('limits: dropBalance is below warnBalance')
    return out
  }
  const out = { ...CLIO_DEFAULTS, ...defined(spec), now }
  positive(out.sweepMs, 'sweepMs')
  return out
}

/** The fields that are set: an explicit `undefined` must not hide a default. */
function defined<T extends object>(spec: T): Partial<T> {
  return Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined)) as Partial<T>
}

function positive(n: number, name: string): void {
  if (!(n > 0)) throw new Error(`limits: ${name} must be positive`)
}
