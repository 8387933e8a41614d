/**
 * STUB (NFT helper replaces it, keeping this contract): the NFT list of the connected wallet, its
 * metadata, loading state and the shared selection.
 */

/** What the footer shows about the collection. */
export interface CollectionSummary {
  /** NFTs of the connected wallet (the loaded list). */
  total: number
  /** NFTs selected (the selection every tab shares). */
  selected: number
  /** NFT offers the account owns; null until counted. */
  offers: number | null
  /** NFTs or their metadata are loading (the footer's pulsing dot, 'Loading...'). */
  loading: boolean
}

/** The collection's counts, for rendering. */
export function useCollectionSummary(): CollectionSummary {
  return { total: 0, selected: 0, offers: null, loading: false }
}
