/**
 * ledger_entry and ledger_data: reading a ledger's state entry by entry, as rippled serves them
 * (LedgerEntry.cpp, LedgerData.cpp). Entries are kept in rippled's JSON form; `binary` encodes them
 * with the binary codec.
 */
import { encode } from 'xrpl'
import type { Entry } from '../../ledger/entries.ts'
import type { ClosedLedger, LedgerHeader } from '../../ledger/history.ts'
import { hexBytes, u32, u64 } from '../../ledger/keylets.ts'
import type { SandboxLedger } from '../../ledger/ledger.ts'
import type { OpenLedger } from '../../ledger/openLedger.ts'
import type { Handler } from '../context.ts'
import { ENTRY_TYPES, HEX_KEY, SELECTORS } from '../entrySelectors.ts'
import { RpcError, invalidField } from '../errors.ts'
import { lookupLedger } from '../lookup.ts'
import type { Params } from '../params.ts'
import { headerJson } from './ledger.ts'

/** An entry in rippled's binary form (what `binary: true` returns); `index` is not a field of it. */
export function entryBlob(entry: Readonly<Entry>): string {
  const { index: _key, ...fields } = entry
  return encode(fields as unknown as Parameters<typeof encode>[0])
}

export const ledgerEntry: Handler = (params, ctx) => {
  const { apiVersion } = ctx
  const named = [...SELECTORS.keys()].filter((f) => params[f] !== undefined)
  if (named.length > 1) throw new RpcError('invalidParams', 'Too many fields provided.')
  const choice = lookupLedger(ctx, params)
  if (named.length === 0) {
    if (apiVersion === 1) throw new RpcError('unknownOption', undefined, choice.fields)
    throw new RpcError('invalidParams', 'No ledger_entry params provided.')
  }
  const field = named[0]!
  const selector = SELECTORS.get(field)!
  const index = selector.key(params[field], field)
  const found = { index, ...choice.fields }
  const entry = choice.state.get(index)
  if (!entry) throw new RpcError('entryNotFound', undefined, found)
  if (selector.type && entry.LedgerEntryType !== selector.type) {
    throw new RpcError('unexpectedLedgerType', undefined, found)
  }
  // rippled reads `binary` as a truthy value here, not strictly as a boolean.
  return params.binary ? { ...found, node_binary: entryBlob(entry) } : { ...found, node: entry }
}

/**
 * A closed ledger's header in binary, in rippled's order (addRaw): sequence, total drops, parent,
 * transaction and state hashes, parent close time, close time, resolution, close flags.
 */
function headerBlob(h: LedgerHeader): string {
  return Buffer.concat([
    u32(h.ledger_index),
    u64(BigInt(h.total_coins)),
    hexBytes(h.parent_hash),
    hexBytes(h.transaction_hash),
    hexBytes(h.account_hash),
    u32(h.parent_close_time),
    u32(h.close_time),
    Uint8Array.of(h.close_time_resolution, h.close_flags),
  ])
    .toString('hex')
    .toUpperCase()
}

/** The `ledger` field of ledger_data's first page. */
function ledgerHeader(
  l: SandboxLedger,
  closed: ClosedLedger | undefined,
  binary: boolean,
  apiVersion: 1 | 2,
): Record<string, unknown> {
  if (!binary) return headerJson(l, closed ?? 'current', apiVersion)
  return closed ? { closed: true, ledger_data: headerBlob(closed.header) } : { closed: false }
}

/** rippled's page lengths for ledger_data; the default is the maximum. */
const PAGE_JSON = 256
const PAGE_BINARY = 2048

/**
 * The keys of a ledger's state in order, sorted once per ledger: a closed ledger's state never
 * changes, and the open ledger's changes only when a transaction applies to it.
 */
const sortedKeys = new WeakMap<ClosedLedger | OpenLedger, { applied: number; keys: string[] }>()

function keysInOrder(ledger: SandboxLedger, closed: ClosedLedger | undefined): readonly string[] {
  const owner = closed ?? ledger.open
  const applied = closed ? 0 : ledger.open.txs.length
  const cached = sortedKeys.get(owner)
  if (cached?.applied === applied) return cached.keys
  const state = closed ? closed.state! : ledger.currentState
  // Keys are 64 upper-case hex digits: string order is rippled's numeric key order.
  const keys = [...state.keys()].sort()
  sortedKeys.set(owner, { applied, keys })
  return keys
}

/** rippled's ledger_data `type` filter: an entry type's RPC name, or its canonical name in any case. */
function typeFilter(params: Params): string | undefined {
  const t = params.type
  if (t === undefined) return undefined
  if (typeof t !== 'string') throw invalidField('type', 'not string')
  const byName = ENTRY_TYPES.get(t)
  if (byName) return byName
  for (const type of ENTRY_TYPES.values()) if (type.toLowerCase() === t.toLowerCase()) return type
  throw invalidField('type')
}

/** The key just before `key` (rippled's marker is the next entry's key minus one). */
function previousKey(key: string): string {
  return (BigInt(`0x${key}`) - 1n).toString(16).toUpperCase().padStart(64, '0')
}

export const ledgerData: Handler = (params, ctx) => {
  const { ledger, settings, apiVersion } = ctx
  const choice = lookupLedger(ctx, params)
  const marker = params.marker
  if (marker !== undefined && (typeof marker !== 'string' || !HEX_KEY.test(marker))) {
    throw invalidField('marker', 'not valid')
  }
  if (params.binary !== undefined && typeof params.binary !== 'boolean') {
    throw invalidField('binary', 'not boolean')
  }
  const binary = params.binary === true
  const limitParam = params.limit
  if (
    limitParam !== undefined &&
    (typeof limitParam !== 'number' || !Number.isInteger(limitParam))
  ) {
    throw invalidField('limit', 'not integer')
  }
  const max = binary ? PAGE_BINARY : PAGE_JSON
  const asked = limitParam === undefined || limitParam < 0 ? max : limitParam
  // An admin may ask for more than a page; anyone else is held to it.
  const limit = settings.role === 'admin' ? asked : Math.min(asked, max)
  const type = typeFilter(params)

  const keys = keysInOrder(ledger, choice.closed)
  const after = marker?.toUpperCase()
  let at = 0
  if (after !== undefined) {
    // The first key above the marker (binary search: keys are sorted).
    let hi = keys.length
    while (at < hi) {
      const mid = (at + hi) >> 1
      if (keys[mid]! <= after) at = mid + 1
      else hi = mid
    }
  }
  // The limit counts every entry visited, also those the type filter leaves out (rippled's rule).
  const visited = keys.slice(at, at + limit)
  const next = keys[at + limit]
  const state = visited
    .map((k) => choice.state.get(k)!)
    .filter((e) => !type || e.LedgerEntryType === type)
    .map((e) => (binary ? { data: entryBlob(e), index: e.index } : e))

  const h = choice.closed?.header
  const result: Record<string, unknown> = {
    ...choice.fields,
    // The open ledger has no hash yet: rippled prints zeros.
    ledger_hash: h?.ledger_hash ?? '0'.repeat(64),
    ledger_index: h?.ledger_index ?? ledger.currentIndex,
  }
  if (after === undefined) result.ledger = ledgerHeader(ledger, choice.closed, binary, apiVersion)
  result.state = state
  if (next !== undefined) result.marker = previousKey(next)
  return result
}
