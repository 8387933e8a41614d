/**
 * Reads a collection's holders from Clio's nfts_by_issuer, page after page at the ledger of the
 * first, saving the counts after each page so that a reading cut short resumes where it stopped (the
 * same ledger, the next marker). What a server sends is checked as a lying or broken one could send
 * it: an NFT of another issuer or taxon is left out, pages must run in Clio's order (taxon, then id)
 * so that a repeated page cannot count an NFT twice, and every page must be of the pinned ledger.
 */
import { isValidClassicAddress, parseNFTokenID } from 'xrpl'
import type { Client } from 'xrpl'

import type { HolderSnapshotRow } from '../../../db/types/holders.ts'
import { EngineError } from '../../../shared/errors.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import { malformed, requestResult, rippledError } from '../../ledger/ledgerRequests.ts'
import { forEachPage } from '../../ledger/pages.ts'

/** NFTs a page asks for: Clio's most. */
export const HOLDER_PAGE = 100
/** Pages read at most (200,000 NFTs: a collection is at most a few tens of thousands). */
const MAX_PAGES = 2_000
/**
 * Pages read between two saves (and at most this long): a collection of 100,000 holders is a large
 * row, and writing it after every page would write it 1,000 times. A reading cut short goes on from
 * the last save.
 */
const SAVE_EVERY_PAGES = 10
const SAVE_EVERY_MS = 3_000

const METHOD = 'nfts_by_issuer'

/** An NFT's place in Clio's order: taxon, then id. */
function orderKey(taxon: number, id: string): string {
  return `${taxon.toString(16).padStart(8, '0')}${id}`
}

/**
 * Reads the rest of `row` (all of it when no page was read yet) and returns it finished.
 *
 * @param save - stores the row after each page (awaited before the next page is asked).
 * @param onPage - told after each page.
 * @throws EngineError `NOT_FOUND` when the issuer does not exist; `LEDGER_REJECTED` for a malformed
 *   or inconsistent reply, or a resumed ledger the server no longer has; the request's own failure
 *   otherwise (what was read is saved).
 */
export async function readHolders(
  clio: Client,
  row: HolderSnapshotRow,
  save: (row: HolderSnapshotRow) => Promise<void>,
  onPage: (row: HolderSnapshotRow) => void,
  now: () => number = Date.now,
): Promise<HolderSnapshotRow> {
  const { issuer, taxon } = row
  const request = {
    command: METHOD,
    issuer,
    limit: HOLDER_PAGE,
    ...(taxon === null ? {} : { nft_taxon: taxon }),
  } as const
  const resumed = row.marker !== null && row.ledgerIndex !== null
  // Counted in place: one map for the whole reading, copied only into the row that is saved.
  const holders = { ...row.holders }
  let current = row
  let last = row.lastKey ?? ''
  let unsaved = 0
  let savedAt = now()
  try {
    await forEachPage(
      clio,
      request,
      async (result) => {
        const index = result.ledger_index
        if (typeof index !== 'number') throw malformed(METHOD, 'no ledger_index')
        if (current.ledgerIndex !== null && index !== current.ledgerIndex) {
          throw malformed(METHOD, `a page of ledger ${index}, not ${current.ledgerIndex}`)
        }
        if (!Array.isArray(result.nfts)) throw malformed(METHOD, 'no nfts array')
        if (result.nfts.length > HOLDER_PAGE) {
          throw malformed(
            METHOD,
            `a page of ${result.nfts.length} NFTs (${HOLDER_PAGE} were asked)`,
          )
        }
        let { nfts, burned } = current
        let key = last
        // The page's owners are counted once the whole page is checked: a page refused half-way
        // leaves the counts as they were, fit to save and resume.
        const owners: string[] = []
        for (const value of result.nfts as unknown[]) {
          const nft = checkedNft(value)
          const parsed = parseNFTokenID(nft.id)
          // A server that ignores the filter (or lies) lists other collections' NFTs.
          if (parsed.Issuer !== issuer || (taxon !== null && parsed.Taxon !== taxon)) continue
          const next = orderKey(parsed.Taxon, nft.id)
          if (next <= key) throw malformed(METHOD, `NFT ${nft.id} is out of order or repeated`)
          key = next
          if (nft.burned) burned += 1
          else owners.push(nft.owner)
        }
        for (const owner of owners) holders[owner] = (holders[owner] ?? 0) + 1
        nfts += owners.length
        last = key
        const marker = result.marker ?? null
        current = {
          ...current,
          ledgerIndex: index,
          marker,
          lastKey: last,
          pages: current.pages + 1,
          nfts,
          burned,
          holders,
          complete: marker === null,
          takenAt: marker === null ? now() : null,
        }
        unsaved += 1
        // Checked before it is saved finished: a snapshot that fails it is never used.
        if (marker === null && taxon === null) await checkTotal(clio, issuer, current)
        if (marker === null || unsaved >= SAVE_EVERY_PAGES || now() - savedAt >= SAVE_EVERY_MS) {
          await save({ ...current, holders: { ...holders } })
          unsaved = 0
          savedAt = now()
        }
        onPage(current)
      },
      MAX_PAGES,
      true,
      resumed ? { marker: row.marker, ledgerIndex: row.ledgerIndex! } : undefined,
    )
  } catch (error) {
    // The pages read since the last save are kept (the counts stop at the last whole page).
    if (unsaved > 0 && !current.complete) {
      await save({ ...current, holders: { ...holders } }).catch(() => undefined)
    }
    const token = rippledError(error)
    if (token === 'actNotFound' || token === 'actMalformed') {
      throw new EngineError('NOT_FOUND', `The issuer ${issuer} has no account on this network`, {
        issuer,
      })
    }
    if (token === 'lgrNotFound' && resumed) {
      throw new EngineError(
        'LEDGER_REJECTED',
        `The server no longer has ledger ${row.ledgerIndex}, where this snapshot began: take it again from the start`,
      )
    }
    throw error
  }
  return current
}

/**
 * A snapshot of every taxon must list as many NFTs as the issuer's account says exist (minted less
 * burned, at the same ledger): a server that ended its list early, or called NFTs burned that are
 * not, is caught here. (One taxon's count is written nowhere on the ledger.)
 */
async function checkTotal(clio: Client, issuer: string, row: HolderSnapshotRow): Promise<void> {
  const result = await requestResult(clio, {
    command: 'account_info',
    account: issuer,
    ledger_index: row.ledgerIndex!,
  })
  const data = isRecord(result) && isRecord(result.account_data) ? result.account_data : null
  if (!data) throw malformed('account_info', 'no account_data')
  const count = (field: unknown) => (typeof field === 'number' ? field : 0)
  const exist = count(data.MintedNFTokens) - count(data.BurnedNFTokens)
  if (exist !== row.nfts) {
    throw new EngineError(
      'LEDGER_REJECTED',
      `The server listed ${row.nfts} NFTs of ${issuer}, but its account says ${exist} exist at ledger ${row.ledgerIndex}: the snapshot cannot be trusted; take it again (another server may answer right)`,
    )
  }
}

/** One listed NFT, checked. */
function checkedNft(value: unknown): { id: string; owner: string; burned: boolean } {
  const id = isRecord(value) && typeof value.nft_id === 'string' ? value.nft_id.toUpperCase() : ''
  if (!/^[0-9A-F]{64}$/.test(id)) throw malformed(METHOD, 'an NFT has no id')
  const { owner, is_burned: burned } = value as Record<string, unknown>
  if (typeof owner !== 'string' || !isValidClassicAddress(owner)) {
    throw malformed(METHOD, `NFT ${id} has no valid owner`)
  }
  return { id, owner, burned: burned === true }
}
