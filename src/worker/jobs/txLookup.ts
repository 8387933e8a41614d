/**
 * What the ledger says about one signed transaction, in the terms the exactly-once rule needs: is it in
 * a validated ledger (with its result), or is it provably absent from a range of validated ledgers?
 */
import type { Client, TransactionMetadata } from 'xrpl'

export type Lookup =
  | { found: true; result: string; ledgerIndex: number; meta: TransactionMetadata }
  | {
      found: false
      /** True when the server had every ledger of the range: the transaction is in none of them. */
      searchedAll: boolean
    }

/**
 * Looks a transaction up by hash within [minLedger, maxLedger] (at most 1,000 ledgers, rippled's limit).
 * Only a validated result counts as found; a transaction the server merely knows is not.
 */
export async function lookupTx(
  client: Client,
  hash: string,
  minLedger: number,
  maxLedger: number,
): Promise<Lookup> {
  const min = Math.max(1, Math.min(minLedger, maxLedger), maxLedger - 999)
  try {
    const res = await client.request({
      command: 'tx',
      transaction: hash,
      min_ledger: min,
      max_ledger: maxLedger,
    })
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
    return { found: false, searchedAll: false }
  } catch (e) {
    const data = (e as { data?: { error?: string; searched_all?: boolean } }).data
    if (data?.error === 'txnNotFound')
      return { found: false, searchedAll: data.searched_all === true }
    throw e
  }
}
