/**
 * Health faults of one server: it lags the network, it is not synced, it is amendment blocked, or it
 * refuses the next requests. rippled's rules (rpc/detail/Handler.h conditionMet, Handler.cpp's
 * conditions, RPCLedgerHelpers.cpp getLedger) decide which requests fail and with what.
 *
 * Not modelled: the open ledger of a lagging server (current-ledger reads, `submit`, `fee` and
 * `ledger_current` see the network's open ledger); the NFT list of a lagging Clio (nfts_by_issuer
 * lists today's NFTs under the older ledger's index); an amendment-blocked server's validated ledger
 * ageing by itself (combine with `lagLedgers`); account_tx of a server that is not synced (rippled
 * answers it from the validated range it has, as here).
 */
import type { ClosedLedger } from '../ledger/history.ts'
import type { SandboxLedger } from '../ledger/ledger.ts'
import { RIPPLE_EPOCH } from '../ledger/genesis.ts'
import { RpcError } from './errors.ts'

/** One-shot refusals: answers a server gives without processing the request. */
export type RefusalToken =
  'slowDown' | 'tooBusy' | 'notReady' | 'failedToForward' | 'timeout' | 'connectionError'

export interface Refusal {
  token: RefusalToken
  /** How many more requests to refuse. */
  count: number
  /** Refuse only requests of this command (others are answered). */
  command?: string
}

export interface HealthFaults {
  /**
   * The server lags this many ledgers: it reports (server_info, server_state, ledger_closed, the
   * ledger stream) and reads `validated`/`closed` from the ledger this many closes back, while its
   * history still holds that ledger's state (else the oldest one that does), and withholds newer
   * ledgers from its streams until it catches up. Its validated ledger's age is at least the lag
   * times the close interval (4 s when ledgers close only on ledger_accept).
   */
  lagLedgers: number
  /**
   * The server is not synced (server_state "connected"): the methods rippled conditions on the
   * network (submit, tx, fee, ledger_closed, ledger_current, …) answer noNetwork (API v1) or
   * notSynced (v2), and so do reads of a ledger shortcut (current, closed, validated, the default) or
   * of an index past its validated ledger. server_info, server_state, ping, subscribe still work.
   */
  notSynced: boolean
  /**
   * The server is amendment blocked: server_info says `amendment_blocked: true` and server_state
   * "connected"; the methods rippled conditions on the network answer amendmentBlocked (14).
   */
  amendmentBlocked: boolean
  /** The next requests (of one command, if named) are answered with this error, not processed. */
  refuseNext: Refusal | null
}

export const noHealthFaults = (): HealthFaults => ({
  lagLedgers: 0,
  notSynced: false,
  amendmentBlocked: false,
  refuseNext: null,
})

/** The ledgers as one server sees them. */
export interface ServerView {
  /** The latest ledger this server has validated. */
  validated: ClosedLedger
  /** How many ledgers it is behind the network's validated ledger. */
  behind: number
  /** Its validated ledger's age in seconds, as server_info reports it. */
  ageSeconds: number
  /** rippled's isValidatedOld: not synced, or lagging with a validated ledger over 2 minutes old. */
  stale: boolean
  serverState: 'full' | 'connected'
  amendmentBlocked: boolean
}

/** rippled's Tuning::maxValidatedLedgerAge: older than this, a server answers as not synced. */
const MAX_VALIDATED_AGE_S = 120
/** The close interval assumed for a lag's age when ledgers close only on ledger_accept (mainnet's ~4 s). */
const NOMINAL_CLOSE_S = 4

export function serverView(
  ledger: SandboxLedger,
  faults: HealthFaults,
  closeMs: number,
  nowMs = Date.now(),
): ServerView {
  const latest = ledger.validated
  const validated = laggedLedger(ledger, faults.lagLedgers)
  const behind = latest.header.ledger_index - validated.header.ledger_index
  const realAge = Math.max(0, Math.floor(nowMs / 1000) - RIPPLE_EPOCH - validated.header.close_time)
  const interval = closeMs > 0 ? closeMs / 1000 : NOMINAL_CLOSE_S
  const ageSeconds = behind > 0 ? Math.max(realAge, Math.ceil(behind * interval)) : realAge
  // A server that keeps up is never stale: the sandbox closes ledgers as rippled standalone does.
  const stale = faults.notSynced || (behind > 0 && ageSeconds > MAX_VALIDATED_AGE_S)
  const blocked = faults.amendmentBlocked
  return {
    validated,
    behind,
    ageSeconds,
    stale,
    // rippled's setAmendmentBlocked drops the server to CONNECTED.
    serverState: faults.notSynced || blocked ? 'connected' : 'full',
    amendmentBlocked: blocked,
  }
}

/** The ledger `lag` closes back, or the oldest one whose state the history still keeps. */
export function laggedLedger(ledger: SandboxLedger, lag: number): ClosedLedger {
  const latest = ledger.validated
  const steps = Math.max(0, Math.floor(lag))
  if (steps === 0) return latest
  const last = latest.header.ledger_index
  for (let i = Math.max(ledger.history.range().first, last - steps); i < last; i++) {
    const l = ledger.history.get(i)
    if (l?.state) return l
  }
  return latest
}

/**
 * The methods rippled gives a condition (Handler.cpp: NEEDS_NETWORK_CONNECTION, NEEDS_CURRENT_LEDGER,
 * NEEDS_CLOSED_LEDGER); conditionMet refuses them alike when the server is blocked or not synced.
 */
const CONDITIONED = new Set([
  'fee',
  'ledger_accept',
  'ledger_closed',
  'ledger_current',
  'owner_info',
  'path_find',
  'simulate',
  'submit',
  'submit_multisigned',
  'tx',
])

/** rippled's conditionMet for a request, or undefined when the server may answer it. */
export function conditionRefusal(
  command: string,
  view: ServerView,
  apiVersion: 1 | 2,
): RpcError | undefined {
  if (!CONDITIONED.has(command)) return undefined
  if (view.amendmentBlocked) return new RpcError('amendmentBlocked')
  if (view.serverState !== 'full') return new RpcError(apiVersion === 1 ? 'noNetwork' : 'notSynced')
  if (view.stale) return new RpcError(apiVersion === 1 ? 'noCurrent' : 'notSynced')
  return undefined
}

/** getLedger's answer when a stale server is asked for a shortcut or a ledger past its validated one. */
export function staleLedgerError(apiVersion: 1 | 2): RpcError {
  return apiVersion === 1
    ? new RpcError('noNetwork', 'InsufficientNetworkMode')
    : new RpcError('notSynced', 'notSynced')
}

/** Takes one refusal for this command from the fault, if one is due. */
export function takeRefusal(faults: HealthFaults, command: unknown): RpcError | undefined {
  const r = faults.refuseNext
  if (!r || r.count <= 0) return undefined
  if (r.command !== undefined && r.command !== command) return undefined
  r.count -= 1
  if (r.count <= 0) faults.refuseNext = null
  return new RpcError(r.token)
}
