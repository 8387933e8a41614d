/**
 * How ledger_entry names an entry (rippled LedgerEntry.cpp and LedgerEntryHelpers): each selector,
 * the entry type it implies, how its value turns into the entry's key, and rippled's error for a bad
 * value. Also the type names ledger_data's `type` filter knows.
 */
import { isValidClassicAddress } from 'xrpl'
import { accountId, keylet, sha512Half, u32 } from '../ledger/keylets.ts'
import type { RpcErrorToken } from './errors.ts'
import { RpcError } from './errors.ts'
import type { Params } from './params.ts'

export const HEX_KEY = /^[0-9A-Fa-f]{64}$/

/** The ledger entry types by their RPC names (rippled's ledger_entries.macro), for both methods. */
export const ENTRY_TYPES: ReadonlyMap<string, string> = new Map([
  ['account', 'AccountRoot'],
  ['amendments', 'Amendments'],
  ['amm', 'AMM'],
  ['bridge', 'Bridge'],
  ['check', 'Check'],
  ['credential', 'Credential'],
  ['delegate', 'Delegate'],
  ['deposit_preauth', 'DepositPreauth'],
  ['did', 'DID'],
  ['directory', 'DirectoryNode'],
  ['escrow', 'Escrow'],
  ['fee', 'FeeSettings'],
  ['hashes', 'LedgerHashes'],
  ['mpt_issuance', 'MPTokenIssuance'],
  ['mptoken', 'MPToken'],
  ['nft_offer', 'NFTokenOffer'],
  ['nft_page', 'NFTokenPage'],
  ['nunl', 'NegativeUNL'],
  ['offer', 'Offer'],
  ['oracle', 'Oracle'],
  ['payment_channel', 'PayChannel'],
  ['permissioned_domain', 'PermissionedDomain'],
  ['signer_list', 'SignerList'],
  ['state', 'RippleState'],
  ['ticket', 'Ticket'],
  ['vault', 'Vault'],
  ['xchain_owned_claim_id', 'XChainOwnedClaimID'],
  ['xchain_owned_create_account_claim_id', 'XChainOwnedCreateAccountClaimID'],
])

const space = (char: string) => Uint8Array.of(0, char.charCodeAt(0))

function missing(field: string): RpcError {
  return new RpcError('malformedRequest', `Missing field '${field}'.`)
}

/** A key named by 64 hex digits (malformedRequest otherwise). */
function hexKey(value: unknown, field: string): string {
  if (typeof value !== 'string' || !HEX_KEY.test(value)) {
    throw new RpcError('malformedRequest', `Invalid field '${field}', not hex string.`)
  }
  return value.toUpperCase()
}

function address(value: unknown, field: string, token: RpcErrorToken): string {
  if (value === undefined) throw missing(field)
  if (typeof value !== 'string' || !isValidClassicAddress(value)) {
    throw new RpcError(token, `Invalid field '${field}', not AccountID.`)
  }
  return value
}

function uint32(value: unknown, field: string, token: RpcErrorToken): number {
  if (value === undefined) throw missing(field)
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
  char: string,
  owner: 'account' | 'owner',
  seq: 'seq' | 'ticket_seq',
): (value: unknown, field: string) => string {
  return (value, field) => {
    if (typeof value === 'string') return hexKey(value, field)
    const o = object(value, field)
    const byOwner = owner === 'owner'
    const who = address(o[owner], owner, byOwner ? 'malformedOwner' : 'malformedAddress')
    const n = uint32(o[seq], seq, byOwner ? 'malformedSeq' : 'malformedRequest')
    return sha512Half(space(char), accountId(who), u32(n))
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
  const sub = o.sub_index === undefined ? 0 : uint32(o.sub_index, 'sub_index', 'malformedRequest')
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

/** A currency code's 160 bits: three ISO letters in bytes 12 to 14, or 40 hex digits (not XRP). */
function currencyBytes(value: unknown): Uint8Array {
  const bad = new RpcError('malformedCurrency', "Invalid field 'currency', not Currency.")
  if (typeof value !== 'string') throw bad
  if (/^[0-9A-Fa-f]{40}$/.test(value) && !/^0{40}$/.test(value)) return Buffer.from(value, 'hex')
  if (!/^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/.test(value) || value === 'XRP') throw bad
  const bytes = new Uint8Array(20)
  bytes.set(Buffer.from(value, 'ascii'), 12)
  return bytes
}

/** A trust line: its key, or `{accounts: [a, b], currency}` (the lower AccountID first). */
function rippleState(value: unknown, field: string): string {
  if (typeof value === 'string') return hexKey(value, field)
  const o = object(value, field)
  if (o.accounts === undefined) throw missing('accounts')
  if (o.currency === undefined) throw missing('currency')
  if (!Array.isArray(o.accounts) || o.accounts.length !== 2) {
    throw new RpcError(
      'malformedRequest',
      "Invalid field 'accounts', not length-2 array of Accounts.",
    )
  }
  const [a, b] = (o.accounts as unknown[]).map((x) => {
    if (typeof x !== 'string' || !isValidClassicAddress(x)) {
      throw new RpcError('malformedAddress', "Invalid field 'accounts', not array of Accounts.")
    }
    return Buffer.from(accountId(x))
  }) as [Buffer, Buffer]
  if (a.equals(b)) throw new RpcError('malformedRequest', 'Cannot have a trustline to self.')
  const [low, high] = Buffer.compare(a, b) < 0 ? [a, b] : [b, a]
  return sha512Half(space('r'), low, high, currencyBytes(o.currency))
}

/** A deposit preauthorisation: its key, or `{owner, authorized}`. */
function depositPreauth(value: unknown, field: string): string {
  if (typeof value === 'string') return hexKey(value, field)
  const o = object(value, field)
  const owner = address(o.owner, 'owner', 'malformedOwner')
  if ((o.authorized === undefined) === (o.authorized_credentials === undefined)) {
    throw new RpcError(
      'malformedRequest',
      'Must have exactly one of `authorized` and `authorized_credentials`.',
    )
  }
  if (o.authorized_credentials !== undefined) {
    // Credentials are temDISABLED here: no such preauthorisation can exist.
    throw new RpcError('notSupported', 'The sandbox holds no credential preauthorisations.')
  }
  const authorized = address(o.authorized, 'authorized', 'malformedAuthorized')
  return sha512Half(space('p'), accountId(owner), accountId(authorized))
}

/** A singleton entry (amendments, fee settings, skip list, negative UNL): `true` or its key. */
function singleton(char: string): (value: unknown, field: string) => string {
  return (value, field) => {
    if (value === true) return sha512Half(space(char))
    if (value === false) throw new RpcError('invalidParams', `Invalid field '${field}', not true.`)
    return hexKey(value, field)
  }
}

export interface Selector {
  /** The LedgerEntryType the selector names (undefined: `index`, any type). */
  type?: string
  key(value: unknown, field: string): string
}

const byAddress =
  (make: (a: string) => string) =>
  (value: unknown, field: string): string =>
    make(address(value, field, 'malformedAddress'))

const entry = (rpcName: string, key: Selector['key']): Selector => ({
  type: ENTRY_TYPES.get(rpcName),
  key,
})

/**
 * The selectors the sandbox parses. It holds only account roots, directories, NFT pages and offers,
 * tickets and signer lists; the others are parsed and answered entryNotFound, as rippled answers for
 * an entry that does not exist. Selectors of features it has no transactions for at all (AMM, MPTs,
 * oracles, vaults…) are left out.
 */
export const SELECTORS: ReadonlyMap<string, Selector> = new Map([
  ['index', { key: hexKey }],
  ['account_root', entry('account', byAddress(keylet.account))],
  ['account', entry('account', byAddress(keylet.account))],
  ['directory', entry('directory', directory)],
  ['offer', entry('offer', ownedBySeq('o', 'account', 'seq'))],
  ['ticket', entry('ticket', ownedBySeq('T', 'account', 'ticket_seq'))],
  ['escrow', entry('escrow', ownedBySeq('u', 'owner', 'seq'))],
  ['nft_offer', entry('nft_offer', hexKey)],
  ['nft_page', entry('nft_page', hexKey)],
  ['signer_list', entry('signer_list', hexKey)],
  ['check', entry('check', hexKey)],
  ['payment_channel', entry('payment_channel', hexKey)],
  ['deposit_preauth', entry('deposit_preauth', depositPreauth)],
  ['ripple_state', entry('state', rippleState)],
  ['state', entry('state', rippleState)],
  [
    'did',
    entry(
      'did',
      byAddress((a) => sha512Half(space('I'), accountId(a))),
    ),
  ],
  ['amendments', entry('amendments', singleton('f'))],
  ['fee', entry('fee', singleton('e'))],
  ['hashes', entry('hashes', singleton('s'))],
  ['nunl', entry('nunl', singleton('N'))],
])
