/**
 * One `account_nfts` reply, checked before use: the NFT array, the marker to the next page, and the
 * validated ledger it was read from. Nothing in it is trusted until checked.
 */
import type { NftItem } from '../../db/types/nfts.ts'
import { malformedReply, toNftItem } from './nftEntry.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** A checked page of an account's NFT list. */
export interface NftPage {
  nfts: NftItem[]
  /** Where the next page starts; undefined on the last page. */
  marker: string | undefined
  /** The validated ledger the page was read from. */
  ledgerIndex: number
}

/** The reply's ledger index, which must be validated and, after the first page, the pinned one. */
function readLedgerIndex(result: Record<string, unknown>, pinned: number | null): number {
  const index = result.ledger_index
  if (typeof index !== 'number' || !Number.isSafeInteger(index) || index < 1) {
    throw malformedReply('no ledger_index')
  }
  if (result.validated !== true) throw malformedReply(`ledger ${index} is not validated`)
  if (pinned !== null && index !== pinned) {
    throw malformedReply(`a page of ledger ${index} was sent for ledger ${pinned}`)
  }
  return index
}

/**
 * Checks and converts the `result` of an account_nfts request.
 *
 * @param result - the reply's result, untrusted.
 * @param account - the account asked for. The reply names it, except on pages that hit the limit
 *   (a rippled quirk: such pages come back without `account`).
 * @param pinned - the ledger index every page must come from; null for the first page.
 * @throws EngineError `LEDGER_REJECTED` when the reply is malformed or contradicts itself.
 */
export function readNftPage(result: unknown, account: string, pinned: number | null): NftPage {
  if (!isRecord(result)) throw malformedReply('no result object')
  if (!Array.isArray(result.account_nfts)) throw malformedReply('no account_nfts array')
  const named = result.account
  if (named !== undefined && named !== account) {
    const shown = typeof named === 'string' ? named : JSON.stringify(named)
    throw malformedReply(`the list of ${shown} was sent for ${account}`)
  }
  const ledgerIndex = readLedgerIndex(result, pinned)
  const { marker } = result
  if (marker !== undefined && (typeof marker !== 'string' || marker === '')) {
    throw malformedReply('the marker is not a string')
  }
  return { nfts: result.account_nfts.map(toNftItem), marker, ledgerIndex }
}
