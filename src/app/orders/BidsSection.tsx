import { useLiveQuery } from 'dexie-react-hooks'

import { appDb } from '../../db/queries/db.ts'
import { bidsReading } from '../../db/queries/nfts.ts'
import type { BidView } from '../../db/types/offers.ts'
import { shortAddress } from '../../shared/format.ts'
import { ACTIVE_STATUSES } from '../jobs/jobStatus.ts'
import { askAccept, loadBids, saleEnded, useBids } from './bidsState.ts'
import { useReadBlock, useSignBlock } from '../state/actionGate.ts'
import { useSession } from '../state/session.ts'
import { NftImage } from '../collection/NftImage.tsx'
import { Amount } from '../ui/Amount.tsx'
import { tokenParts } from '../../shared/currency.ts'
import { AcceptBidModal } from './AcceptBidModal.tsx'
import { bidAmountText } from './offerText.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useLatestSale } from './useOrderJobs.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { counted } from '../../shared/plural.ts'

function BidRow({ bid, locked }: { bid: BidView; locked: boolean }) {
  const name = bid.nft.name ?? `NFT ${bid.nftId.slice(0, 8)}…${bid.nftId.slice(-6)}`
  const token = tokenParts(bid.amount)
  const counterfeit = token?.readsAsXrp === true
  return (
    <li className="orders-offer" data-testid="bid-row" data-offer-id={bid.offerId}>
      <span />
      <div className="orders-offer__thumb">
        <NftImage nftId={bid.nftId} image={bid.nft.image} />
      </div>
      <div className="orders-offer__body">
        <p className="orders-offer__name">{name}</p>
        <p className="tab-muted">
          From {shortAddress(bid.bidder)}
          {bid.expiresAt !== null &&
            ` · ${bid.expired ? 'expired' : 'expires'} ${new Date(bid.expiresAt).toLocaleString()}`}
        </p>
      </div>
      <div className="orders-offer__side">
        <p className="orders-offer__amount" data-testid="bid-amount">
          <Amount amount={bid.amount} />
        </p>
        {bid.best && <span className="orders-badge orders-badge--good">Best bid</span>}
        {counterfeit && (
          <p className="orders-offer__warning" role="note" data-testid="bid-counterfeit">
            Not XRP: a token whose code reads as XRP. It cannot be accepted.
          </p>
        )}
        {token && !counterfeit && (
          <p className="tab-muted" data-testid="bid-token-note">
            A token, not XRP: it may be worthless.
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={locked || bid.expired || counterfeit}
          title={counterfeit ? 'A token whose code reads as XRP cannot be accepted' : undefined}
          aria-label={`Accept the bid of ${bidAmountText(bid)} on ${name}`}
          onClick={() => askAccept(bid)}
        >
          Accept
        </button>
      </div>
    </li>
  )
}

/**
 * 'Bids on your NFTs': buy offers others made on the wallet's NFTs, read on demand (every NFT asked,
 * 8 at a time, with progress) and kept with the ledger they were read from; best bid per NFT; Accept
 * behind a confirmation.
 */
export function BidsSection({ nfts }: { nfts: number }) {
  const { wallet } = useSession()
  const { loading, progress, error, accepting, status } = useBids()
  const reading = useLiveQuery(
    async () => (wallet ? await bidsReading(appDb(), wallet.network, wallet.address) : undefined),
    [wallet?.network, wallet?.address],
  )
  const sale = useLatestSale()
  useJobEnd(sale, true, reading?.readAt ?? null, saleEnded)
  const selling = sale !== null && ACTIVE_STATUSES.has(sale.status)
  const readBlocked = useReadBlock()
  const signBlocked = useSignBlock()
  return (
    <section className="tab-card" aria-label="Bids on your NFTs" data-testid="bids-section">
      <div className="orders-card__head">
        <h3>Bids on your NFTs</h3>
        <button
          type="button"
          className="button"
          disabled={loading || readBlocked !== null}
          onClick={() => void loadBids()}
        >
          {loading ? 'Checking…' : reading ? 'Check again' : `Check bids (${counted(nfts, 'NFT')})`}
        </button>
      </div>
      {progress && (
        <p className="tab-muted" role="status">
          Checked {progress.checked} of {progress.total} NFTs: {progress.found} bids so far
          {progress.serverPace && `. ${progress.serverPace}`}
        </p>
      )}
      <ErrorBox message={error} />
      {selling && <p role="status">Selling the NFT: waiting for the ledger…</p>}
      {status && !accepting && (
        <p role="status" data-testid="bids-status">
          {status}
        </p>
      )}
      {reading && (
        <>
          <p className="tab-muted">
            {reading.bids.length === 0
              ? 'No bids on your NFTs'
              : `${counted(reading.bids.length, 'bid')} on ${counted(new Set(reading.bids.map((b) => b.nftId)).size, 'NFT')}`}{' '}
            · ledger {reading.ledgerIndex.toLocaleString('en-US')} ·{' '}
            {new Date(reading.readAt).toLocaleString()}
          </p>
          <ul className="orders-bids" aria-label="Bids">
            {reading.bids.map((bid) => (
              <BidRow key={bid.offerId} bid={bid} locked={selling || signBlocked !== null} />
            ))}
          </ul>
        </>
      )}
      {accepting && <AcceptBidModal bid={accepting} />}
    </section>
  )
}
