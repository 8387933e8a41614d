/** rippled's lookupLedger: which ledger a request reads, and the fields that name it in the result. */
import type { ClosedLedger } from '../ledger/history.ts'
import type { StateMap } from '../ledger/view.ts'
import type { LookupContext } from './context.ts'
import { RpcError } from './errors.ts'
import { staleLedgerError } from './healthFaults.ts'
import type { Params } from './params.ts'

export interface LedgerChoice {
  state: StateMap
  closed?: ClosedLedger
  /** Fields to merge into the result: ledger_current_index, or ledger_hash + ledger_index. */
  fields: Record<string, unknown>
}

export function lookupLedger(ctx: LookupContext, params: Params, def = 'current'): LedgerChoice {
  const { ledger } = ctx
  const closed = pickClosed(ctx, params, def)
  if (closed === 'current') {
    return {
      state: ledger.currentState,
      fields: { ledger_current_index: ledger.currentIndex, validated: false },
    }
  }
  if (!closed.state) throw new RpcError('lgrNotFound', 'ledgerNotFound')
  const h = closed.header
  return {
    state: closed.state,
    closed,
    fields: { ledger_hash: h.ledger_hash, ledger_index: h.ledger_index, validated: true },
  }
}

/**
 * The closed ledger a request names, or 'current' for the open one, as this server sees them: a
 * lagging server has none newer than its validated ledger, and a stale one (not synced) refuses the
 * shortcuts and the indexes past its validated ledger (rippled's getLedger).
 */
export function pickClosed(
  ctx: LookupContext,
  params: Params,
  def = 'current',
): ClosedLedger | 'current' {
  const { ledger, view } = ctx
  const newest = view.validated.header.ledger_index
  if (params.ledger_hash !== undefined) {
    // rippled's lookupLedger: a hash must be a string of 64 hex digits.
    if (typeof params.ledger_hash !== 'string')
      throw new RpcError('invalidParams', 'ledgerHashNotString')
    if (!/^[0-9A-Fa-f]{64}$/.test(params.ledger_hash))
      throw new RpcError('invalidParams', 'ledgerHashMalformed')
    const hit = ledger.history.byHash(params.ledger_hash.toUpperCase())
    if (!hit || hit.header.ledger_index > newest)
      throw new RpcError('lgrNotFound', 'ledgerNotFound')
    return hit
  }
  const idx = params.ledger_index ?? def
  if (idx === 'current' || idx === 'validated' || idx === 'closed') {
    if (view.stale) throw staleLedgerError(ctx.apiVersion)
    return idx === 'current' ? 'current' : view.validated
  }
  const n =
    typeof idx === 'number' ? idx : typeof idx === 'string' && /^\d+$/.test(idx) ? Number(idx) : NaN
  if (!Number.isInteger(n)) throw new RpcError('invalidParams', 'ledgerIndexMalformed')
  if (n > newest && view.stale) throw staleLedgerError(ctx.apiVersion)
  if (n === ledger.currentIndex) return 'current'
  const hit = n > newest ? undefined : ledger.history.get(n)
  if (!hit) throw new RpcError('lgrNotFound', 'ledgerNotFound')
  return hit
}
