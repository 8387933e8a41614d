import { useEffect, useMemo, useRef } from 'react'
import type { RefObject } from 'react'

import { counted } from '../../shared/plural.ts'
import { useShownIds } from '../collection/useShownIds.ts'
import { useCollection } from '../collection/collectionState.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { jumpTo } from '../ui/jumpTo.ts'
import { COLLECTION_SECTION_ID, UPLOAD_SECTION_ID } from '../ui/sections.ts'
import './selectionBar.css'

/**
 * Adds the bar's height to the page's scroll padding while it sticks (a wide screen), so that a field
 * or a card given the focus is never hidden under it (WCAG 2.4.11); nothing on a phone, where it
 * scrolls with the page.
 */
function useStickyCover(bar: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = bar.current
    if (!element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const sticks = getComputedStyle(element).position === 'sticky'
      root.style.setProperty('--sticky-cover', sticks ? `${element.offsetHeight + 8}px` : '0px')
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--sticky-cover')
    }
  }, [bar, shown])
}

/**
 * The Airdrop tab's selection, summed up where the user works: first on the tab (select, then upload,
 * review and start) and, on a wide screen, kept under the header while the page scrolls through the
 * upload and the collection. Its buttons jump between the two.
 */
export function SelectionBar() {
  const bar = useRef<HTMLDivElement>(null)
  const { wallet } = useSession()
  useStickyCover(bar, wallet !== null)
  const selected = useSelectedIds('airdrop')
  const { nfts } = useCollection()
  const shown = useShownIds()
  const hidden = useMemo(
    () => [...selected].filter((id) => !shown.has(id)).length,
    [selected, shown],
  )
  if (!wallet) return null
  const text =
    selected.size === 0
      ? nfts.length === 0
        ? 'Load your NFTs, then pick the ones to send in the collection below'
        : 'No NFTs picked to send yet: click cards in the collection below'
      : `${counted(selected.size, 'NFT')} picked to send${
          // An airdrop sends every NFT picked, also those a later filter hides: it says so.
          hidden > 0 ? ` (${hidden} of them hidden by the filters)` : ''
        }`
  return (
    <div ref={bar} className="selection-bar" role="region" aria-label="NFTs to send">
      <p className="selection-bar__text" data-testid="airdrop-selection" aria-live="polite">
        {text}
      </p>
      <div className="selection-bar__actions">
        <button type="button" className="button" onClick={() => jumpTo(COLLECTION_SECTION_ID)}>
          Pick NFTs <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className="button" onClick={() => jumpTo(UPLOAD_SECTION_ID)}>
          Upload list <span aria-hidden="true">↑</span>
        </button>
      </div>
    </div>
  )
}
