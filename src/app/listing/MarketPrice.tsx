import type { NftItem } from '../../db/types/nfts.ts'
import { useReadBlock } from '../state/actionGate.ts'
import { formatDrops } from '../../shared/format.ts'
import type { FloorPrice, FloorProgress } from '../../worker/api.ts'
import { collectionKey } from '../../shared/nftDisplay.ts'
import { checkMarketPrice, useMarketChecks } from './marketState.ts'
import { floorWarnings, restsOnText } from './floorText.ts'
import { counted } from '../../shared/plural.ts'

function progressText(progress: FloorProgress | null): string {
  if (!progress) return 'Checking the market…'
  const step = progress.step === 'listing' ? 'Listing the collection' : 'Checking offers'
  const counts = `${step}: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`
  return progress.serverPace ? `${counts}. ${progress.serverPace}` : counts
}

/** '200 of 2,000 NFTs checked' (with '+' when the collection is larger than the reading's bound). */
function checkedText(floor: FloorPrice): string {
  const total = `${floor.collectionTotal.toLocaleString('en-US')}${floor.totalComplete ? '' : '+'}`
  return `${floor.nftsChecked.toLocaleString('en-US')} of ${total} NFTs checked`
}

function FloorResult({ floor }: { floor: FloorPrice }) {
  const read = new Date(floor.readAt).toLocaleTimeString()
  if (floor.floorDrops === null) {
    return (
      <div className="market-price" data-testid="market-price">
        <p>No active offers found in collection</p>
        <p className="tab-muted">
          {checkedText(floor)} · read {read}
        </p>
      </div>
    )
  }
  return (
    <div className="market-price" data-testid="market-price">
      <p>
        Floor: <strong data-testid="market-floor">{formatDrops(floor.floorDrops)} XRP</strong>{' '}
        <span className="tab-muted" data-testid="market-rests-on">
          ({restsOnText(floor)})
        </span>
      </p>
      {floorWarnings(floor).map((warning) => (
        <p key={warning} className="market-price__warning" data-testid="market-warning">
          {warning}
        </p>
      ))}
      <p className="tab-muted">
        {counted(floor.offersCounted, 'offer')} counted · {checkedText(floor)} · read {read}
      </p>
    </div>
  )
}

/**
 * A card's 'Check Market Price' (spec part 2 §2): the floor of the NFT's collection, which every card
 * of that collection shows once read.
 */
export function MarketPrice({ nft }: { nft: NftItem }) {
  const market = useMarketChecks()
  const blocked = useReadBlock()
  const check = market[collectionKey(nft)]
  if (check?.state === 'checking') {
    return (
      // Not a live region: every card of the collection shows this, tick by tick.
      <p className="market-price tab-muted">{progressText(check.progress)}</p>
    )
  }
  return (
    <>
      {check?.state === 'done' && <FloorResult floor={check.floor} />}
      {check?.state === 'error' && (
        <p className="market-price market-price--error">Error: {check.message}</p>
      )}
      <button
        type="button"
        className="button market-price__check"
        disabled={blocked !== null}
        title={blocked ?? undefined}
        onClick={() => void checkMarketPrice(nft.issuer, nft.taxon)}
      >
        {check ? 'Check again' : 'Check Market Price'}
      </button>
    </>
  )
}
