import type { NftItem } from '../../db/types/nfts.ts'
import { counted } from '../../shared/plural.ts'
import { setHideTaken } from './takenState.ts'
import type { TakenMark } from './takenState.ts'

/**
 * 'Hide 5 NFTs already on offer or in another job': marked NFTs leave the grid (and Select All), or
 * come back. Shown only when some of the collection's NFTs are marked.
 */
export function TakenToggle({
  marks,
  nfts,
  hide,
}: {
  marks: ReadonlyMap<string, TakenMark>
  nfts: readonly NftItem[]
  hide: boolean
}) {
  const marked = nfts.reduce((n, nft) => (marks.has(nft.nftId) ? n + 1 : n), 0)
  if (marked === 0) return null
  return (
    <label className="collection__taken" data-testid="hide-taken">
      <input type="checkbox" checked={hide} onChange={(e) => setHideTaken(e.target.checked)} />
      Hide {counted(marked, 'NFT', 'NFTs')} already on offer or in another job
    </label>
  )
}
