/** subscribe / unsubscribe to the ledger and transaction streams, to accounts and their proposed transactions. */
import { isValidClassicAddress } from 'xrpl'
import type { Handler } from '../context.ts'
import { RpcError } from '../errors.ts'
import type { RpcErrorToken } from '../errors.ts'
import { ledgerSummary } from '../ledgerFields.ts'

const STREAMS = new Set([
  'ledger',
  'transactions',
  'server',
  'validations',
  'transactions_proposed',
])

/** A list: not an array → invalidParams; an entry that is not valid → `bad` (rippled Subscribe.cpp). */
function readList(
  params: Record<string, unknown>,
  field: string,
  valid: (s: string) => boolean,
  bad: RpcErrorToken,
): string[] {
  const v = params[field]
  if (v === undefined) return []
  if (!Array.isArray(v)) throw new RpcError('invalidParams')
  if (v.some((s) => typeof s !== 'string' || !valid(s))) throw new RpcError(bad)
  return v as string[]
}

const readStreams = (params: Record<string, unknown>) =>
  readList(params, 'streams', (s) => STREAMS.has(s), 'malformedStream')
const readAccounts = (params: Record<string, unknown>) =>
  readList(params, 'accounts', isValidClassicAddress, 'actMalformed')

const readProposed = (params: Record<string, unknown>) =>
  readList(params, 'accounts_proposed', isValidClassicAddress, 'actMalformed')

export const subscribe: Handler = (params, { conn, ledger, view }) => {
  const streams = readStreams(params)
  const accounts = readAccounts(params)
  const proposed = readProposed(params)
  for (const s of streams) conn.streams.add(s)
  for (const a of accounts) conn.accounts.add(a)
  for (const a of proposed) conn.proposedAccounts.add(a)
  if (!streams.includes('ledger')) return {}
  return ledgerSummary(ledger, view.validated.header)
}

export const unsubscribe: Handler = (params, { conn }) => {
  for (const s of readStreams(params)) conn.streams.delete(s)
  for (const a of readAccounts(params)) conn.accounts.delete(a)
  for (const a of readProposed(params)) conn.proposedAccounts.delete(a)
  return {}
}
