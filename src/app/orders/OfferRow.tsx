import { memo } from 'react'

import type { OfferView } from '../../worker/api.ts'
import { NftImage } from '../collection/NftImage.tsx'
import { Amount } from '../ui/Amount.tsx'
import { amountText } from '../ui/amountText.ts'
import { attributeText, destinationText, flagLabels, isFreeOffer, offerName } from './offerText.ts'

interface OfferRowProps {
  offer: OfferView
  selectMode: boolean
  selected: boolean
  /** Cancel buttons are off (a cancellation runs or is being planned). */
  locked: boolean
  onToggle(offerId: string): void
  onCancel(offerId: string): void
}

function expiryText(expiresAt: number | null, expired: boolean): string | null {
  if (expiresAt === null) return null
  const when = new Date(expiresAt).toLocaleString()
  return expired ? `Expired ${when}` : `Expires ${when}`
}

/**
 * One offer of the list: picture (or the NFT id's first characters), name, collection and up to 4
 * attributes, amount ('FREE' and 'Airdrop Offer' for 0), flags, destination and the airdrop behind
 * it, expiry, creation ledger, and its Cancel button (no typed confirmation, as in the spec).
 */
export const OfferRow = memo(function OfferRow(props: OfferRowProps) {
  const { offer, selectMode, selected, locked } = props
  const free = isFreeOffer(offer)
  const name = offerName(offer)
  const destination = destinationText(offer)
  const expiry = expiryText(offer.expiresAt, offer.flags.expired)
  // Duplicates share an NFT's name: the amount and the offer id's start tell their controls apart.
  const which = `the ${amountText(offer)} offer ${offer.offerId.slice(0, 6)} on ${name}`
  return (
    <div className="orders-offer" data-testid="offer-row" data-offer-id={offer.offerId}>
      {selectMode ? (
        <input
          type="checkbox"
          className="orders-offer__check"
          checked={selected}
          aria-label={`Select ${which}`}
          onChange={() => props.onToggle(offer.offerId)}
        />
      ) : (
        // The grid keeps its first column whether or not the checkbox shows.
        <span />
      )}
      <div className="orders-offer__thumb">
        <NftImage nftId={offer.nftId} image={offer.nft.image} />
      </div>
      <div className="orders-offer__body">
        <p className="orders-offer__name">{name}</p>
        <p className="tab-muted">
          {offer.nft.collection ?? 'Unknown collection'} · created in ledger{' '}
          {offer.createdLedger.toLocaleString('en-US')}
        </p>
        {offer.nft.attributes.length > 0 && (
          <p className="orders-offer__attributes">
            {attributeText(offer).map((text) => (
              <span key={text}>{text}</span>
            ))}
          </p>
        )}
        {(destination || expiry) && (
          <p className="tab-muted">{[destination, expiry].filter(Boolean).join(' · ')}</p>
        )}
      </div>
      <div className="orders-offer__side">
        <p className="orders-offer__amount" data-testid="offer-amount">
          <Amount amount={offer.amount} zeroText="FREE" />
        </p>
        {free && offer.sell && <p className="tab-muted">Airdrop Offer</p>}
        <p className="orders-offer__flags">
          {flagLabels(offer).map((label) => (
            <span key={label} className="orders-badge" data-testid="offer-flag">
              {label}
            </span>
          ))}
        </p>
        <button
          type="button"
          className="button button--danger"
          disabled={locked}
          aria-label={`Cancel ${which}`}
          onClick={() => props.onCancel(offer.offerId)}
        >
          Cancel
        </button>
      </div>
    </div>
  )
})
