/** subscribe / unsubscribe to the ledger and transactions streams and to accounts. */
import { isValidClassicAddress } from 'xrpl'
import type { Handler } from '../context.ts'
import { RpcError } from '../errors.ts'

const STREAMS = new Set(['ledger', 'transactions', 'server', 'validations', 'transactions_proposed'])

function readList(params: Record<string, unknown>, field: string): string[] {
  const v = params[field]
  if (v === undefined) return []
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new RpcError('invalidParams')
  return v as string[]
}

function readAccounts(params: Record<string, unknown>): string[] {
  const accounts = readList(params, 'accounts')
  if (accounts.some((a) => !isValidClassicAddress(a))) throw new RpcError('actMalformed')
  return accounts
}

export const subscribe: Handler = (params, { conn, ledger }) => {
  const streams = readList(params, 'streams')
  if (streams.some((s) => !STREAMS.has(s))) throw new RpcError('invalidParams', 'Stream malformed.')
  const accounts = readAccounts(params)
  for (const s of streams) conn.streams.add(s)
  for (const a of accounts) conn.accounts.add(a)
  if (!streams.includes('ledger')) return {}
  const v = ledger.validated.header
  const { first, last } = ledger.history.range()
  return {
    fee_base: 10,
    ledger_hash: v.ledger_hash,
    ledger_index: v.ledger_index,
    ledger_time: v.close_time,
    reserve_base: 1_000_000,
    reserve_inc: 200_000,
    validated_ledgers: `${first}-${last}`,
  }
}

export const unsubscribe: Handler = (params, { conn }) => {
  for (const s of readList(params, 'streams')) conn.streams.delete(s)
  for (const a of readAccounts(params)) conn.accounts.delete(a)
  return {}
}
