/** The `ledger` method: a header, optionally with transaction hashes or expanded transactions. */
import type { Handler } from '../context.ts'
import { optionalBool } from '../params.ts'
import { pickClosed } from '../lookup.ts'
import { closeTimeIso, validatedTx } from '../txFormat.ts'

export const ledger: Handler = (params, { ledger: l }) => {
  const chosen = pickClosed(l, params, 'current')
  const transactions = optionalBool(params, 'transactions') ?? false
  const expand = optionalBool(params, 'expand') ?? false
  if (chosen === 'current') {
    return {
      ledger: {
        closed: false,
        ledger_index: l.currentIndex,
        parent_hash: l.validated.header.ledger_hash,
      },
      ledger_current_index: l.currentIndex,
      validated: false,
    }
  }
  const h = chosen.header
  const header: Record<string, unknown> = {
    account_hash: h.account_hash,
    close_flags: h.close_flags,
    close_time: h.close_time,
    close_time_human: closeTimeIso(h.close_time),
    close_time_iso: closeTimeIso(h.close_time),
    close_time_resolution: h.close_time_resolution,
    closed: true,
    ledger_hash: h.ledger_hash,
    ledger_index: h.ledger_index,
    parent_close_time: h.parent_close_time,
    parent_hash: h.parent_hash,
    total_coins: h.total_coins,
    transaction_hash: h.transaction_hash,
  }
  if (transactions) {
    header.transactions = expand ? chosen.txs.map(validatedTx) : chosen.txs.map((t) => t.hash)
  }
  return {
    ledger: header,
    ledger_hash: h.ledger_hash,
    ledger_index: h.ledger_index,
    validated: true,
  }
}
