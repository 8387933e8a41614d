import type { OffersReport } from '../../worker/api.ts'
import {
  clearOfferSelection,
  planCancel,
  selectOffers,
  setSelectMode,
  useOrders,
} from './ordersState.ts'
import { offersFor } from './offerText.ts'

/**
 * 'Selective Cancellation' and 'Cancellation Options' (spec part 2 §2): select free or paid offers,
 * select mode with Cancel Selected, Clear Selection and Exit Select Mode; Cancel Duplicate Offers (only
 * when there are duplicates) and Cancel ALL Offers.
 */
export function CancelOptions({ report, locked }: { report: OffersReport; locked: boolean }) {
  const { selectMode, selected } = useOrders()
  const free = offersFor(report, 'free')
  const paid = offersFor(report, 'paid')
  const duplicates = offersFor(report, 'duplicates')
  const all = offersFor(report, 'all')
  return (
    <section className="tab-card" aria-label="Cancellation">
      <h3>Selective Cancellation</h3>
      <div className="actions-row">
        <button type="button" className="button" onClick={() => selectOffers(free)}>
          Select Free Offers ({free.length})
        </button>
        <button type="button" className="button" onClick={() => selectOffers(paid)}>
          Select Paid Offers ({paid.length})
        </button>
        {!selectMode && (
          <button type="button" className="button" onClick={() => setSelectMode(true)}>
            Select Mode
          </button>
        )}
      </div>
      {selectMode && (
        <div className="actions-row" data-testid="select-mode">
          <button
            type="button"
            className="button button--danger"
            disabled={selected.size === 0 || locked}
            onClick={() => void planCancel('selected', [...selected])}
          >
            Cancel Selected ({selected.size})
          </button>
          <button type="button" className="button" onClick={clearOfferSelection}>
            Clear Selection
          </button>
          <button type="button" className="button" onClick={() => setSelectMode(false)}>
            Exit Select Mode
          </button>
        </div>
      )}
      <p className="tab-muted">
        Free offers are typically airdrop offers waiting for their recipients; paid offers are
        regular sales listings.
      </p>
      <h3>Cancellation Options</h3>
      <div className="actions-row">
        {duplicates.length > 0 && (
          <button
            type="button"
            className="button button--danger"
            disabled={locked}
            onClick={() => void planCancel('duplicates', duplicates)}
          >
            Cancel Duplicate Offers ({duplicates.length})
          </button>
        )}
        <button
          type="button"
          className="button button--danger"
          disabled={all.length === 0 || locked}
          onClick={() => void planCancel('all', all)}
        >
          Cancel ALL Offers
        </button>
      </div>
      {duplicates.length > 0 && (
        <p className="tab-muted">
          Cancelling duplicates keeps the newest offer on each NFT and cancels the older ones.
        </p>
      )}
    </section>
  )
}
