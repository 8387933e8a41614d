/** Reading request parameters with rippled's error messages. */
import { isValidClassicAddress } from 'xrpl'
import type { ServerRole } from './context.ts'
import { RpcError, invalidField, missingField } from './errors.ts'

export type Params = Record<string, unknown>

export function requireAccount(params: Params, field = 'account'): string {
  const v = params[field]
  if (v === undefined) throw missingField(field)
  if (typeof v !== 'string' || !isValidClassicAddress(v)) throw new RpcError('actMalformed')
  return v
}

export function requireHash(params: Params, field: string): string {
  const v = params[field]
  if (v === undefined) throw missingField(field)
  if (typeof v !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(v)) throw invalidField(field)
  return v.toUpperCase()
}

/**
 * rippled's readLimitField: a missing limit gives the default; a value that is not a non-negative
 * integer is an error; a public server clamps it to [min, max] (what the app meets on mainnet), an
 * admin connection takes it as asked (0 as the default).
 */
export function readLimit(
  params: Params,
  range: { min: number; def: number; max: number },
  role: ServerRole,
): number {
  const v = params.limit
  if (v === undefined) return range.def
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw invalidField('limit', 'not unsigned integer')
  }
  // An admin's 0 is no page size: rippled then gives a whole default page (account_tx) or no limit
  // at all (account_nfts), never an empty page whose marker cannot move.
  if (role === 'admin') return v === 0 ? range.def : v
  return Math.min(range.max, Math.max(range.min, v))
}

export function optionalString(params: Params, field: string): string | undefined {
  const v = params[field]
  if (v === undefined) return undefined
  if (typeof v !== 'string') throw invalidField(field, 'not string')
  return v
}

export function optionalBool(params: Params, field: string): boolean | undefined {
  const v = params[field]
  if (v === undefined) return undefined
  if (typeof v !== 'boolean') throw invalidField(field)
  return v
}
