/** account_info, account_objects, account_tx. */
import type { AccountRoot, Entry, NFTokenPage } from '../../ledger/entries.ts'
import { lsf } from '../../ledger/entries.ts'
import { keylet } from '../../ledger/keylets.ts'
import type { StateMap } from '../../ledger/view.ts'
import { dirEntries } from '../../ledger/directory.ts'
import type { Handler } from '../context.ts'
import { RpcError, invalidField } from '../errors.ts'
import { lookupLedger } from '../lookup.ts'
import { optionalBool, optionalString, readLimit, requireAccount } from '../params.ts'
import { accountTxBinary, accountTxV1, validatedTx } from '../txFormat.ts'
import { ownerPages } from '../../ledger/nftokenPages.ts'
import { stateReader } from '../../ledger/view.ts'
import type { PendingTx } from '../../ledger/txQueue.ts'
import { isTicket } from '../../ledger/txQueue.ts'
import { isBlocker } from '../../ledger/apply.ts'
import { potentialSpend } from '../../ledger/queueAdmission.ts'

function accountRoot(state: StateMap, account: string): Readonly<AccountRoot> {
  const root = state.get(keylet.account(account)) as Readonly<AccountRoot> | undefined
  if (!root) throw new RpcError('actNotFound', undefined, { account })
  return root
}

function accountFlags(flags: number): Record<string, boolean> {
  const has = (f: number) => (flags & f) !== 0
  return {
    allowTrustLineClawback: has(lsf.allowTrustLineClawback),
    defaultRipple: has(lsf.defaultRipple),
    depositAuth: has(lsf.depositAuth),
    disableMasterKey: has(lsf.disableMaster),
    disallowIncomingCheck: has(lsf.disallowIncomingCheck),
    disallowIncomingNFTokenOffer: has(lsf.disallowIncomingNFTokenOffer),
    disallowIncomingPayChan: has(lsf.disallowIncomingPayChan),
    disallowIncomingTrustline: has(lsf.disallowIncomingTrustline),
    disallowIncomingXRP: has(lsf.disallowXRP),
    globalFreeze: has(lsf.globalFreeze),
    noFreeze: has(lsf.noFreeze),
    passwordSpent: has(lsf.passwordSpent),
    requireAuthorization: has(lsf.requireAuth),
    requireDestinationTag: has(lsf.requireDestTag),
  }
}

/** account_info's queue_data (rippled AccountInfo.cpp): `{txn_count: 0}` when nothing is queued. */
function queueData(queued: readonly PendingTx[]): Record<string, unknown> {
  if (queued.length === 0) return { txn_count: 0 }
  const seqs = queued.filter((q) => !isTicket(q.tx)).map((q) => q.tx.Sequence)
  const tickets = queued.filter((q) => isTicket(q.tx)).map((q) => q.tx.TicketSequence!)
  const transactions = queued.map((q) => {
    const spend = BigInt(q.tx.Fee) + potentialSpend(q.tx)
    return {
      ...(isTicket(q.tx) ? { ticket: q.tx.TicketSequence } : { seq: q.tx.Sequence }),
      fee_level: String(q.feeLevel),
      ...(q.tx.LastLedgerSequence ? { LastLedgerSequence: q.tx.LastLedgerSequence } : {}),
      fee: q.tx.Fee,
      max_spend_drops: spend.toString(),
      auth_change: isBlocker(q.tx),
    }
  })
  const range = (name: string, list: number[]) =>
    list.length
      ? {
          [`${name}_count`]: list.length,
          [`lowest_${name}`]: list[0],
          [`highest_${name}`]: list.at(-1),
        }
      : {}
  return {
    txn_count: queued.length,
    transactions,
    ...range('sequence', seqs),
    ...range('ticket', tickets),
    auth_change_queued: transactions.some((t) => t.auth_change),
    max_spend_drops_total: transactions
      .reduce((sum, t) => sum + BigInt(t.max_spend_drops), 0n)
      .toString(),
  }
}

export const accountInfo: Handler = (params, ctx) => {
  const { ledger, apiVersion } = ctx
  const account = requireAccount(params)
  const wantQueue = optionalBool(params, 'queue') ?? false
  const wantSigners = optionalBool(params, 'signer_lists') ?? false
  const choice = lookupLedger(ctx, params)
  if (wantQueue && choice.closed) throw new RpcError('invalidParams')
  const root = accountRoot(choice.state, account)
  const data: Record<string, unknown> = { ...root }
  const result: Record<string, unknown> = {
    account_data: data,
    account_flags: accountFlags(root.Flags),
    ...choice.fields,
  }
  if (wantSigners) {
    // The account's signer list, if it has one (an array: rippled allows one list per account).
    const list = choice.state.get(keylet.signers(account))
    const lists = list ? [list] : []
    // API v1 put it inside account_data; v2 beside it.
    if (apiVersion === 1) data.signer_lists = lists
    else result.signer_lists = lists
  }
  if (wantQueue) result.queue_data = queueData(ledger.queuedFor(account))
  return result
}

const TYPE_FILTER: Record<string, string> = {
  nft_offer: 'NFTokenOffer',
  ticket: 'Ticket',
  nft_page: 'NFTokenPage',
  state: 'RippleState',
  offer: 'Offer',
  check: 'Check',
  escrow: 'Escrow',
  payment_channel: 'PayChannel',
  signer_list: 'SignerList',
  deposit_preauth: 'DepositPreauth',
}

/**
 * The owned types that keep an account from being deleted (rippled's deletion blockers); of these,
 * the sandbox only ever holds NFT pages.
 */
const DELETION_BLOCKERS = new Set([
  'Check',
  'Escrow',
  'NFTokenPage',
  'PayChannel',
  'RippleState',
  'MPToken',
  'MPTokenIssuance',
])

/** Pages first (they are not in the owner directory), then owner-directory entries, in order. */
function ownedObjects(
  state: StateMap,
  account: string,
  wanted: (type: string) => boolean,
): Readonly<Entry>[] {
  const pages: Readonly<NFTokenPage>[] = wanted('NFTokenPage')
    ? ownerPages(stateReader(state), account)
    : []
  const dir = dirEntries(stateReader(state), keylet.ownerDir(account))
  const rest = dir
    .map((k) => state.get(k))
    .filter((e): e is Readonly<Entry> => !!e && wanted(e.LedgerEntryType))
  return [...pages, ...rest]
}

export const accountObjects: Handler = (params, ctx) => {
  const { settings } = ctx
  const account = requireAccount(params)
  const typeName = optionalString(params, 'type')
  const type =
    typeName !== undefined && Object.hasOwn(TYPE_FILTER, typeName)
      ? TYPE_FILTER[typeName]
      : undefined
  if (typeName !== undefined && !type) throw invalidField('type')
  const blockersOnly = optionalBool(params, 'deletion_blockers_only') ?? false
  const limit = readLimit(params, { min: 10, def: 200, max: 400 }, settings.role)
  const choice = lookupLedger(ctx, params)
  accountRoot(choice.state, account)
  const wanted = (t: string) => (!type || t === type) && (!blockersOnly || DELETION_BLOCKERS.has(t))
  const all = ownedObjects(choice.state, account, wanted)
  let start = 0
  if (params.marker !== undefined) {
    if (typeof params.marker !== 'string') throw invalidField('marker', 'not string')
    const [, entry] = params.marker.split(',')
    start = all.findIndex((e) => e.index === entry)
    if (start < 0) throw invalidField('marker')
  }
  const page = all.slice(start, start + limit)
  const next = all[start + limit]
  return {
    account,
    account_objects: page,
    ...choice.fields,
    ...(next ? { limit, marker: `${keylet.ownerDir(account)},${next.index}` } : {}),
  }
}

export const accountTx: Handler = (params, { ledger, settings, apiVersion, view }) => {
  const account = requireAccount(params)
  for (const f of ['binary', 'forward'] as const) optionalBool(params, f)
  const binary = params.binary === true
  const forward = params.forward === true
  const limit = readLimit(params, { min: 10, def: 200, max: 400 }, settings.role)
  // A lagging server's validated range ends at its own validated ledger.
  const { first } = ledger.history.range()
  const last = view.validated.header.ledger_index
  const min =
    typeof params.ledger_index_min === 'number' && params.ledger_index_min >= 0
      ? params.ledger_index_min
      : first
  const max =
    typeof params.ledger_index_max === 'number' && params.ledger_index_max >= 0
      ? params.ledger_index_max
      : last
  let txs = ledger.history
    .accountTxs(account)
    .filter((r) => r.ledgerIndex >= min && r.ledgerIndex <= Math.min(max, last))
  if (!forward) txs = [...txs].reverse()
  let start = 0
  const marker = params.marker as { ledger?: number; seq?: number } | undefined
  if (marker !== undefined) {
    if (typeof marker !== 'object' || marker === null) throw invalidField('marker')
    start = txs.findIndex(
      (r) => r.ledgerIndex === marker.ledger && r.meta.TransactionIndex === marker.seq,
    )
    if (start < 0) throw invalidField('marker')
  }
  const page = txs.slice(start, start + limit)
  const next = txs[start + limit]
  return {
    account,
    ledger_index_min: min,
    ledger_index_max: max,
    limit,
    transactions: page.map((rec) =>
      binary ? accountTxBinary(rec) : apiVersion === 1 ? accountTxV1(rec) : validatedTx(rec),
    ),
    validated: true,
    ...(next ? { marker: { ledger: next.ledgerIndex, seq: next.meta.TransactionIndex } } : {}),
  }
}
