/** The `ledger` method: a header, optionally with transaction hashes or expanded transactions. */
import type { SandboxLedger } from '../../ledger/ledger.ts'
import type { ClosedLedger } from '../../ledger/history.ts'
import type { Handler } from '../context.ts'
import { optionalBool } from '../params.ts'
import { pickClosed } from '../lookup.ts'
import { closeTimeIso, ledgerTxV1, validatedTx } from '../txFormat.ts'

/**
 * A ledger header in JSON as `ledger` and `ledger_data` print it: the open ledger's few fields, or a
 * closed one's (API v1 prints the index as a string).
 */
export function headerJson(
  l: SandboxLedger,
  closed: ClosedLedger | 'current',
  apiVersion: 1 | 2,
): Record<string, unknown> {
  const index = (seq: number) => (apiVersion === 1 ? String(seq) : seq)
  if (closed === 'current') {
    return {
      closed: false,
      ledger_index: index(l.currentIndex),
      parent_hash: l.validated.header.ledger_hash,
    }
  }
  const h = closed.header
  return {
    account_hash: h.account_hash,
    close_flags: h.close_flags,
    close_time: h.close_time,
    close_time_human: closeTimeIso(h.close_time),
    close_time_iso: closeTimeIso(h.close_time),
    close_time_resolution: h.close_time_resolution,
    closed: true,
    ledger_hash: h.ledger_hash,
    ledger_index: index(h.ledger_index),
    parent_close_time: h.parent_close_time,
    parent_hash: h.parent_hash,
    total_coins: h.total_coins,
    transaction_hash: h.transaction_hash,
  }
}

export const ledger: Handler = (params, ctx) => {
  const { ledger: l, apiVersion } = ctx
  const chosen = pickClosed(ctx, params, 'current')
  const transactions = optionalBool(params, 'transactions') ?? false
  const expand = optionalBool(params, 'expand') ?? false
  const header = headerJson(l, chosen, apiVersion)
  if (chosen === 'current') {
    return { ledger: header, ledger_current_index: l.currentIndex, validated: false }
  }
  if (transactions) {
    const expanded = apiVersion === 1 ? ledgerTxV1 : validatedTx
    header.transactions = expand ? chosen.txs.map(expanded) : chosen.txs.map((t) => t.hash)
  }
  return {
    ledger: header,
    ledger_hash: chosen.header.ledger_hash,
    ledger_index: chosen.header.ledger_index,
    validated: true,
  }
}
