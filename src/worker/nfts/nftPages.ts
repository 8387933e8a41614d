/**
 * An account's NFT pages as the validated ledger has them (account_objects type `nft_page`, every
 * page of the listing): the NFT ids of each, in page order. Burning works out from them which pages
 * go away (see burnEffects.ts).
 */
import type { Client } from 'xrpl'

import { forEachPage } from '../jobs/ledger/pages.ts'
import { isRecord, malformed } from '../jobs/ledger/ledgerRequests.ts'

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
  await forEachPage(
    client,
    {
      command: 'account_objects',
      account,
      type: 'nft_page',
      ledger_index: 'validated',
      limit: LISTING_LIMIT,
    },
    (result) => {
      const objects = result.account_objects
      if (!Array.isArray(objects))
        throw malformed('account_objects', 'account_objects is not a list')
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
    },
    MAX_LISTING_PAGES,
  )
  return pages.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((p) => p.ids)
}
