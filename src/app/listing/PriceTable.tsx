import { useVirtualizer } from '@tanstack/react-virtual'
import { useId, useRef } from 'react'

import { formatDrops } from '../../shared/format.ts'
import { GUARD_TEXT } from './reviewRows.ts'
import type { PriceRow, SortKey } from './reviewRows.ts'

/** How the price list is sorted. */
export interface PriceSort {
  key: SortKey
  descending: boolean
}

const SORT_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'price:asc', label: 'Price, lowest first' },
  { value: 'price:desc', label: 'Price, highest first' },
  { value: 'name:asc', label: 'Name' },
  { value: 'floor:asc', label: 'Floor, lowest first' },
  { value: 'net:asc', label: 'You receive, lowest first' },
  { value: 'cut:desc', label: 'Issuer cut, highest first' },
]

function sortValue(sort: PriceSort): string {
  return `${sort.key}:${sort.descending ? 'desc' : 'asc'}`
}

function parseSort(value: string): PriceSort {
  const [key, direction] = value.split(':') as [SortKey, string]
  return { key, descending: direction === 'desc' }
}

/** A row's height in the price list. */
const ROW_PX = 56

/** The prices of a listing under review: sortable, virtualised (thousands of rows), each with its
 * floor, the issuer's cut and the net, and why the guard holds it or pre-flight leaves it out. */
export function PriceTable({
  rows,
  left,
  sort,
  onSort,
}: {
  rows: readonly PriceRow[]
  /** NFTs pre-flight leaves out. */
  left: ReadonlySet<string>
  sort: PriceSort
  onSort: (sort: PriceSort) => void
}) {
  const sortId = useId()
  const box = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_PX,
    getItemKey: (i) => rows[i]?.nftId ?? i,
    overscan: 8,
  })
  return (
    <div className="list-table">
      <div className="list-table__sort">
        <label htmlFor={sortId}>Sort prices by</label>
        <select
          id={sortId}
          className="tab-input"
          value={sortValue(sort)}
          onChange={(event) => onSort(parseSort(event.target.value))}
        >
          {SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div ref={box} className="list-table__body">
        <ul
          aria-label="Prices"
          data-testid="price-rows"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="list-table__row"
                data-guard={row.guard ?? undefined}
                data-left={left.has(row.nftId) || undefined}
                data-testid="price-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <p className="list-table__line">
                  <span className="list-table__name" title={row.nftId}>
                    {row.name}
                  </span>
                  <strong data-testid="price-cell">{formatDrops(row.drops)} XRP</strong>
                </p>
                <p className="list-table__line tab-muted">
                  <span>
                    Floor {row.floorDrops === null ? '—' : `${formatDrops(row.floorDrops)} XRP`}
                    {row.source === 'fallback' && ' (fixed price used)'} · issuer{' '}
                    {formatDrops(row.issuerCutDrops)} · you receive {formatDrops(row.netDrops)} XRP
                  </span>
                  {left.has(row.nftId) ? (
                    <span className="list-guard__tag">left out</span>
                  ) : (
                    row.guard && <span className="list-guard__tag">{GUARD_TEXT[row.guard]}</span>
                  )}
                </p>
              </li>
            )
          })}
        </ul>
      </div>
    </div>
  )
}
