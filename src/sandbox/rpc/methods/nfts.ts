/** account_nfts, nft_sell_offers, nft_buy_offers, and the Clio methods nft_info and nfts_by_issuer. */
import { parseNFTokenID } from 'xrpl'
import type { NFTokenOffer } from '../../ledger/entries.ts'
import { keylet } from '../../ledger/keylets.ts'
import { dirEntries } from '../../ledger/directory.ts'
import type { NftRecord } from '../../ledger/nftIndex.ts'
import type { Handler } from '../context.ts'
import { RpcError, invalidField } from '../errors.ts'
import { lookupLedger } from '../lookup.ts'
import { optionalString, readLimit, requireAccount, requireHash } from '../params.ts'
import { compareTokenIds, ownerPages } from '../../ledger/nftokenPages.ts'
import type { NFToken } from '../../ledger/nftokenPages.ts'
import { parseNFTokenId } from '../../ledger/nftokenId.ts'
import { isHash256 } from '../../ledger/nftokenRules.ts'
import { stateReader } from '../../ledger/view.ts'

/** The index of the first item that sorts after the marker (`cmp` compares an item with it). */
function afterMarker<T>(items: readonly T[], cmp: (item: T) => number): number {
  const at = items.findIndex((item) => cmp(item) > 0)
  return at < 0 ? items.length : at
}

/**
 * Clio's nfts_by_issuer order: by taxon, then by id; a marker sorts by its own taxon and id. The
 * marker is parsed once per page: parsing it per comparison made a page of a 2,000-NFT collection
 * cost the sandbox ~50 ms, time a real Clio does not take.
 */
function byTaxonFrom(marker: string): (r: NftRecord) => number {
  const id = marker.toUpperCase()
  const taxon = parseNFTokenID(id).Taxon
  return (r) =>
    r.nft_taxon !== taxon ? r.nft_taxon - taxon : r.nft_id < id ? -1 : r.nft_id > id ? 1 : 0
}

export const accountNfts: Handler = (params, ctx) => {
  const { settings } = ctx
  const account = requireAccount(params)
  const limit = readLimit(params, { min: 20, def: 100, max: 400 }, settings.role)
  const choice = lookupLedger(ctx, params)
  if (!choice.state.get(keylet.account(account)))
    throw new RpcError('actNotFound', undefined, { account })
  const marker = optionalString(params, 'marker')
  if (marker !== undefined && !isHash256(marker)) throw invalidField('marker')
  // rippled resumes after the marker's place in page order; the marker token itself may be gone.
  // Only the pages from the marker's on are read (an account of 100,000 NFTs is read 400 at a time).
  const id = marker?.toUpperCase()
  const { tokens, more } = tokensAfter(ownerPages(stateReader(choice.state), account), id, limit)
  const page = tokens.map((t) => {
    const p = parseNFTokenId(t.NFTokenID)
    return {
      Flags: p.flags,
      Issuer: p.issuer,
      NFTokenID: t.NFTokenID,
      NFTokenTaxon: p.taxon,
      ...(t.URI ? { URI: t.URI } : {}),
      nft_serial: p.serial,
      ...(p.transferFee ? { TransferFee: p.transferFee } : {}),
    }
  })
  // rippled returns early with limit + marker (and without `account`) when the limit is hit.
  if (more)
    return { account_nfts: page, limit, marker: page[page.length - 1]!.NFTokenID, ...choice.fields }
  return { account, account_nfts: page, ...choice.fields }
}

/**
 * Up to `limit` tokens after `marker` in page order, and whether more follow. Pages wholly at or
 * below the marker are skipped by their last token, without copying their tokens.
 */
function tokensAfter(
  pages: readonly { NFTokens: { NFToken: NFToken }[] }[],
  marker: string | undefined,
  limit: number,
): { tokens: NFToken[]; more: boolean } {
  const tokens: NFToken[] = []
  for (const page of pages) {
    const last = page.NFTokens.at(-1)?.NFToken.NFTokenID
    if (marker !== undefined && (last === undefined || compareTokenIds(last, marker) <= 0)) continue
    for (const { NFToken: t } of page.NFTokens) {
      if (marker !== undefined && compareTokenIds(t.NFTokenID, marker) <= 0) continue
      if (tokens.length === limit) return { tokens, more: true }
      tokens.push(t)
    }
  }
  return { tokens, more: false }
}

function offersOf(sell: boolean): Handler {
  return (params, ctx) => {
    const { settings } = ctx
    const nftId = requireHash(params, 'nft_id')
    const limit = readLimit(params, { min: 50, def: 250, max: 500 }, settings.role)
    const { state } = lookupLedger(ctx, params)
    const root = sell ? keylet.nftSells(nftId) : keylet.nftBuys(nftId)
    const ids = dirEntries(stateReader(state), root)
    if (ids.length === 0) throw new RpcError('objectNotFound')
    let start = 0
    const marker = optionalString(params, 'marker')
    if (marker !== undefined) {
      // The marker offer is the first entry of the next page; one for another token is invalid.
      const offer = state.get(marker.toUpperCase()) as Readonly<NFTokenOffer> | undefined
      if (!offer || offer.NFTokenID !== nftId) throw invalidField('marker')
      start = Math.max(0, ids.indexOf(offer.index))
    }
    const offers = ids.slice(start, start + limit).map((id) => {
      const o = state.get(id) as Readonly<NFTokenOffer>
      return {
        amount: o.Amount,
        flags: o.Flags,
        nft_offer_index: o.index,
        owner: o.Owner,
        ...(o.Destination ? { destination: o.Destination } : {}),
        ...(o.Expiration ? { expiration: o.Expiration } : {}),
      }
    })
    const next = ids[start + limit]
    return { nft_id: nftId, offers, ...(next ? { limit, marker: next } : {}) }
  }
}

export const nftSellOffers = offersOf(true)
export const nftBuyOffers = offersOf(false)

function clioNft(r: NftRecord): Omit<NftRecord, 'ledger_index'> {
  const { ledger_index: _l, ...rest } = r
  return rest
}

export const nftInfo: Handler = (params, { ledger, view }) => {
  const id = requireHash(params, 'nft_id')
  const r = ledger.nfts.get(id)
  if (!r) throw new RpcError('objectNotFound', 'NFT not found')
  return { ...clioNft(r), ledger_index: view.validated.header.ledger_index, validated: true }
}

export const nftsByIssuer: Handler = (params, { ledger, settings, view }) => {
  const issuer = requireAccount(params, 'issuer')
  const taxon = params.nft_taxon
  if (taxon !== undefined && (typeof taxon !== 'number' || !Number.isInteger(taxon) || taxon < 0)) {
    throw invalidField('nft_taxon')
  }
  const limit = readLimit(params, { min: 1, def: 50, max: 100 }, settings.role)
  const v = view.validated
  if (!v.state?.get(keylet.account(issuer)))
    throw new RpcError('actNotFound', undefined, { issuer })
  // Clio answers at a past ledger too: a reader pins its pages to the ledger of the first.
  const at = params.ledger_index
  let ledgerIndex = v.header.ledger_index
  if (typeof at === 'number') {
    if (!Number.isInteger(at) || at < 1 || at > ledgerIndex)
      throw new RpcError('lgrNotFound', 'ledgerNotFound')
    ledgerIndex = at
  } else if (at !== undefined && at !== 'validated') {
    throw invalidField('ledger_index')
  }
  const all = ledger.nfts.byIssuer(issuer, taxon, ledgerIndex)
  const marker = optionalString(params, 'marker')
  if (marker !== undefined && !isHash256(marker)) throw invalidField('marker')
  // Resume after the marker's place in (taxon, id) order, whether or not it is still listed.
  const start = marker === undefined ? 0 : afterMarker(all, byTaxonFrom(marker))
  const page = all.slice(start, start + limit)
  const more = start + limit < all.length
  return {
    issuer,
    limit,
    ledger_index: ledgerIndex,
    nfts: page.map(clioNft),
    validated: true,
    ...(taxon !== undefined ? { nft_taxon: taxon } : {}),
    ...(more ? { marker: page[page.length - 1]!.nft_id } : {}),
  }
}
