/**
 * An account's NFT pages as the validated ledger has them (account_objects type `nft_page`, every
 * page of the listing, all from one validated ledger): the NFT ids of each, in page order. Burning works out from them which pages
 * go away (see burnEffects.ts).
 */
import type { Client } from 'xrpl'

import { malformed, requestResult } from './ledgerRequests.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** account_objects entries a page of the listing asks for. */
const LISTING_LIMIT = 400
/** The most NFT pages an account can have at MAX_ACCOUNT_NFTS (100,000 / 32, and some slack). */
const MAX_LISTING_PAGES = 100

/**
 * The NFT ids on each of the account's NFT pages, in page order (by page key: the owner's id then the
 * low 96 bits of the NFTs, so the key order is the pages' order).
 *
 * @throws EngineError `LEDGER_REJECTED` for a malformed reply; the request's own failure otherwise.
 */
export async function readNftPages(client: Client, account: string): Promise<string[][]> {
  const pages: { key: string; ids: string[] }[] = []
  const markers = new Set<string>()
  // Every page of the listing from the ledger the first one came from.
  let ledgerIndex: number | 'validated' = 'validated'
  let marker: unknown
  for (let listing = 1; ; listing += 1) {
    const result = await requestResult(client, {
      command: 'account_objects',
      account,
      type: 'nft_page',
      ledger_index: ledgerIndex,
      limit: LISTING_LIMIT,
      ...(marker === undefined ? {} : { marker }),
    })
    if (!isRecord(result)) throw malformed('account_objects', 'the result is not an object')
    if (typeof result.ledger_index === 'number') ledgerIndex = result.ledger_index
    pages.push(...pagesOf(result.account_objects))
    marker = result.marker
    if (marker === undefined) break
    const key = JSON.stringify(marker)
    if (listing >= MAX_LISTING_PAGES || markers.has(key)) {
      throw malformed('account_objects', 'the listing of NFT pages does not end')
    }
    markers.add(key)
  }
  return pages.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((p) => p.ids)
}

/** The NFT pages of one account_objects reply, with their keys. */
function pagesOf(objects: unknown): { key: string; ids: string[] }[] {
  if (!Array.isArray(objects)) throw malformed('account_objects', 'account_objects is not a list')
  const pages: { key: string; ids: string[] }[] = []
  for (const object of objects) {
    if (!isRecord(object) || object.LedgerEntryType !== 'NFTokenPage') continue
    const { index, NFTokens } = object
    if (typeof index !== 'string' || !Array.isArray(NFTokens)) {
      throw malformed('account_objects', 'an NFTokenPage without index or NFTokens')
    }
    const ids = NFTokens.map((entry: unknown) => {
      const id = isRecord(entry) && isRecord(entry.NFToken) ? entry.NFToken.NFTokenID : null
      if (typeof id !== 'string') throw malformed('account_objects', 'an NFToken without id')
      return id.toUpperCase()
    })
    pages.push({ key: index.toUpperCase(), ids })
  }
  return pages
}
