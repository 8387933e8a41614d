import { formatXrp } from '../../shared/format.ts'
import type { ConnectionState, NetworkStatus } from '../../worker/api.ts'

/** The words for each connection state. */
export const CONNECTION_LABELS: Readonly<Record<ConnectionState, string>> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
}

/**
 * `Ledger #123`, or null while no ledger is known.
 *
 * @param status - the engine's status.
 */
export function ledgerText(status: Pick<NetworkStatus, 'ledgerIndex'>): string | null {
  return status.ledgerIndex === null ? null : `Ledger #${status.ledgerIndex}`
}

/**
 * `reserve 1 XRP + 0.2 XRP per object`, or null while the reserves are unknown.
 *
 * @param status - the engine's status.
 */
export function reserveText(
  status: Pick<NetworkStatus, 'reserveBaseXrp' | 'reserveIncXrp'>,
): string | null {
  const { reserveBaseXrp: base, reserveIncXrp: increment } = status
  if (base === null || increment === null) return null
  return `reserve ${formatXrp(base)} XRP + ${formatXrp(increment)} XRP per object`
}
