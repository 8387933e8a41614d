/**
 * Marker paging for the ledger's list methods (account_tx, nfts_by_issuer, …): one request per page,
 * the marker carried over, a marker that comes back twice refused (a server that would page forever).
 */
import type { Client } from 'xrpl'

import { malformed, requestResult } from './ledgerRequests.ts'
import { isRecord } from '../../shared/isRecord.ts'

/**
 * Requests every page of `request` and hands each page's result to `visit` (awaited, so that it may
 * save what it read before the next page is asked), which may stop the paging by returning false.
 *
 * @param maxPages - the most pages a well-behaved server needs for this list.
 * @param pinLedger - read every page from the ledger of the first (its `ledger_index`), so that
 *   the list is one ledger's, whatever closes while it is read.
 * @param from - resume a reading stopped earlier: the marker of the page to read next and the
 *   ledger its pages are pinned to.
 * @returns whether every page was read (false when `visit` stopped early).
 * @throws EngineError `LEDGER_REJECTED` for a reply that is not an object or a repeated marker; the
 *   request's own failure otherwise.
 */
export async function forEachPage(
  client: Client,
  request: Parameters<Client['request']>[0],
  visit: (result: Record<string, unknown>) => boolean | void | Promise<boolean | void>,
  maxPages = 1_000,
  pinLedger = false,
  from?: { marker: unknown; ledgerIndex?: number },
): Promise<boolean> {
  const method = request.command
  const markers = new Set<string>()
  let marker: unknown = from?.marker
  let pinned: number | undefined = from?.ledgerIndex
  for (let page = 1; ; page += 1) {
    const result = await requestResult(client, {
      ...request,
      ...(marker === undefined ? {} : { marker }),
      ...(pinned === undefined ? {} : { ledger_index: pinned }),
    })
    if (!isRecord(result)) throw malformed(method, 'the result is not an object')
    if (pinLedger && pinned === undefined && typeof result.ledger_index === 'number') {
      pinned = result.ledger_index
    }
    const goOn = (await visit(result)) !== false
    marker = result.marker
    // A marker of null is no marker (a server that writes every field): the list ends here.
    if (marker === undefined || marker === null) return true
    if (!goOn) return false
    // A server may also page forever with ever new markers (and nothing on the pages).
    if (page >= maxPages) throw malformed(method, `more than ${maxPages} pages and still a marker`)
    const key = JSON.stringify(marker)
    if (markers.has(key)) throw malformed(method, 'the marker repeats')
    markers.add(key)
  }
}
