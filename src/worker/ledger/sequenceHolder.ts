/**
 * Which validated transaction used one of the account's sequence numbers, read from `account_tx`.
 *
 * Why: a server that says the account's Sequence is past an attempt's number claims that some
 * transaction used it. Only that transaction, shown and checked (see rivalProof.ts), proves the
 * attempt dead; a claim without it is what a lying server makes (docs/architecture.md §3.2).
 */
import type { Client, TransactionMetadata } from 'xrpl'

import { isRecord } from '../../shared/isRecord.ts'
import { inLane } from './pacedClient.ts'
import type { Lookup } from './txLookup.ts'

/** The transaction the server shows at the sequence number, with its validated result. */
export interface SequenceHolder {
  hash: string
  txJson: Record<string, unknown>
  lookup: Lookup & { found: true }
}

/**
 * What the server showed: the transaction that used the number; `none` when it listed every
 * validated transaction of the account in the range and none used it; `unknown` when it could not
 * tell (the range not all on the server, or longer than `maxPages` pages).
 */
export type HolderAnswer = SequenceHolder | 'none' | 'unknown'

/** Transactions per `account_tx` page (rippled's most for a non-admin client is 400). */
const PAGE = 200

/**
 * Looks for the account's validated transaction with `Sequence === sequence` in the ledgers
 * [minLedger, maxLedger], oldest first. The account's own transactions take sequence numbers in
 * ledger order, so the search stops at the first one with a higher number.
 *
 * @param maxPages - the most pages read (each costs the server): past it the answer is `unknown`.
 */
export async function sequenceHolder(
  client: Client,
  account: string,
  sequence: number,
  minLedger: number,
  maxLedger: number,
  maxPages = 20,
): Promise<HolderAnswer> {
  let marker: unknown
  // Ledgers start at 1: a window reaching before it (a young network) is whole from 1 on.
  const from = Math.max(1, minLedger)
  for (let page = 0; page < maxPages; page++) {
    const res = await client.request(
      inLane('job', {
        command: 'account_tx',
        account,
        ledger_index_min: from,
        ledger_index_max: maxLedger,
        forward: true,
        limit: PAGE,
        ...(marker === undefined ? {} : { marker }),
      }),
    )
    const result = res.result as unknown as Record<string, unknown>
    // A server that does not have the whole range lists part of it: that proves nothing.
    if (typeof result.ledger_index_min === 'number' && result.ledger_index_min > from) {
      return 'unknown'
    }
    const txs = Array.isArray(result.transactions) ? result.transactions : []
    for (const entry of txs) {
      const found = holderOf(entry, account, sequence)
      if (found === 'later') return 'none'
      if (found) return found
    }
    marker = result.marker
    if (marker === undefined) return 'none'
  }
  return 'unknown'
}

/** The entry as the holder of `sequence`; 'later' when it used a higher number of the account. */
function holderOf(
  entry: unknown,
  account: string,
  sequence: number,
): SequenceHolder | 'later' | null {
  if (!isRecord(entry) || entry.validated !== true) return null
  // API v2 puts the transaction in tx_json and its hash beside it; v1 in tx with the hash inside.
  const txJson = isRecord(entry.tx_json) ? entry.tx_json : isRecord(entry.tx) ? entry.tx : null
  if (!txJson || txJson.Account !== account || typeof txJson.Sequence !== 'number') return null
  // A ticketed transaction (Sequence 0) uses no sequence number.
  if (txJson.Sequence === 0 || txJson.Sequence < sequence) return null
  if (txJson.Sequence > sequence) return 'later'
  const hash = typeof entry.hash === 'string' ? entry.hash : txJson.hash
  const meta = entry.meta
  const ledgerIndex =
    typeof entry.ledger_index === 'number' ? entry.ledger_index : txJson.ledger_index
  if (typeof hash !== 'string' || !isRecord(meta) || typeof ledgerIndex !== 'number') return null
  const m = meta as unknown as TransactionMetadata
  if (typeof m.TransactionResult !== 'string') return null
  return {
    hash: hash.toUpperCase(),
    txJson,
    lookup: { found: true, result: m.TransactionResult, ledgerIndex, meta: m },
  }
}
