import { useEffect } from 'react'

import { OFFERS_MIN_REFRESH_MS, OFFERS_REFRESH_MS } from '../../shared/constants.ts'
import { ACTIVE_STATUSES, resultStillShown } from '../jobs/jobStatus.ts'
import { useNow } from '../jobs/useNow.ts'
import { planCancel, refreshOffers, setOfferQuery, useOrders } from './ordersState.ts'
import type { OffersReport } from '../../worker/api.ts'
import { useReadBlock, useSignBlock } from '../state/actionGate.ts'
import { useCollection } from '../collection/collectionState.ts'
import { canRefresh, loadOffers, offersState, useOffers } from '../state/offers.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { useLedgerConnected } from '../state/network.ts'
import { useSession } from '../state/session.ts'
import { ActiveOffersCard } from './ActiveOffersCard.tsx'
import { CancelConfirmModal } from './CancelConfirmModal.tsx'
import { CancellationProgress, CancellationResult } from './CancellationCards.tsx'
import { BidsSection } from './BidsSection.tsx'
import { CancelOptions } from './CancelOptions.tsx'
import { OfferList } from './OfferList.tsx'
import { offersFor } from './offerText.ts'
import { StatusBanner } from './StatusBanner.tsx'
import { useCancellationEnd, useCancelledOffers, useLatestCancellation } from './useOrderJobs.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import './orders.css'
import { counted } from '../../shared/plural.ts'

/** Reads the offers when the tab opens (unless just read) and every 10 minutes while it is open. */
function useOffersRefresh(network: string | undefined, account: string | undefined): void {
  useEffect(() => {
    if (!account) return
    const { lastLoadAt, report } = offersState
    const stale = lastLoadAt === null || Date.now() - lastLoadAt >= OFFERS_MIN_REFRESH_MS
    const other = report?.account !== account || report.network !== network
    if (!report || other || stale) void loadOffers()
    const timer = window.setInterval(() => void loadOffers(), OFFERS_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [network, account])
}

/** When the offers shown were read: they may be a saved reading (offline, or before the first read). */
function ReadAtLine({ report }: { report: OffersReport }) {
  return (
    <p className="tab-muted" data-testid="offers-read-at">
      Offers read {new Date(report.readAt).toLocaleString()} (ledger #{report.ledgerIndex})
    </p>
  )
}

function OrdersHeader() {
  const state = useOffers()
  const now = useNow(1_000)
  const blocked = useReadBlock()
  return (
    <div className="orders-head">
      <p className="tab-muted">
        <span>Auto-refresh: 10min</span> · <span>Cancellations are permanent</span>
      </p>
      <button
        type="button"
        className="button"
        disabled={!canRefresh(state, now) || blocked !== null}
        onClick={() => void refreshOffers()}
      >
        {state.loading ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  )
}

/**
 * The Orders tab (spec part 2 §2 Offer Management): the account's offers read and classified in the
 * worker, cancellations of every kind run as jobs of the engine, with their progress and results.
 */
export function OrdersTab() {
  const { wallet } = useSession()
  const { report, loading, progress, loadError, savedLooked } = useOffers()
  const connected = useLedgerConnected()
  const { banner, pending, busy, query, dismissedJobId } = useOrders()
  const job = useLatestCancellation()
  const offers = useCancelledOffers(job)
  useCancellationEnd(job, offers, report?.readAt ?? null)
  useOffersRefresh(wallet?.network, wallet?.address)
  const nftCount = useCollection().nfts.length
  const blocked = useSignBlock()
  if (!wallet) {
    return (
      <div className="tab-card">
        <h3>Wallet Required</h3>
        <p>Connect your wallet to see and cancel its NFT offers</p>
      </div>
    )
  }
  const active = job !== null && ACTIVE_STATUSES.has(job.status)
  const locked = busy || active || blocked !== null
  const empty = report !== null && report.sell.length === 0 && report.bids.length === 0
  const all = report ? offersFor(report, 'all') : []
  return (
    <div className="orders">
      <OrdersHeader />
      <BlockedReason reason={blocked} />
      {report && <ReadAtLine report={report} />}
      {banner && <StatusBanner message={banner} />}
      {active && <CancellationProgress job={job} />}
      {job && !active && job.id !== dismissedJobId && resultStillShown(job) && (
        <CancellationResult job={job} offers={offers} />
      )}
      {loading && !report && (
        <section className="tab-card" data-testid="offers-loading" aria-busy="true">
          <h3>Loading Offers Data</h3>
          <p className="tab-muted">
            {progress
              ? `${progress.step}: ${counted(progress.offers, 'offer')}${progress.serverPace ? `. ${progress.serverPace}` : ''}`
              : 'Reading offers'}
          </p>
        </section>
      )}
      {!report && !loading && savedLooked && !connected && (
        <section className="tab-card" data-testid="offers-unread">
          <h3>Offers Not Read Yet</h3>
          <p className="tab-muted">
            This account's offers have not been read on this device yet. They are read when the
            connection returns.
          </p>
        </section>
      )}
      <ErrorBox message={loadError} />
      {empty && (
        <section className="tab-card" data-testid="offers-empty">
          <h3>No Active Offers</h3>
          <p className="tab-muted">This wallet has no NFT offers on the ledger.</p>
        </section>
      )}
      {report && !empty && (
        <>
          <ActiveOffersCard report={report} locked={locked} />
          <CancelOptions report={report} locked={locked} />
          <section className="tab-card" aria-label="Offers">
            <div className="orders-card__head">
              <h3>Sell offers</h3>
              <input
                type="search"
                className="orders-search"
                placeholder="Filter by name, NFT, offer or destination"
                aria-label="Filter offers"
                value={query}
                onChange={(event) => setOfferQuery(event.target.value)}
              />
            </div>
            {all.length > 1 && (
              <div className="orders-bar">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={locked}
                  onClick={() => void planCancel('all', all)}
                >
                  Cancel All ({all.length})
                </button>
              </div>
            )}
            {report.sell.length > 0 ? (
              <OfferList offers={report.sell} label="Sell offers" locked={locked} />
            ) : (
              <p className="tab-muted">No sell offers.</p>
            )}
          </section>
          {report.bids.length > 0 && (
            <section className="tab-card" aria-label="Your bids">
              <h3>Your bids on others' NFTs ({report.bids.length})</h3>
              <OfferList offers={report.bids} label="Your bids" locked={locked} />
            </section>
          )}
        </>
      )}
      <BidsSection nfts={nftCount} />
      {pending && <CancelConfirmModal pending={pending} />}
    </div>
  )
}
