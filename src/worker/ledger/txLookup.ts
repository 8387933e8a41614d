/**
 * What the ledger says about one signed transaction, in the terms the exactly-once rule needs: is it in
 * a validated ledger (with its result), or is it provably absent from a range of validated ledgers?
 */
import type { Client, TransactionMetadata } from 'xrpl'
import { inLane } from './pacedClient.ts'

export type Lookup =
  | { found: true; result: string; ledgerIndex: number; meta: TransactionMetadata }
  | {
      found: false
      /** True when the server had every ledger of the range: the transaction is in none of them. */
      searchedAll: boolean
      /** The server knows it (open ledger, queue, held) without it being in a validated ledger. */
      known: boolean
    }

/** rippled's limit on a `tx` min_ledger..max_ledger range. */
const MAX_RANGE = 1000

/**
 * Looks a transaction up by hash within [minLedger, maxLedger]. Only a validated result counts as
 * found; a transaction the server merely knows is not. A range wider than rippled allows is searched
 * in parts, so `searchedAll` always covers the whole range asked for; an empty range (max < min)
 * proves nothing.
 */
export async function lookupTx(
  client: Client,
  hash: string,
  minLedger: number,
  maxLedger: number,
): Promise<Lookup> {
  const min = Math.max(1, minLedger)
  if (maxLedger < min) return await lookupRange(client, hash, undefined)
  let searchedAll = true
  for (let top = maxLedger; top >= min; top -= MAX_RANGE) {
    const range = { min: Math.max(min, top - MAX_RANGE + 1), max: top }
    const part = await lookupRange(client, hash, range)
    if (part.found || part.known) return part
    searchedAll &&= part.searchedAll
  }
  return { found: false, searchedAll, known: false }
}

async function lookupRange(
  client: Client,
  hash: string,
  range: { min: number; max: number } | undefined,
): Promise<Lookup> {
  try {
    const res = await client.request(
      inLane('job', {
        command: 'tx',
        transaction: hash,
        ...(range ? { min_ledger: range.min, max_ledger: range.max } : {}),
      }),
    )
    const r = res.result as { validated?: boolean; meta?: unknown; ledger_index?: number }
    if (
      r.validated === true &&
      typeof r.meta === 'object' &&
      r.meta !== null &&
      typeof r.ledger_index === 'number'
    ) {
      const meta = r.meta as TransactionMetadata
      return { found: true, result: meta.TransactionResult, ledgerIndex: r.ledger_index, meta }
    }
    return { found: false, searchedAll: false, known: true }
  } catch (e) {
    const data = (e as { data?: { error?: string; searched_all?: boolean } }).data
    if (data?.error === 'txnNotFound') {
      return {
        found: false,
        searchedAll: range !== undefined && data.searched_all === true,
        known: false,
      }
    }
    throw e
  }
}
