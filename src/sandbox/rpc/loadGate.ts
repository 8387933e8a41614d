/**
 * Where a server applies its load limits: before a request (refuse it, or close the connection) and
 * as its reply leaves (charge it, mark it with the server's warnings). One gate per server, so each
 * server keeps its own accounting, as separate servers do.
 */
import { DosGuard } from './dosGuard.ts'
import type { LimitsOption, ResolvedClioLimits, ResolvedRippledLimits } from './loadLimits.ts'
import { resolveLimits } from './loadLimits.ts'
import { requestCost } from './requestCost.ts'
import { ResourceMeter } from './resourceMeter.ts'

/** What the limits say about a request before it is processed. */
export type Admission =
  | { kind: 'process' }
  /** Answer this instead, unprocessed (Clio's slowDown). */
  | { kind: 'refuse'; reply: Record<string, unknown> }
  /** Close the connection unanswered (rippled's 1008 "threshold exceeded"). */
  | { kind: 'close' }

/** Counters of what the limits did, for tests and benchmarks. */
export interface LoadCounters {
  /** Replies that carried a load warning (rippled's `warning: "load"`, Clio's warning 2003). */
  warnings: number
  /** Requests refused unprocessed for load (Clio's slowDown; not the `refuseNext` fault's). */
  refusals: number
  /** Connections closed for load (rippled's 1008), and upgrades refused (Clio's 429). */
  drops: number
  /** The IP's balance now (rippled), or its requests in this sweep (Clio); 0 without limits. */
  balance(ip?: string): number
  /** Zeroes the three counts (balances keep decaying on their own). */
  reset(): void
}

/** What a reply's warnings depend on: how far the server's validated ledger is behind, and its age. */
export interface ReplyContext {
  behind: number
  ageSeconds: number
}

export interface LoadGate {
  readonly counters: LoadCounters
  /** server_info's `clio_version` when the server applies Clio's limits. */
  readonly clioVersion: string | undefined
  /** Whether requests are metered (ping's `unlimited` says the opposite). */
  readonly metered: boolean
  /** A WebSocket upgrade from the IP; false refuses it. */
  connect(ip: string): boolean
  disconnect(ip: string): void
  admit(ip: string, request: Record<string, unknown>): Admission
  /** The reply as it leaves, as JSON text: charged to the IP and marked with any warnings. */
  settle(
    ip: string,
    request: Record<string, unknown>,
    reply: Record<string, unknown>,
    ctx: ReplyContext,
  ): string
}

/** Every connection from this machine is one client, as a public server sees one user. */
export const LOCAL_IP = '127.0.0.1'

export function createLoadGate(option: LimitsOption | undefined): LoadGate {
  const limits = resolveLimits(option)
  if (!limits) return unlimitedGate()
  return limits.kind === 'rippled' ? rippledGate(limits) : clioGate(limits)
}

function newCounters(balance: (ip: string) => number): LoadCounters {
  const counters: LoadCounters = {
    warnings: 0,
    refusals: 0,
    drops: 0,
    balance: (ip = LOCAL_IP) => balance(ip),
    reset: () => {
      counters.warnings = 0
      counters.refusals = 0
      counters.drops = 0
    },
  }
  return counters
}

function unlimitedGate(): LoadGate {
  return {
    counters: newCounters(() => 0),
    clioVersion: undefined,
    metered: false,
    connect: () => true,
    disconnect: () => {},
    admit: () => ({ kind: 'process' }),
    settle: (_ip, _request, reply) => JSON.stringify(reply),
  }
}

/**
 * rippled's ServerHandler (processSession): the drop check comes before the request, the charge and
 * the warning after it. The warning goes on the reply envelope, which rippled then replaces by the
 * result for an error: an error reply never shows it, though the warning was spent and charged.
 */
function rippledGate(limits: ResolvedRippledLimits): LoadGate {
  const meter = new ResourceMeter(limits)
  const counters = newCounters((ip) => meter.balance(ip))
  return {
    counters,
    clioVersion: undefined,
    metered: true,
    connect: () => true,
    disconnect: () => {},
    admit: (ip) => {
      if (!meter.disconnect(ip)) return { kind: 'process' }
      counters.drops += 1
      return { kind: 'close' }
    },
    settle: (ip, request, reply) => {
      meter.charge(ip, requestCost(request, reply))
      if (meter.warn(ip) && reply.status === 'success') {
        counters.warnings += 1
        return JSON.stringify({ ...reply, warning: 'load' })
      }
      return JSON.stringify(reply)
    },
  }
}

/** Clio's warnings (rpc/Errors.cpp getWarningInfo). */
const CLIO_WARNING = {
  clio: {
    id: 2001,
    message:
      "This is a clio server. clio only serves validated data. If you want to talk to rippled, include 'ledger_index':'current' in your request",
  },
  outdated: { id: 2002, message: 'This server may be out of date' },
  rateLimit: { id: 2003, message: 'You are about to be rate limited' },
} as const

/** Clio's RPCServerHandler adds 2002 when its last close is at least this old. */
const CLIO_OUTDATED_S = 60

/**
 * Clio's WsBase: a request is counted as it arrives and refused slowDown (with its id and request,
 * no warnings) when the IP is over a limit; a processed reply carries Clio's warnings (2001, and 2002
 * when the server lags a minute or more), and when its bytes take the IP over a limit, also
 * `warning: "load"` and 2003.
 */
function clioGate(limits: ResolvedClioLimits): LoadGate {
  const guard = new DosGuard(limits)
  const counters = newCounters((ip) => guard.requests(ip))
  return {
    counters,
    clioVersion: limits.clioVersion,
    metered: true,
    connect: (ip) => {
      if (guard.connect(ip)) return true
      counters.drops += 1
      return false
    },
    disconnect: (ip) => guard.disconnect(ip),
    admit: (ip, request) => {
      if (guard.request(ip)) return { kind: 'process' }
      counters.refusals += 1
      return { kind: 'refuse', reply: slowDown(request) }
    },
    settle: (ip, _request, reply, ctx) => {
      const warnings = [...(Array.isArray(reply.warnings) ? (reply.warnings as unknown[]) : [])]
      warnings.push(CLIO_WARNING.clio)
      if (ctx.behind > 0 && ctx.ageSeconds >= CLIO_OUTDATED_S) warnings.push(CLIO_WARNING.outdated)
      const text = JSON.stringify({ ...reply, warnings })
      if (guard.add(ip, Buffer.byteLength(text))) return text
      counters.warnings += 1
      return JSON.stringify({
        ...reply,
        warning: 'load',
        warnings: [...warnings, CLIO_WARNING.rateLimit],
      })
    },
  }
}

/** Clio's makeError(rpcSLOW_DOWN) with the request's id and the request itself. */
function slowDown(request: Record<string, unknown>): Record<string, unknown> {
  return {
    error: 'slowDown',
    error_code: 10,
    error_message: 'You are placing too much load on the server.',
    status: 'error',
    type: 'response',
    ...(request.id !== undefined ? { id: request.id } : {}),
    request,
  }
}
