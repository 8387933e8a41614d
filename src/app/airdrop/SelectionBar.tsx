import { counted } from '../../shared/plural.ts'
import { useCollection } from '../state/collection.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { jumpTo } from '../ui/jumpTo.ts'
import { COLLECTION_SECTION_ID, UPLOAD_SECTION_ID } from '../ui/sections.ts'
import './selectionBar.css'

/**
 * The Airdrop tab's selection, summed up where the user works: first on the tab (select, then upload,
 * review and start) and, on a wide screen, kept under the header while the page scrolls through the
 * upload and the collection. Its buttons jump between the two.
 */
export function SelectionBar() {
  const { wallet } = useSession()
  const selected = useSelectedIds('airdrop')
  const { nfts } = useCollection()
  if (!wallet) return null
  const text =
    selected.size === 0
      ? nfts.length === 0
        ? 'Load your NFTs, then pick the ones to send in the collection below'
        : 'No NFTs picked to send yet: click cards in the collection below'
      : `${counted(selected.size, 'NFT')} picked to send`
  return (
    <div className="selection-bar" role="region" aria-label="NFTs to send">
      <p className="selection-bar__text" data-testid="airdrop-selection" aria-live="polite">
        {text}
      </p>
      <div className="selection-bar__actions">
        <button type="button" className="button" onClick={() => jumpTo(COLLECTION_SECTION_ID)}>
          Pick NFTs ↓
        </button>
        <button type="button" className="button" onClick={() => jumpTo(UPLOAD_SECTION_ID)}>
          Upload list ↑
        </button>
      </div>
    </div>
  )
}
