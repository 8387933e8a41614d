/** Transactions in API v2 form: tx_json without hash, DeliverMax for a Payment's Amount, ctid, dates. */
import type { TxJson } from '../ledger/context.ts'
import type { TxRecord } from '../ledger/history.ts'
import { RIPPLE_EPOCH } from '../ledger/genesis.ts'
import { terCode, terMessage } from '../ledger/ter.ts'

export function closeTimeIso(rippleTime: number): string {
  return new Date((rippleTime + RIPPLE_EPOCH) * 1000).toISOString().replace('.000Z', 'Z')
}

/** A Concise Transaction ID: 0xC ‖ ledger seq (28 bits) ‖ tx index (16) ‖ network id (16). */
export function ctid(ledgerIndex: number, txIndex: number, networkId = 0): string {
  const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0')
  return `C${hex(ledgerIndex, 7)}${hex(txIndex, 4)}${hex(networkId, 4)}`
}

/** tx_json as API v2 prints it: Payment's Amount is DeliverMax. */
export function txJsonV2(tx: TxJson): Record<string, unknown> {
  const out: Record<string, unknown> = { ...tx }
  if (tx.TransactionType === 'Payment' && tx.Amount !== undefined) {
    out.DeliverMax = tx.Amount
    delete out.Amount
  }
  return out
}

/** A validated transaction as `tx`, `account_tx` and `ledger expand` return it. */
export function validatedTx(rec: TxRecord): Record<string, unknown> {
  const id = ctid(rec.ledgerIndex, rec.meta.TransactionIndex)
  return {
    tx_json: { ...txJsonV2(rec.tx), date: rec.closeTime, ledger_index: rec.ledgerIndex, ctid: id },
    meta: rec.meta,
    hash: rec.hash,
    ledger_index: rec.ledgerIndex,
    ledger_hash: rec.ledgerHash,
    close_time_iso: closeTimeIso(rec.closeTime),
    validated: true,
    ctid: id,
  }
}

/** The transaction stream message for a validated transaction. */
export function transactionStreamMessage(rec: TxRecord): Record<string, unknown> {
  const { tx_json, meta, hash, ledger_index, ledger_hash, close_time_iso } = validatedTx(rec)
  return {
    type: 'transaction',
    tx_json,
    meta,
    hash,
    ledger_index,
    ledger_hash,
    close_time_iso,
    validated: true,
    status: 'closed',
    engine_result: rec.result,
    engine_result_code: terCode(rec.result),
    engine_result_message: terMessage(rec.result),
  }
}
