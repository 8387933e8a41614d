/**
 * Whether a server is fit to serve the engine, from its own `server_info`: it follows the network
 * (its `server_state`), it can apply the ledger's rules (not amendment blocked), and its validated
 * ledger is not behind what the network has already shown us. A server that is not fit is left for
 * the next endpoint, and taken back once the others fail or it recovers.
 */
import type { ServerInfoResponse } from 'xrpl'

/** States in which rippled follows the validated ledger (rippled's `OperatingMode` and above). */
const SYNCED_STATES: ReadonlySet<string> = new Set(['full', 'proposing', 'validating', 'tracking'])

/** Ledgers a server may be behind the newest we know before it counts as lagging. */
export const MAX_LAG_LEDGERS = 5

/**
 * Why the server is not fit, or null when it is.
 *
 * @param response - its server_info reply.
 * @param newestKnown - the newest validated ledger index seen on this network (null: none yet).
 */
export function unhealthyBecause(
  response: ServerInfoResponse,
  newestKnown: number | null,
): string | null {
  const info = response.result.info as ServerInfoResponse['result']['info'] & {
    amendment_blocked?: boolean
  }
  if (info.amendment_blocked === true) {
    return 'it is amendment blocked (it cannot apply the ledger’s current rules)'
  }
  if (!SYNCED_STATES.has(info.server_state)) {
    return `it is not synced to the network (state: ${info.server_state})`
  }
  const seq = info.validated_ledger?.seq
  if (typeof seq !== 'number') return 'it has no validated ledger yet'
  if (newestKnown !== null && newestKnown - seq > MAX_LAG_LEDGERS) {
    return `it lags ${newestKnown - seq} ledgers behind the network`
  }
  return null
}
