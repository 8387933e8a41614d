import { useVirtualizer } from '@tanstack/react-virtual'
import { useDeferredValue, useMemo, useRef } from 'react'

import type { OfferView } from '../../worker/api.ts'
import { cancelOne, toggleOffer, useOrders } from './ordersState.ts'
import { OfferRow } from './OfferRow.tsx'
import { filterOffers } from './offerText.ts'
import { counted } from '../../shared/plural.ts'

/** Stable, so the memoized rows do not re-render for a new function. */
const cancelOffer = (offerId: string) => void cancelOne(offerId)

/** A row's height before it is measured. */
const ROW_ESTIMATE_PX = 112

/**
 * A list of offers, virtualized in its own scroll box: only the rows in view are in the DOM, so 5,000
 * offers cost what a screenful does. Filtered by the tab's search.
 */
export function OfferList({
  offers,
  label,
  locked,
}: {
  offers: readonly OfferView[]
  label: string
  locked: boolean
}) {
  const { query, selectMode, selected } = useOrders()
  // Typing stays responsive: the filter runs at a lower priority than the keystroke's own paint.
  const deferredQuery = useDeferredValue(query)
  const shown = useMemo(() => filterOffers(offers, deferredQuery), [offers, deferredQuery])
  const box = useRef<HTMLDivElement>(null)
  // The compiler leaves this component unmemoized (the virtualizer's functions change as it
  // scrolls); the rows are memo() themselves, so a scroll re-renders only the rows that move in.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (i) => shown[i]?.offerId ?? i,
    overscan: 4,
  })
  const count = (
    <p className="tab-muted" data-testid="offers-shown" aria-live="polite">
      {shown.length === offers.length
        ? counted(offers.length, 'offer')
        : `Showing ${shown.length} of ${offers.length}`}
    </p>
  )
  if (shown.length === 0) {
    return (
      <>
        {count}
        <p className="tab-muted">No offer matches “{deferredQuery}”.</p>
      </>
    )
  }
  return (
    <>
      {count}
      <div
        ref={box}
        className="orders-list"
        role="list"
        aria-label={label}
        data-testid="offer-list"
        data-count={shown.length}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const offer = shown[item.index]!
            return (
              <div
                key={item.key}
                role="listitem"
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="orders-list__item"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <OfferRow
                  offer={offer}
                  selectMode={selectMode}
                  selected={selected.has(offer.offerId)}
                  locked={locked}
                  onToggle={toggleOffer}
                  onCancel={cancelOffer}
                />
              </div>
            )
          })}
        </div>
      </div>
    </>
  )
}
