/** The footer's counts of the collection: NFTs, the shown tab's selection and the account's offers. */
import { useSnapshot } from 'valtio'

import type { ShownOfferCounts } from '../state/offerCounts.ts'
import { collectionState } from './collectionState.ts'
import { useShownSelection } from '../state/selection.ts'

/** What the footer shows about the collection. */
export interface CollectionSummary {
  /** NFTs of the connected wallet (the loaded list). */
  total: number
  /** What the shown tab has selected: NFTs, or offers on the Orders tab. */
  selected: { count: number; of: 'NFTs' | 'offers' }
  /** The NFT offers the account owns, by kind (or as last saved: `savedAt`); null until counted. */
  offers: ShownOfferCounts | null
  /** NFTs or their metadata are loading (the footer's pulsing dot, 'Loading...'). */
  loading: boolean
}

/** The collection's counts, for rendering. */
export function useCollectionSummary(): CollectionSummary {
  const state = useSnapshot(collectionState)
  const selected = useShownSelection()
  return {
    total: state.nfts.length,
    selected,
    offers: state.offers && { ...state.offers },
    // The list itself: metadata streams in (or waits for a job) behind counts that are already right.
    loading: state.loadingNfts,
  }
}
