import { useMemo, useState } from 'react'

import { formatDrops } from '../../shared/format.ts'
import { buyerPaysDrops, feeText, marketplaceOfBroker } from '../../shared/marketplaces.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import type { PricedNft } from '../../worker/api.ts'
import { PlanFigures, PlanProblems } from '../jobs/PlanParts.tsx'
import { useCollection } from '../collection/collectionState.ts'
import {
  confirmListing,
  dismissReview,
  setFreeConfirmed,
  setGuardConfirmed,
  useListing,
} from './listingState.ts'
import type { PendingListing } from './listingState.ts'
import { useTakenNfts } from '../state/takenNfts.ts'
import { floorWarnings, restsOnText } from './floorText.ts'
import { Modal } from '../ui/Modal.tsx'
import { PriceTable } from './PriceTable.tsx'
import type { PriceSort } from './PriceTable.tsx'
import { guardsAnswered, reviewFigures, sortPrices } from './reviewRows.ts'
import type { PriceRow } from './reviewRows.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { counted } from '../../shared/plural.ts'

/** Who may buy: anyone, the named account, or a marketplace through its broker. */
function buyerText(destination: string | null): string {
  if (!destination) return 'Anyone may buy'
  const marketplace = marketplaceOfBroker(destination)
  if (!marketplace) return `Only ${destination} may buy`
  return `Listed on ${marketplace.name} through its broker ${destination}: buyers pay your price + ${feeText(marketplace)}, you receive your price (less the issuer's transfer fee, if any)`
}

/**
 * 'Review offers' (before anything is signed): every price, sortable; the total asked, the issuers'
 * cut, the net, the reserve the offers lock and the fees; what pre-flight found; and the price guard,
 * whose prices need their own confirmation before 'Create n Offers' is enabled.
 */
export function ListingReview({
  pending,
  running,
}: {
  pending: PendingListing
  /** A listing of this wallet runs: another cannot start now. */
  running: boolean
}) {
  const { busy, error, guardConfirmed, freeConfirmed } = useListing()
  const { nfts, metadata } = useCollection()
  const { preview, plan, relisted } = pending
  const [sort, setSort] = useState<PriceSort>({
    key: 'price',
    descending: false,
  })
  const rows = useMemo(() => {
    const byId = new Map(nfts.map((nft) => [nft.nftId, nft]))
    const named: PriceRow[] = preview.prices.map((price: PricedNft) => {
      const nft = byId.get(price.nftId)
      return { ...price, name: nft ? displayName(nft, metadata.get(price.nftId)) : price.nftId }
    })
    return sortPrices(named, sort.key, sort.descending)
  }, [preview, nfts, metadata, sort])
  const offers = preview.prices.length
  const taken = useTakenNfts(plan.jobId)
  const figures = useMemo(
    () => reviewFigures(preview.prices, { ...plan, problems: [...plan.problems, ...taken] }),
    [preview, plan, taken],
  )
  const { creating, guarded, free, held } = figures
  const tooLow = held.belowHalfFloor + held.belowMinimum
  const tooHigh = held.farAboveFloor + held.aboveMaximum
  const onWeakFloor = held.weakFloor
  const answered = guardsAnswered(figures, { guardConfirmed, freeConfirmed })
  const blocked = !plan.canStart || busy || running || creating <= 0 || !answered
  const problems = [...plan.problems, ...taken]
  const itemProblems = problems.some((p) => p.itemIndex !== undefined)
  const marketplace = marketplaceOfBroker(pending.destination)
  const buyersPay = useMemo(
    () =>
      marketplace
        ? preview.prices
            // The offers pre-flight leaves out are not made: nobody pays for them.
            .filter((p) => !figures.left.has(p.nftId))
            .reduce((sum, p) => sum + buyerPaysDrops(BigInt(p.drops), marketplace), 0n)
        : 0n,
    [preview, marketplace, figures],
  )
  return (
    <Modal title={`Review ${counted(offers, 'offer')}`} onClose={() => !busy && dismissReview()}>
      <dl className="figures" data-testid="listing-totals">
        <div>
          <dt>Total asked</dt>
          <dd data-testid="listing-total">{formatDrops(figures.totalDrops)} XRP</dd>
        </div>
        <div>
          <dt>Issuers&apos; transfer fees</dt>
          <dd data-testid="listing-cut">{formatDrops(figures.cutDrops)} XRP</dd>
        </div>
        <div>
          <dt>You receive if all sell</dt>
          <dd data-testid="listing-net">{formatDrops(figures.netDrops)} XRP</dd>
        </div>
        {marketplace && (
          <div>
            <dt>Buyers pay if all sell</dt>
            <dd data-testid="listing-buyers-pay">{formatDrops(buyersPay)} XRP</dd>
          </div>
        )}
      </dl>
      <p className="tab-muted" data-testid="listing-terms">
        {buyerText(pending.destination)} ·{' '}
        {pending.expiresAt === null
          ? 'the offers do not expire'
          : `the offers expire ${new Date(pending.expiresAt).toLocaleString()}`}
      </p>
      <PlanFigures plan={plan} itemsLabel="Transactions" />
      {relisted > 0 && (
        <p className="tab-muted">
          {counted(relisted, 'NFT is', 'NFTs are')} listed again: the current offer is cancelled
          first, in the same job.
        </p>
      )}
      <FloorsRead pending={pending} />
      {preview.seed && (
        <p className="tab-muted">
          Price seed: <code data-testid="price-seed">{preview.seed}</code>
        </p>
      )}
      <PriceTable rows={rows} left={figures.left} sort={sort} onSort={setSort} />
      {problems.length > 0 && <PlanProblems problems={problems} />}
      {free > 0 && (
        <div className="list-guard" data-testid="free-guard">
          <p role="alert">
            <strong>{counted(free, 'offer is', 'offers are')} free (0 XRP).</strong>{' '}
            {pending.destination
              ? `${pending.destination} may take ${free === 1 ? 'the NFT' : 'these NFTs'} without paying anything.`
              : `Anyone may take ${free === 1 ? 'the NFT' : 'these NFTs'} without paying anything: bots take free offers within seconds.`}
          </p>
          <label className="list-check">
            <input
              type="checkbox"
              checked={freeConfirmed}
              onChange={(event) => setFreeConfirmed(event.target.checked)}
            />
            I mean to give {free === 1 ? 'this NFT' : `these ${free} NFTs`} away for free
          </label>
        </div>
      )}
      {guarded > 0 && (
        <div className="list-guard" data-testid="price-guard">
          {tooLow > 0 && (
            <p role="alert">
              <strong>{counted(tooLow, 'price looks', 'prices look')} too low.</strong> A price
              below half its collection&apos;s floor, or below 0.1 XRP, is often a typo, and a
              public sell offer that low is bought by bots within seconds.
            </p>
          )}
          {tooHigh > 0 && (
            <p role="alert">
              <strong>{counted(tooHigh, 'price looks', 'prices look')} too high.</strong> Did you
              mean fewer digits? A price over 100 × its collection&apos;s floor, or over 1,000,000
              XRP, is often a slip of the keyboard, and nobody buys at it.
            </p>
          )}
          {onWeakFloor > 0 && (
            <p role="alert">
              <strong>
                {counted(onWeakFloor, 'price rests', 'prices rest')} on a floor that one listing
                could have set
              </strong>{' '}
              (a thin market, or an offer far below the rest): check{' '}
              {onWeakFloor === 1 ? 'it' : 'them'} against the market before listing.
            </p>
          )}
          <label className="list-check">
            <input
              type="checkbox"
              checked={guardConfirmed}
              onChange={(event) => setGuardConfirmed(event.target.checked)}
            />
            I checked {guarded === 1 ? 'this price' : `these ${guarded} prices`}: list them as shown
          </label>
        </div>
      )}
      {!plan.canStart && (
        <p className="error-box" role="alert">
          A blocking problem stands in the way: this listing cannot start.
        </p>
      )}
      {running && (
        <p className="error-box" role="alert">
          A listing is running: wait for it to end before starting this one.
        </p>
      )}
      <ErrorBox message={error} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={blocked}
          onClick={() => void confirmListing()}
        >
          {busy
            ? 'Processing...'
            : itemProblems
              ? `Skip problem items and create ${creating}`
              : `Create ${counted(creating, 'Offer')}`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissReview}>
          Go back
        </button>
      </div>
    </Modal>
  )
}

function FloorsRead({ pending }: { pending: PendingListing }) {
  const { floors, floorsUnavailable } = pending.preview
  if (floorsUnavailable) {
    return <p className="tab-muted">No floor prices: {floorsUnavailable}</p>
  }
  if (floors.length === 0) return null
  return (
    <ul className="list-floors" aria-label="Floor prices read">
      {floors.map((floor) => (
        <li key={`${floor.issuer}:${floor.taxon}`}>
          Collection {floor.taxon} of {floor.issuer.slice(0, 8)}…:{' '}
          {floor.floorDrops === null
            ? 'no active offers found'
            : `floor ${formatDrops(floor.floorDrops)} XRP (${restsOnText(floor)}; ${floor.offersCounted} offers, ${floor.nftsChecked} NFTs checked)`}
          {floorWarnings(floor).map((warning) => (
            <span key={warning} className="market-price__warning" data-testid="floor-warning">
              {' '}
              {warning}
            </span>
          ))}
        </li>
      ))}
    </ul>
  )
}
