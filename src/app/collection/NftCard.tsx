import { memo } from 'react'
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react'

import type { MetadataRow } from '../../db/types/metadata.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import { shortAddress } from '../../shared/format.ts'
import { displayName, transferFeePercent, xrpCafeUrl } from '../../shared/nftDisplay.ts'
import { toggleSelected } from '../state/selection.ts'
import { NftImage } from './NftImage.tsx'
import type { TakenMark } from './takenState.ts'

interface NftCardProps {
  nft: NftItem
  meta: MetadataRow | undefined
  selected: boolean
  /** Metadata is being loaded and this NFT has none yet ('Loading' badge). */
  metadataPending: boolean
  /** What a tab adds under the card (the List tab's market price), outside the checkbox. */
  footer?: ReactNode
  /** Why a new job would skip it (on offer, in another job): shown on the card. */
  mark?: TakenMark | undefined
  /** A Tab stop (false for cards drawn out of view); true unless said. */
  tabbable?: boolean
}

/** Toggles unless the click was on the card's link or on what a tab added under it. */
function onCardClick(event: MouseEvent<HTMLElement>, nftId: string): void {
  if ((event.target as HTMLElement).closest('a, .nft-card__extra')) return
  toggleSelected(nftId)
}

function onCheckboxKey(event: KeyboardEvent<HTMLElement>, nftId: string): void {
  if (event.key !== ' ' && event.key !== 'Enter') return
  event.preventDefault()
  toggleSelected(nftId)
}

/**
 * One NFT of the collection (spec part 1 §2 NFT card). The upper part is a checkbox (click, Space or
 * Enter toggles the selection); the marketplace link sits outside it. Metadata is untrusted and is
 * rendered as text only.
 */
export const NftCard = memo(function NftCard({
  nft,
  meta,
  selected,
  metadataPending,
  footer,
  mark,
  tabbable = true,
}: NftCardProps) {
  const name = displayName(nft, meta)
  const fee = transferFeePercent(nft.transferFee)
  const enhanced = meta?.status === 'loaded'
  return (
    <article
      className="nft-card"
      data-selected={selected || undefined}
      data-taken={mark ? true : undefined}
      data-testid="nft-card"
      onClick={(event) => onCardClick(event, nft.nftId)}
    >
      <div
        className="nft-card__select"
        role="checkbox"
        aria-checked={selected}
        aria-label={name}
        aria-description={mark?.why}
        tabIndex={tabbable ? 0 : -1}
        onKeyDown={(event) => onCheckboxKey(event, nft.nftId)}
      >
        <div className="nft-card__picture">
          <NftImage
            nftId={nft.nftId}
            image={meta?.image ?? null}
            imageUrls={meta?.imageUrls}
            animation={meta?.animation}
          />
          <span className="nft-card__badge nft-card__badge--serial">#{nft.serial}</span>
          {metadataPending && !meta && (
            <span className="nft-card__badge nft-card__badge--status">Loading</span>
          )}
          {enhanced && <span className="nft-card__badge nft-card__badge--status">Enhanced</span>}
          {selected && (
            <span className="nft-card__check" aria-hidden="true">
              ✓
            </span>
          )}
        </div>
        <div className="nft-card__body">
          <h3 className="nft-card__name">{name}</h3>
          {mark && (
            <p className="nft-card__taken" data-testid="nft-taken" title={mark.why}>
              {mark.label}
            </p>
          )}
          {meta?.collection && <p className="nft-card__collection">{meta.collection}</p>}
          {meta?.origin?.kind === 'issuer-domain' && (
            <p className="nft-card__origin">
              Metadata from the issuer’s domain {meta.origin.domain}
            </p>
          )}
          {meta?.description && <p className="nft-card__description">{meta.description}</p>}
          {meta && meta.attributes.length > 0 && <Traits attributes={meta.attributes} />}
          <p className="nft-card__facts">
            <span>Taxon: {nft.taxon}</span>
            {fee && <span className="nft-card__fee">Fee {fee}</span>}
          </p>
          <p className="nft-card__issuer" title={nft.issuer}>
            Issuer: {shortAddress(nft.issuer)}
          </p>
        </div>
      </div>
      <a
        className="nft-card__link"
        href={xrpCafeUrl(nft.nftId)}
        target="_blank"
        rel="noopener noreferrer"
        tabIndex={tabbable ? undefined : -1}
      >
        View on XRP.cafe
      </a>
      {footer && <div className="nft-card__extra">{footer}</div>}
    </article>
  )
})

function Traits({ attributes }: { attributes: MetadataRow['attributes'] }) {
  return (
    <div className="nft-card__traits">
      <p className="nft-card__traits-title">Traits</p>
      <ul>
        {attributes.map((trait, i) => (
          <li key={i}>
            <span className="nft-card__trait-type">{trait.trait_type || 'Unknown'}</span>
            <span>{trait.value || 'Unknown'}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
