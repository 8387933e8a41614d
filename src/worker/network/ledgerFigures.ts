import { dropsToXrp } from 'xrpl'
import type { LedgerStream, ServerInfoResponse, SubscribeResponse } from 'xrpl'

import type { NetworkStatus } from '../api.ts'

/** The ledger-derived part of a NetworkStatus. */
export type LedgerFigures = Pick<
  NetworkStatus,
  'ledgerIndex' | 'reserveBaseXrp' | 'reserveIncXrp' | 'baseFeeXrp'
>

/** Figures with nothing known yet. */
export const NO_FIGURES: LedgerFigures = {
  ledgerIndex: null,
  reserveBaseXrp: null,
  reserveIncXrp: null,
  baseFeeXrp: null,
}

/**
 * Figures from `server_info`'s validated ledger (XRP values are JSON numbers there). A server without
 * a validated ledger yet reports nothing.
 *
 * @param response - the server_info response.
 */
export function figuresFromServerInfo(response: ServerInfoResponse): Partial<LedgerFigures> {
  const validated = response.result.info.validated_ledger
  if (!validated) return {}
  return {
    ledgerIndex: validated.seq,
    reserveBaseXrp: validated.reserve_base_xrp,
    reserveIncXrp: validated.reserve_inc_xrp,
    baseFeeXrp: validated.base_fee_xrp,
  }
}

/** Fields shared by the ledger stream's subscribe result and its ledgerClosed messages (drops). */
type LedgerStreamFields = Pick<
  LedgerStream,
  'ledger_index' | 'reserve_base' | 'reserve_inc' | 'fee_base'
>

/**
 * Figures from a `ledgerClosed` message or the ledger stream's subscribe result.
 *
 * @param ledger - the message; values in drops.
 */
export function figuresFromLedgerStream(ledger: LedgerStreamFields): LedgerFigures {
  return {
    ledgerIndex: ledger.ledger_index,
    reserveBaseXrp: dropsToXrp(ledger.reserve_base),
    reserveIncXrp: dropsToXrp(ledger.reserve_inc),
    baseFeeXrp: dropsToXrp(ledger.fee_base),
  }
}

/**
 * Figures from a subscribe response, when it subscribed the ledger stream.
 *
 * @param response - the subscribe response.
 */
export function figuresFromSubscribe(response: SubscribeResponse): Partial<LedgerFigures> {
  const result = response.result as Partial<LedgerStreamFields>
  if (
    typeof result.ledger_index !== 'number' ||
    typeof result.reserve_base !== 'number' ||
    typeof result.reserve_inc !== 'number' ||
    typeof result.fee_base !== 'number'
  ) {
    return {}
  }
  return figuresFromLedgerStream(result as LedgerStreamFields)
}

/**
 * Merges newer figures into older ones. The ledger index never goes backwards: a stream message from
 * a lagging server must not make the display jump back.
 *
 * @param current - figures so far.
 * @param update - newer, possibly partial figures.
 */
export function mergeFigures(
  current: LedgerFigures,
  update: Partial<LedgerFigures>,
): LedgerFigures {
  const merged = { ...current, ...update }
  if (current.ledgerIndex !== null && (merged.ledgerIndex ?? 0) < current.ledgerIndex) {
    merged.ledgerIndex = current.ledgerIndex
  }
  return merged
}
