/**
 * ledger_entry and ledger_data: reading a ledger's state entry by entry, as rippled serves them
 * (LedgerEntry.cpp, LedgerData.cpp). Entries are kept in rippled's JSON form; `binary` encodes them
 * with the binary codec.
 */
import { encode, isValidClassicAddress } from 'xrpl'
import type { Entry } from '../../ledger/entries.ts'
import type { ClosedLedger, LedgerHeader } from '../../ledger/history.ts'
import { accountId, hexBytes, keylet, sha512Half, u32, u64 } from '../../ledger/keylets.ts'
import type { SandboxLedger } from '../../ledger/ledger.ts'
import type { StateMap } from '../../ledger/view.ts'
import type { Handler } from '../context.ts'
import { RpcError, invalidField } from '../errors.ts'
import { lookupLedger } from '../lookup.ts'
import type { Params } from '../params.ts'
import { headerJson } from './ledger.ts'

/** An entry in rippled's binary form (what `binary: true` returns); `index` is not a field of it. */
export function entryBlob(entry: Readonly<Entry>): string {
  const { index: _key, ...fields } = entry
  return encode(fields as unknown as Parameters<typeof encode>[0])
}

const HEX_KEY = /^[0-9A-Fa-f]{64}$/

/** A key named by 64 hex digits (malformedRequest otherwise). */
function hexKey(value: unknown, field: string): string {
  if (typeof value !== 'string' || !HEX_KEY.test(value)) {
    throw new RpcError('malformedRequest', `Invalid field '${field}', not hex string.`)
  }
  return value.toUpperCase()
}

function address(value: unknown, field: string, token: 'malformedAddress' | 'malformedOwner') {
  if (typeof value !== 'string' || !isValidClassicAddress(value)) {
    throw new RpcError(token, `Invalid field '${field}', not AccountID.`)
  }
  return value
}

function uint32(value: unknown, field: string, token: 'malformedRequest' | 'malformedSeq') {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new RpcError(token, `Invalid field '${field}', not number.`)
  }
  return n
}

function object(value: unknown, field: string): Params {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RpcError('malformedRequest', `Invalid field '${field}', not hex string or object.`)
  }
  return value as Params
}

/** An entry named by its owner and a sequence: a key string, or `{<owner>, <seq>}`. */
function ownedBySeq(
  space: string,
  owner: 'account' | 'owner',
  seq: 'seq' | 'ticket_seq',
): (value: unknown, field: string) => string {
  return (value, field) => {
    if (typeof value === 'string') return hexKey(value, field)
    const o = object(value, field)
    const token = owner === 'owner' ? 'malformedOwner' : 'malformedAddress'
    const who = address(o[owner], owner, token)
    const n = uint32(o[seq], seq, owner === 'owner' ? 'malformedSeq' : 'malformedRequest')
    return sha512Half(Uint8Array.of(0, space.charCodeAt(0)), accountId(who), u32(n))
  }
}

function directory(value: unknown, field: string): string {
  if (typeof value === 'string') return hexKey(value, field)
  const o = object(value, field)
  if ((o.owner === undefined) === (o.dir_root === undefined)) {
    throw new RpcError(
      'malformedRequest',
      'Must have exactly one of `owner` and `dir_root` fields.',
    )
  }
  const sub = o.sub_index === undefined ? 0 : o.sub_index
  if (typeof sub !== 'number' || !Number.isInteger(sub) || sub < 0) {
    throw new RpcError('malformedRequest', "Invalid field 'sub_index', not number.")
  }
  let root: string
  if (o.owner !== undefined) {
    root = keylet.ownerDir(address(o.owner, 'owner', 'malformedAddress'))
  } else if (typeof o.dir_root === 'string' && HEX_KEY.test(o.dir_root)) {
    root = o.dir_root.toUpperCase()
  } else {
    throw new RpcError('malformedDirRoot', "Invalid field 'dir_root', not hash.")
  }
  return keylet.dirPage(root, BigInt(sub))
}

/** A singleton entry (amendments, fee settings, skip list, negative UNL): `true` or its key. */
function singleton(space: string): (value: unknown, field: string) => string {
  return (value, field) => {
    if (value === true) return sha512Half(Uint8Array.of(0, space.charCodeAt(0)))
    if (value === false) throw new RpcError('invalidParams', `Invalid field '${field}', not true.`)
    return hexKey(value, field)
  }
}

interface Selector {
  /** The LedgerEntryType the selector names (undefined: `index`, any type). */
  type?: string
  key(value: unknown, field: string): string
}

const byAddress =
  (make: (a: string) => string) =>
  (value: unknown, field: string): string =>
    make(address(value, field, 'malformedAddress'))

/**
 * The selectors rippled knows. The sandbox holds only account roots, directories, NFT pages and
 * offers, tickets and signer lists; the others are parsed and answered entryNotFound, as rippled
 * answers for an entry that does not exist.
 */
const SELECTORS = new Map<string, Selector>([
  ['index', { key: hexKey }],
  ['account_root', { type: 'AccountRoot', key: byAddress(keylet.account) }],
  ['account', { type: 'AccountRoot', key: byAddress(keylet.account) }],
  ['directory', { type: 'DirectoryNode', key: directory }],
  ['offer', { type: 'Offer', key: ownedBySeq('o', 'account', 'seq') }],
  ['ticket', { type: 'Ticket', key: ownedBySeq('T', 'account', 'ticket_seq') }],
  ['escrow', { type: 'Escrow', key: ownedBySeq('u', 'owner', 'seq') }],
  ['nft_offer', { type: 'NFTokenOffer', key: hexKey }],
  ['nft_page', { type: 'NFTokenPage', key: hexKey }],
  ['signer_list', { type: 'SignerList', key: hexKey }],
  ['check', { type: 'Check', key: hexKey }],
  ['payment_channel', { type: 'PayChannel', key: hexKey }],
  ['deposit_preauth', { type: 'DepositPreauth', key: hexKey }],
  ['ripple_state', { type: 'RippleState', key: hexKey }],
  ['state', { type: 'RippleState', key: hexKey }],
  ['did', { type: 'DID', key: byAddress((a) => sha512Half(Uint8Array.of(0, 73), accountId(a))) }],
  ['amendments', { type: 'Amendments', key: singleton('f') }],
  ['fee', { type: 'FeeSettings', key: singleton('e') }],
  ['hashes', { type: 'LedgerHashes', key: singleton('s') }],
  ['nunl', { type: 'NegativeUNL', key: singleton('N') }],
])

export const ledgerEntry: Handler = (params, { ledger, apiVersion }) => {
  const named = [...SELECTORS.keys()].filter((f) => params[f] !== undefined)
  if (named.length > 1) throw new RpcError('invalidParams', 'Too many fields provided.')
  const choice = lookupLedger(ledger, params)
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

/** Keys of a closed ledger's state in order, kept while the ledger is (states of closed ledgers never change). */
const sortedKeys = new WeakMap<ClosedLedger, readonly string[]>()

function keysInOrder(state: StateMap, closed: ClosedLedger | undefined): readonly string[] {
  const cached = closed && sortedKeys.get(closed)
  if (cached) return cached
  // Keys are 64 upper-case hex digits: string order is rippled's numeric key order.
  const keys = [...state.keys()].sort()
  if (closed) sortedKeys.set(closed, keys)
  return keys
}

/** rippled's ledger_data `type` filter: a canonical type name (any case) or a selector name. */
function typeFilter(params: Params): string | undefined {
  const t = params.type
  if (t === undefined) return undefined
  if (typeof t !== 'string') throw invalidField('type', 'not string')
  for (const [name, s] of SELECTORS) {
    if (s.type && (name === t || s.type.toLowerCase() === t.toLowerCase())) return s.type
  }
  throw invalidField('type')
}

/** The key just before `key` (rippled's marker is the next entry's key minus one). */
function previousKey(key: string): string {
  return (BigInt(`0x${key}`) - 1n).toString(16).toUpperCase().padStart(64, '0')
}

export const ledgerData: Handler = (params, { ledger, settings, apiVersion }) => {
  const choice = lookupLedger(ledger, params)
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

  const keys = keysInOrder(choice.state, choice.closed)
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
