import type { OfferFlags, OffersReport } from '../../worker/api.ts'
import { JobFigures } from '../jobs/JobCard.tsx'
import { useLedgerConnected } from '../state/network.ts'
import { planCancel, selectOffers } from './ordersState.ts'
import { offersFor, reserveText, summarySentence } from './offerText.ts'

/** The flags, what each means, and the cancellation each offers. */
const FLAGS: readonly {
  flag: keyof OfferFlags
  purpose: 'expired' | 'unfillable' | 'duplicates'
  what: string
}[] = [
  {
    flag: 'expired',
    purpose: 'expired',
    what: 'expired: nobody can accept them any more; they only lock reserve (anyone may cancel them)',
  },
  {
    flag: 'unfillable',
    purpose: 'unfillable',
    what: 'unfillable: the NFT is no longer yours, so they can never be accepted',
  },
  {
    flag: 'duplicate',
    purpose: 'duplicates',
    what: 'duplicates: older sell offers on an NFT that has a newer one',
  },
]

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString()
}

/**
 * 'Active Offers': the Live indicator (the ledger read and when; 'Saved' while the ledger is out of
 * reach), Total / Paid / Free, the reserve the
 * offers lock and the summary sentence; then each flag with its count, a one-click selection and its
 * cancellation.
 */
export function ActiveOffersCard({ report, locked }: { report: OffersReport; locked: boolean }) {
  const { counts } = report
  // 'Live' only while the ledger connection is up; otherwise the reading is the one saved.
  const live = useLedgerConnected()
  return (
    <section className="tab-card" aria-label="Active Offers" data-testid="active-offers">
      <div className="orders-card__head">
        <h3>Active Offers</h3>
        <span
          className="orders-live"
          data-live={live}
          data-testid="offers-live"
          title={`Read ${new Date(report.readAt).toLocaleString()}`}
        >
          <span className="orders-live__dot" aria-hidden="true" /> {live ? 'Live' : 'Saved'} ·
          ledger {report.ledgerIndex.toLocaleString('en-US')} · {timeOf(report.readAt)}
        </span>
      </div>
      <JobFigures
        figures={[
          { label: 'Total', value: counts.total, testId: 'offers-total' },
          { label: 'Paid', value: counts.paid, testId: 'offers-paid' },
          { label: 'Free', value: counts.free, testId: 'offers-free' },
          { label: 'Reserve locked', value: reserveText(report.reserveLockedDrops) },
        ]}
      />
      <p data-testid="offers-summary">{summarySentence(report)}</p>
      {FLAGS.some(({ flag }) => counts[flag] > 0) && (
        <ul className="orders-flags" aria-label="Offers worth cancelling">
          {FLAGS.filter(({ flag }) => counts[flag] > 0).map(({ flag, purpose, what }) => {
            const ids = offersFor(report, purpose)
            return (
              <li key={flag} data-testid={`flag-${flag}`}>
                <span>
                  <strong data-testid={`flag-${flag}-count`}>{counts[flag]}</strong> {what}
                </span>
                <span className="orders-flags__actions">
                  <button type="button" className="button" onClick={() => selectOffers(ids)}>
                    Select
                  </button>
                  {purpose !== 'duplicates' && (
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={locked}
                      onClick={() => void planCancel(purpose, ids)}
                    >
                      Cancel {purpose} ({ids.length})
                    </button>
                  )}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
