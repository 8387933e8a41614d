import { useMemo } from 'react'

import type { NftItem } from '../../db/types/nfts.ts'
import type { OfferView } from '../../worker/api.ts'
import { LISTING_PAGE_SIZE } from '../../shared/constants.ts'
import { NftCard } from '../collection/NftCard.tsx'
import type { NftView } from '../collection/useNftView.ts'
import { setListingPage, useListing } from './listingState.ts'
import { SelectButtons } from '../collection/SelectButtons.tsx'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { Pagination } from '../ui/Pagination.tsx'
import { pageCount } from '../ui/pageButtons.ts'
import { leftOutText, listableNfts } from './listable.ts'
import { MarketPrice } from './MarketPrice.tsx'
import { amountText } from '../ui/amountText.ts'
import { useOnSale } from './useOnSale.ts'
import './list.css'
import { counted } from '../../shared/plural.ts'

/**
 * The List tab's grid (spec part 2 §2, §9): the listable NFTs among those the shell's filters pass,
 * in the shell's sort order, 20 to a page, with Select All (every listable NFT the filters pass) and
 * Clear All, and each card's 'Check Market Price'.
 */
export function ListingGrid({ view }: { view: NftView }) {
  const { wallet } = useSession()
  const { relist, page } = useListing()
  const onSale = useOnSale()
  const selected = useSelectedIds('list')
  const ordered = useMemo(() => view.groups.flatMap((group) => group.nfts), [view.groups])
  const { listable, left } = useMemo(
    () => listableNfts(ordered, view.metadata, wallet?.address ?? '', onSale, relist),
    // The metadata map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ordered, view.metadata, view.metadataVersion, wallet?.address, onSale, relist],
  )
  const pages = pageCount(listable.length, LISTING_PAGE_SIZE)
  const current = Math.min(page, pages)
  const shown = listable.slice((current - 1) * LISTING_PAGE_SIZE, current * LISTING_PAGE_SIZE)
  const leftOut = leftOutText(left)
  return (
    <section className="listing-grid" aria-label="NFTs to list">
      <div className="grid-bar">
        <p className="tab-muted" data-testid="listable-count">
          {counted(listable.length, 'NFT can be listed', 'NFTs can be listed')}
          {listable.length > 0 && ` · page ${current} of ${pages}`}
        </p>
        <SelectButtons
          ids={() => listable.map((nft) => nft.nftId)}
          canSelect={listable.length > 0}
          selectLabel="Select All"
          clearLabel="Clear All"
        />
      </div>
      {leftOut && <p className="tab-muted">{leftOut}</p>}
      {listable.length === 0 ? (
        <p className="collection__empty">No NFTs to list among those shown.</p>
      ) : (
        <div className="listing-grid__cards" data-testid="listing-grid">
          {shown.map((nft) => (
            <NftCard
              key={nft.nftId}
              nft={nft}
              meta={view.metadata.get(nft.nftId)}
              selected={selected.has(nft.nftId)}
              metadataPending={false}
              footer={<CardExtra nft={nft} sale={onSale.get(nft.nftId)} />}
            />
          ))}
        </div>
      )}
      <Pagination page={current} pages={pages} label="NFT pages" onPage={setListingPage} />
    </section>
  )
}

function CardExtra({ nft, sale }: { nft: NftItem; sale: readonly OfferView[] | undefined }) {
  return (
    <>
      {sale && sale.length > 0 && (
        <p className="listing-grid__on-sale" data-testid="on-sale">
          On sale: {sale.map(amountText).join(', ')} (replaced when listed again)
        </p>
      )}
      <MarketPrice nft={nft} />
    </>
  )
}
