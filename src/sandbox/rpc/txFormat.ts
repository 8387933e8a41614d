/**
 * Transactions as rippled prints them. API v2: tx_json without hash, DeliverMax for a Payment's
 * Amount, ctid, dates. API v1 (picked per request by `api_version`): the fields flat beside hash and
 * meta, `tx` in account_tx, a Payment with both Amount and DeliverMax, `inLedger` and `date`.
 */
import { encode } from 'xrpl'

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

/** tx_json as API v1 prints it: a Payment keeps Amount and gets DeliverMax beside it. */
export function txJsonV1(tx: TxJson): Record<string, unknown> {
  const out: Record<string, unknown> = { ...tx }
  if (tx.TransactionType === 'Payment' && tx.Amount !== undefined) out.DeliverMax = tx.Amount
  return out
}

/** A validated transaction's own fields with what API v1 puts beside them. */
function flatV1(rec: TxRecord): Record<string, unknown> {
  return {
    ...txJsonV1(rec.tx),
    hash: rec.hash,
    ctid: ctid(rec.ledgerIndex, rec.meta.TransactionIndex),
    date: rec.closeTime,
    inLedger: rec.ledgerIndex,
    ledger_index: rec.ledgerIndex,
  }
}

/** A validated transaction as `tx` returns it in API v1: flat, with meta and validated. */
export function validatedTxV1(rec: TxRecord): Record<string, unknown> {
  return { ...flatV1(rec), meta: rec.meta, validated: true }
}

/** An entry of `account_tx`'s transactions in API v1: the transaction under `tx`. */
export function accountTxV1(rec: TxRecord): Record<string, unknown> {
  return { meta: rec.meta, tx: flatV1(rec), validated: true }
}

/** An expanded transaction of `ledger` in API v1: its fields, hash and `metaData`. */
export function ledgerTxV1(rec: TxRecord): Record<string, unknown> {
  return { ...txJsonV1(rec.tx), hash: rec.hash, metaData: rec.meta }
}

/** Fields rippled adds to metadata in JSON only (they are not in the binary metadata). */
const SYNTHETIC_META = ['delivered_amount', 'nftoken_id', 'nftoken_ids', 'offer_id'] as const

/** The metadata as rippled stores it, hex-encoded (what `binary: true` returns). */
export function metaBlob(rec: TxRecord): string {
  const meta: Record<string, unknown> = { ...rec.meta }
  for (const field of SYNTHETIC_META) delete meta[field]
  return encode(meta as Parameters<typeof encode>[0])
}

/**
 * A validated transaction with `binary: true`: API v2 gives tx_blob and meta_blob, API v1 the same
 * blobs as `tx` and `meta`.
 */
export function validatedTxBinary(rec: TxRecord, apiVersion: 1 | 2): Record<string, unknown> {
  const index = { ledger_index: rec.ledgerIndex, validated: true }
  const id = ctid(rec.ledgerIndex, rec.meta.TransactionIndex)
  if (apiVersion === 1) {
    return {
      tx: rec.blob,
      meta: metaBlob(rec),
      hash: rec.hash,
      date: rec.closeTime,
      inLedger: rec.ledgerIndex,
      ctid: id,
      ...index,
    }
  }
  return {
    tx_blob: rec.blob,
    meta_blob: metaBlob(rec),
    hash: rec.hash,
    ledger_hash: rec.ledgerHash,
    close_time_iso: closeTimeIso(rec.closeTime),
    ctid: id,
    ...index,
  }
}

/** An entry of `account_tx` with `binary: true` (the same in both API versions). */
export function accountTxBinary(rec: TxRecord): Record<string, unknown> {
  return { ledger_index: rec.ledgerIndex, meta: metaBlob(rec), tx_blob: rec.blob, validated: true }
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
