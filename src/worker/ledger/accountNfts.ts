/**
 * Reads an account's whole NFT list with account_nfts: pages of NFT_PAGE_LIMIT, marker paging, every
 * page from one validated ledger (the first page's), so the list is a consistent picture even when
 * NFTs move while it loads.
 */
import type { Client } from 'xrpl'

import type { NftItem } from '../../db/types/nfts.ts'
import { MAX_ACCOUNT_NFTS, MAX_NFT_PAGES, NFT_PAGE_LIMIT } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NftLoadProgress } from '../api.ts'
import { toEngineError } from './toEngineError.ts'
import { rippledError } from './ledgerRequests.ts'
import { readNftPage } from './accountNftsPage.ts'
import { malformedReply } from './nftEntry.ts'

/** How much one list may take: the reading stops with a clear error beyond (nothing is saved). */
export interface NftListLimits {
  maxNfts: number
  maxPages: number
  /** account_nfts `limit`: NFTs asked for per page. */
  pageSize: number
}

/** The app's bounds (MAX_ACCOUNT_NFTS, MAX_NFT_PAGES) and page size (NFT_PAGE_LIMIT). */
export const NFT_LIST_LIMITS: NftListLimits = {
  maxNfts: MAX_ACCOUNT_NFTS,
  maxPages: MAX_NFT_PAGES,
  pageSize: NFT_PAGE_LIMIT,
}

/** More is coming: refuses to read past the bounds (a huge account, or a server paging forever). */
function checkBounds(nfts: number, pages: number, limits: NftListLimits): void {
  if (nfts >= limits.maxNfts) {
    const most = limits.maxNfts.toLocaleString('en-US')
    throw new EngineError(
      'VALIDATION',
      `This account holds more than ${most} NFTs: the app reads at most ${most}`,
      { limit: limits.maxNfts },
    )
  }
  if (pages >= limits.maxPages) {
    const most = limits.maxPages.toLocaleString('en-US')
    throw malformedReply(`the server sent more than ${most} pages (${nfts} NFTs) and kept going`)
  }
}

/** An account's NFTs and the validated ledger they were read from. */
export interface NftList {
  nfts: NftItem[]
  ledgerIndex: number
}

/** A failed account_nfts request as an EngineError with a message fit to show. */
function requestError(error: unknown, account: string): EngineError {
  const token = rippledError(error)
  if (token === 'actNotFound') {
    return new EngineError('NOT_FOUND', `Account ${account} is not activated on this network`, {
      account,
    })
  }
  const e = toEngineError(error, 'account_nfts')
  if (token === 'lgrNotFound') {
    const message = 'The ledger the NFT list was read from is no longer available; please try again'
    return new EngineError('LEDGER_REJECTED', message, e.data)
  }
  if (e.code === 'NETWORK' || e.code === 'NOT_CONNECTED') {
    const message = `The ledger connection was lost while loading NFTs: ${e.message}`
    return new EngineError('NETWORK', message, e.data)
  }
  if (e.code === 'TIMEOUT') {
    return new EngineError('TIMEOUT', `The ledger did not answer in time: ${e.message}`, e.data)
  }
  return e
}

/** One page: the first from the latest validated ledger, the others from the same ledger. */
async function requestPage(
  client: Client,
  account: string,
  ledgerIndex: number | null,
  marker: string | undefined,
  pageSize: number,
): Promise<unknown> {
  try {
    const response = await client.request({
      command: 'account_nfts',
      account,
      ledger_index: ledgerIndex ?? 'validated',
      limit: pageSize,
      ...(marker === undefined ? {} : { marker }),
    })
    return response.result
  } catch (error) {
    throw requestError(error, account)
  }
}

/**
 * Reads every NFT of an account.
 *
 * @param client - a connected client; one for the whole list (a reconnect fails the load rather
 *   than mixing servers).
 * @param account - a valid classic address.
 * @param onPage - called after each page with the counts so far.
 * @param atLedger - read this validated ledger instead of the latest (to compare with other reads).
 * @param limits - the bounds (the app's by default; tests lower them).
 * @throws EngineError `NOT_FOUND` for an account that does not exist; `VALIDATION` for an account
 *   with more NFTs than the app reads; `LEDGER_REJECTED` for server errors and malformed replies (an
 *   NFT listed twice, a marker that repeats, more pages than the bound, …); `NETWORK`,
 *   `NOT_CONNECTED` or `TIMEOUT` when the connection fails.
 */
export async function readAccountNfts(
  client: Client,
  account: string,
  onPage: (progress: NftLoadProgress) => void,
  atLedger?: number,
  limits: NftListLimits = NFT_LIST_LIMITS,
): Promise<NftList> {
  const nfts: NftItem[] = []
  const ids = new Set<string>()
  const markers = new Set<string>()
  let ledgerIndex: number | null = atLedger ?? null
  let marker: string | undefined
  let pages = 0
  do {
    const result = await requestPage(client, account, ledgerIndex, marker, limits.pageSize)
    const page = readNftPage(result, account, ledgerIndex)
    ledgerIndex = page.ledgerIndex
    for (const nft of page.nfts) {
      if (ids.has(nft.nftId)) throw malformedReply(`NFT ${nft.nftId} is listed twice`)
      ids.add(nft.nftId)
      nfts.push(nft)
    }
    pages += 1
    onPage({ loaded: nfts.length, pages })
    marker = page.marker
    if (marker !== undefined) checkBounds(nfts.length, pages, limits)
    // A marker seen before would page forever.
    if (marker !== undefined && markers.has(marker)) throw malformedReply('the marker repeats')
    if (marker !== undefined) markers.add(marker)
  } while (marker !== undefined)
  return { nfts, ledgerIndex }
}
