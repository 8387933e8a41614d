import type { BidView } from '../../db/types.ts'
import { formatDrops, shortAddress } from '../../shared/format.ts'
import { transferFeePercent } from '../../shared/nftDisplay.ts'
import { confirmAccept, dismissAccept, useBids } from '../state/bids.ts'
import { Modal } from '../ui/Modal.tsx'
import { JobFigures } from '../jobs/JobCard.tsx'
import { bidAmountText } from './offerText.ts'

/** What the seller receives of an XRP bid: the price less the issuer's cut; null for other amounts. */
function netText(bid: BidView): string | null {
  if (bid.amount.kind !== 'xrp' || bid.transferFeeDrops === null) return null
  return `${formatDrops(BigInt(bid.amount.drops) - BigInt(bid.transferFeeDrops))} XRP`
}

/**
 * 'Accept this bid?': the price, the buyer, the issuer's transfer fee and what the seller receives,
 * before anything is signed. Selling cannot be undone.
 */
export function AcceptBidModal({ bid }: { bid: BidView }) {
  const { busy, status } = useBids()
  const fee = transferFeePercent(bid.transferFee)
  const cut = bid.transferFeeDrops === null ? null : `${formatDrops(bid.transferFeeDrops)} XRP`
  const net = netText(bid)
  const name = bid.nft.name ?? `NFT ${bid.nftId.slice(0, 8)}…`
  return (
    <Modal title="Accept this bid?" onClose={() => !busy && dismissAccept()}>
      <p>
        Sell <strong>{name}</strong> to {shortAddress(bid.bidder)} for {bidAmountText(bid)}. The NFT
        leaves your wallet at once; a sale cannot be undone.
      </p>
      <JobFigures
        figures={[
          { label: 'Price', value: bidAmountText(bid), testId: 'accept-price' },
          { label: 'Buyer', value: shortAddress(bid.bidder), testId: 'accept-buyer' },
          {
            label: fee ? `Transfer fee (${fee} to the issuer)` : 'Transfer fee',
            value: fee === null || cut === '0 XRP' ? 'none' : (cut ?? fee),
            testId: 'accept-fee',
          },
          ...(net ? [{ label: 'You receive', value: net, testId: 'accept-net' }] : []),
        ]}
      />
      <p className="tab-muted">
        Plus the network fee.{' '}
        {bid.expiresAt !== null && `The bid expires ${new Date(bid.expiresAt).toLocaleString()}.`}
      </p>
      {status && (
        <p className="error-box" role="alert">
          {status}
        </p>
      )}
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void confirmAccept()}
        >
          {busy ? 'Processing...' : 'Sell to this bid'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissAccept}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
