/**
 * Which NFTs the List tab offers for listing (spec part 2 §5: metadata loaded, an id and an image — or a video or sound, which real collections use instead) and
 * why the others are left out: the account may not sell them (not transferable, and it is not their
 * issuer), or they are already on sale (unless the user asks to list them again). Pure.
 */
import { marketplaceOfBroker } from '../../shared/marketplaces.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import type { OfferView, OffersReport } from '../../worker/api.ts'
import { hasMedia } from '../collection/imageUrl.ts'
import type { MetadataMap } from '../collection/nftFilters.ts'

/** The account's sell offers by the NFT they offer, of NFTs it still holds. */
export type OnSale = ReadonlyMap<string, readonly OfferView[]>

/** The sell offers of the report by NFT; NFTs the account no longer holds are left out. */
export function onSaleOf(report: OffersReport | null): OnSale {
  const byNft = new Map<string, OfferView[]>()
  for (const offer of report?.sell ?? []) {
    if (offer.flags.unfillable) continue
    const offers = byNft.get(offer.nftId)
    if (offers) offers.push(offer)
    else byNft.set(offer.nftId, [offer])
  }
  return byNft
}

/**
 * Why an NFT is not offered for listing. `noMetadata`: its metadata is not read yet (it may still
 * come); `metadataFailed`: reading it failed (it is not retried until the cache lets it be).
 * `offeredPrivately`: one of its sell offers names who may take
 * it (an airdrop, a private sale; not a marketplace's broker, which lists it publicly): 'List again'
 * would cancel it, so such an NFT is left to the Orders
 * tab.
 */
export type NotListable =
  'noMetadata' | 'metadataFailed' | 'noImage' | 'notTransferable' | 'offeredPrivately' | 'onSale'

/** Why `nft` cannot be listed now, or null when it can. */
export function notListable(
  nft: NftItem,
  metadata: MetadataMap,
  account: string,
  onSale: OnSale,
  relist: boolean,
): NotListable | null {
  const meta = metadata.get(nft.nftId)
  if (!meta) return 'noMetadata'
  if (meta.status !== 'loaded') return 'metadataFailed'
  if (!hasMedia(meta)) return 'noImage'
  // rippled's rule: a non-transferable NFT may be offered by its issuer only.
  if (!nft.transferable && nft.issuer !== account) return 'notTransferable'
  const offers = onSale.get(nft.nftId)
  // Listed through a marketplace's broker is on sale like a public offer ('List again' replaces it).
  const privately = (destination: string | null) =>
    destination !== null && !marketplaceOfBroker(destination)
  if (offers?.some((offer) => privately(offer.destination))) return 'offeredPrivately'
  if (!relist && offers) return 'onSale'
  return null
}

/** The listable NFTs among `nfts` (their order kept), and how many are left out for each reason. */
export function listableNfts(
  nfts: readonly NftItem[],
  metadata: MetadataMap,
  account: string,
  onSale: OnSale,
  relist: boolean,
): { listable: NftItem[]; left: Record<NotListable, number> } {
  const listable: NftItem[] = []
  const left: Record<NotListable, number> = {
    noMetadata: 0,
    metadataFailed: 0,
    noImage: 0,
    notTransferable: 0,
    offeredPrivately: 0,
    onSale: 0,
  }
  for (const nft of nfts) {
    const why = notListable(nft, metadata, account, onSale, relist)
    if (why) left[why] += 1
    else listable.push(nft)
  }
  return { listable, left }
}

const LEFT_OUT: Readonly<Record<NotListable, [string, string]>> = {
  noMetadata: ['without metadata yet', 'without metadata yet'],
  metadataFailed: ['whose metadata failed to load', 'whose metadata failed to load'],
  noImage: ['without a picture or video', 'without a picture or video'],
  notTransferable: ['not transferable', 'not transferable'],
  offeredPrivately: [
    'offered to a given account (an airdrop or a private sale: see the Orders tab)',
    'offered to a given account (airdrops or private sales: see the Orders tab)',
  ],
  onSale: [
    "already on sale ('List again' includes it)",
    "already on sale ('List again' includes them)",
  ],
}

/** 'Not shown: 3 without metadata yet, 1 not transferable', or null when nothing is left out. */
export function leftOutText(left: Record<NotListable, number>): string | null {
  const parts = (Object.keys(LEFT_OUT) as NotListable[])
    .filter((why) => left[why] > 0)
    .map((why) => `${left[why]} ${LEFT_OUT[why][left[why] === 1 ? 0 : 1]}`)
  return parts.length > 0 ? `Not shown: ${parts.join(', ')}` : null
}
