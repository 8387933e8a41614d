/**
 * Figures several answers share, derived from the ledger's settings and history in one place: fees
 * and reserves (drops or XRP), and what `subscribe` and the ledger stream say about a closed ledger.
 */
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { LedgerHeader } from '../ledger/history.ts'

const DROPS_PER_XRP = 1_000_000

/** rippled standalone's network id (a ctid carries it too). */
export const NETWORK_ID = 0

/** Fee and reserves in drops, as JSON numbers (subscribe, the ledger stream, server_state). */
export function feeDrops(ledger: SandboxLedger) {
  const s = ledger.settings
  return {
    base_fee: Number(s.baseFee),
    reserve_base: Number(s.reserveBase),
    reserve_inc: Number(s.reserveInc),
  }
}

/** Fee and reserves in XRP, as JSON numbers (server_info). */
export function feeXrp(ledger: SandboxLedger) {
  const d = feeDrops(ledger)
  return {
    base_fee_xrp: d.base_fee / DROPS_PER_XRP,
    reserve_base_xrp: d.reserve_base / DROPS_PER_XRP,
    reserve_inc_xrp: d.reserve_inc / DROPS_PER_XRP,
  }
}

/**
 * A closed ledger as `subscribe` (streams: ledger) and the `ledgerClosed` message describe it: the
 * server's validated ledgers end with it (a lagging server has not validated the newer ones).
 */
export function ledgerSummary(ledger: SandboxLedger, h: LedgerHeader) {
  const { first } = ledger.history.range()
  const last = h.ledger_index
  const fees = feeDrops(ledger)
  return {
    fee_base: fees.base_fee,
    ledger_hash: h.ledger_hash,
    ledger_index: h.ledger_index,
    ledger_time: h.close_time,
    network_id: NETWORK_ID,
    reserve_base: fees.reserve_base,
    reserve_inc: fees.reserve_inc,
    validated_ledgers: `${first}-${last}`,
  }
}
