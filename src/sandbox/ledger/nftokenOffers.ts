/**
 * NFTokenOffer entries (rippled NFTokenUtils.cpp tokenOfferCreateApply, deleteTokenOffer,
 * removeTokenOffersWithLimit): creation and deletion with their owner-directory and buy/sell-directory
 * entries and the owner's OwnerCount, plus the expiry and spendable-XRP rules offers are judged by.
 */
import type { NFTokenOffer } from './entries.ts'
import { lsf } from './entries.ts'
import { keylet } from './keylets.ts'
import {
  dirEntries,
  offerDirInsert,
  offerDirRemove,
  ownerDirInsert,
  ownerDirRemove,
} from './directory.ts'
import type { LedgerSettings } from './context.ts'
import { adjustOwnerCount, readAccount, reserve } from './context.ts'
import type { Ter } from './ter.ts'
import type { ApplyView } from './view.ts'

/** rippled's maxDeletableTokenOfferEntries: offers a burn deletes at most. */
export const MAX_DELETABLE_OFFERS = 500

/**
 * rippled's hasExpired: an expiration has passed once the parent ledger's close time reaches it
 * (`parentCloseTime >= Expiration`, both Ripple-epoch seconds).
 */
export function hasExpired(ledger: LedgerSettings, expiration: number | undefined): boolean {
  return expiration !== undefined && ledger.parentCloseTime >= expiration
}

/** Whether the offer entry is a sell offer (lsfSellNFToken). */
export function isSellOffer(offer: Readonly<NFTokenOffer>): boolean {
  return (offer.Flags & lsf.sellNFToken) !== 0
}

/** The NFTokenOffer with this key, or undefined if absent or another type (rippled keylet::nftoffer). */
export function readOffer(
  view: Pick<ApplyView, 'read'>,
  id: string,
): Readonly<NFTokenOffer> | undefined {
  const entry = view.read<NFTokenOffer>(id.toUpperCase())
  return entry?.LedgerEntryType === 'NFTokenOffer' ? entry : undefined
}

/**
 * XRP an account can spend without touching its reserve (rippled xrpLiquid, what accountFunds gives
 * for XRP): Balance − reserve(OwnerCount), never below 0; 0 for a missing account.
 */
export function spendableXrp(view: ApplyView, ledger: LedgerSettings, address: string): bigint {
  const acct = readAccount(view, address)
  if (!acct) return 0n
  const free = BigInt(acct.Balance) - reserve(ledger, acct.OwnerCount)
  return free > 0n ? free : 0n
}

/** What a new offer is made of. */
export interface NewOffer {
  owner: string
  nftId: string
  /** XRP drops. */
  amount: string
  sell: boolean
  destination?: string
  expiration?: number
  /** Sequence or TicketSequence of the creating transaction: the offer id derives from it. */
  seqProxy: number
}

/**
 * Creates an offer (rippled tokenOfferCreateApply): tecINSUFFICIENT_RESERVE unless the balance before
 * the fee covers one more owned object; otherwise the entry goes into the owner's directory and the
 * token's buy or sell directory and OwnerCount rises by one. Returns the offer id on success.
 */
export function createOffer(
  view: ApplyView,
  ledger: LedgerSettings,
  priorBalance: bigint,
  o: NewOffer,
): { ter: Ter; offerId?: string } {
  const acct = readAccount(view, o.owner)!
  if (priorBalance < reserve(ledger, acct.OwnerCount + 1)) return { ter: 'tecINSUFFICIENT_RESERVE' }
  const offerId = keylet.nftOffer(o.owner, o.seqProxy)
  const nftId = o.nftId.toUpperCase()
  const offer: NFTokenOffer = {
    Amount: o.amount,
    Flags: o.sell ? lsf.sellNFToken : 0,
    LedgerEntryType: 'NFTokenOffer',
    NFTokenID: nftId,
    NFTokenOfferNode: offerDirInsert(view, nftId, offerId, o.sell),
    Owner: o.owner,
    OwnerNode: ownerDirInsert(view, o.owner, offerId),
    index: offerId,
    ...(o.destination !== undefined ? { Destination: o.destination } : {}),
    ...(o.expiration !== undefined ? { Expiration: o.expiration } : {}),
  }
  view.insert(offer)
  adjustOwnerCount(view, o.owner, 1)
  return { ter: 'tesSUCCESS', offerId }
}

/**
 * Deletes an offer (rippled deleteTokenOffer): out of its owner's directory and the token's buy or sell
 * directory; the owner gets the reserve back (OwnerCount −1).
 */
export function deleteOffer(view: ApplyView, offer: Readonly<NFTokenOffer>): void {
  ownerDirRemove(view, offer.Owner, offer.OwnerNode, offer.index)
  offerDirRemove(view, offer.NFTokenID, offer.NFTokenOfferNode, offer.index, isSellOffer(offer))
  adjustOwnerCount(view, offer.Owner, -1)
  view.erase(offer.index)
}

/**
 * Deletes up to `limit` offers of one of a token's directories, last entry first as rippled walks a
 * directory page (removeTokenOffersWithLimit). Returns how many were deleted.
 */
export function removeTokenOffers(
  view: ApplyView,
  nftId: string,
  sell: boolean,
  limit: number,
): number {
  const root = sell ? keylet.nftSells(nftId) : keylet.nftBuys(nftId)
  const ids = [...dirEntries(view, root)].reverse()
  let deleted = 0
  for (const id of ids) {
    if (deleted >= limit) break
    const offer = readOffer(view, id)
    if (!offer) continue
    deleteOffer(view, offer)
    deleted += 1
  }
  return deleted
}
