/**
 * Whether a server is fit to serve the engine, from its own `server_info`: it belongs to the network
 * (its `network_id`; for Mainnet a ledger only Mainnet has reached), it follows the network (its
 * `server_state`), it can apply the ledger's rules (not amendment blocked), and its validated ledger is
 * recent and not behind what the network has already shown us. A server that is not fit is left for
 * the next endpoint, and taken back once it recovers.
 */
import type { ServerInfoResponse } from 'xrpl'

import type { NetworkConfig } from '../../shared/networks.ts'

/** States in which rippled follows the validated ledger (rippled's `OperatingMode` and above). */
const SYNCED_STATES: ReadonlySet<string> = new Set(['full', 'proposing', 'validating', 'tracking'])

/** Ledgers a server may be behind the newest we know before it counts as lagging. */
export const MAX_LAG_LEDGERS = 5
/** Seconds since its validated ledger closed past which a server counts as lagging (ledgers close every 3–4 s). */
export const MAX_VALIDATED_AGE_S = 30

type Info = ServerInfoResponse['result']['info'] & {
  network_id?: number
  amendment_blocked?: boolean
}

/** What a server is checked against. */
export interface HealthExpectations {
  /** The network it must belong to. */
  network: Pick<NetworkConfig, 'name' | 'networkId' | 'minLedgerIndex'>
  /** The newest validated ledger index this network showed us (null: none yet). */
  newestKnown: number | null
  /** Accept an old validated ledger: there is no other server left to try. */
  allowStale: boolean
}

/**
 * Why the server does not belong to the network, or null when it does.
 *
 * @param info - its server_info's `info`.
 * @param network - the network.
 */
export function networkMismatch(info: Info, network: HealthExpectations['network']): string | null {
  if (network.networkId !== undefined && (info.network_id ?? 0) !== network.networkId) {
    return `it belongs to another network (its network_id is ${String(info.network_id ?? 0)}), not ${network.name}`
  }
  const seq = info.validated_ledger?.seq
  if (
    network.minLedgerIndex !== undefined &&
    typeof seq === 'number' &&
    seq < network.minLedgerIndex
  ) {
    return `its ledger (index ${seq}) is not ${network.name}’s: it is far behind it or another network`
  }
  return null
}

/**
 * Why the server is not fit, or null when it is.
 *
 * @param response - its server_info reply.
 * @param expect - the network and what we know of it.
 */
export function unhealthyBecause(
  response: ServerInfoResponse,
  expect: HealthExpectations,
): string | null {
  const info = response.result.info as Info
  const foreign = networkMismatch(info, expect.network)
  if (foreign) return foreign
  if (info.amendment_blocked === true) {
    return 'it is amendment blocked (it cannot apply the ledger’s current rules)'
  }
  if (!SYNCED_STATES.has(info.server_state)) {
    return `it is not synced to the network (state: ${info.server_state})`
  }
  const validated = info.validated_ledger
  if (typeof validated?.seq !== 'number') return 'it has no validated ledger yet'
  const { newestKnown } = expect
  if (newestKnown !== null && newestKnown - validated.seq > MAX_LAG_LEDGERS) {
    return `it lags ${newestKnown - validated.seq} ledgers behind the network`
  }
  if (!expect.allowStale && validated.age > MAX_VALIDATED_AGE_S) {
    return `its validated ledger is ${validated.age} s old: it does not follow the network`
  }
  return null
}
