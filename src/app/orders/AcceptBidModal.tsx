import type { BidView } from '../../db/types/offers.ts'
import { tokenParts } from '../../shared/currency.ts'
import type { TokenParts } from '../../shared/currency.ts'
import { formatDrops, shortAddress } from '../../shared/format.ts'
import { transferFeePercent } from '../../shared/nftDisplay.ts'
import {
  confirmAccept,
  confirmOneServer,
  confirmToken,
  dismissAccept,
  useBids,
} from './bidsState.ts'
import { Amount } from '../ui/Amount.tsx'
import { Modal } from '../ui/Modal.tsx'
import { JobFigures } from '../jobs/JobCard.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'

/** What the seller receives of an XRP bid: the price less the issuer's cut; null for other amounts. */
function netText(bid: BidView): string | null {
  if (bid.amount.kind !== 'xrp' || bid.transferFeeDrops === null) return null
  return `${formatDrops(BigInt(bid.amount.drops) - BigInt(bid.transferFeeDrops))} XRP`
}

/**
 * A token bid's own confirmation: the token and its issuer named, and what a token may be worth said
 * plainly. A code that reads as XRP is refused outright (the row's Accept is off too).
 */
function TokenConfirmation({ token, checked }: { token: TokenParts; checked: boolean }) {
  if (token.readsAsXrp) {
    return (
      <p className="error-box" role="alert" data-testid="accept-counterfeit">
        This bid is not in XRP: it offers {token.value} of a token whose code reads as “{token.code}
        ”, issued by {token.issuer}. It cannot be accepted.
      </p>
    )
  }
  return (
    <label className="orders-token-confirm" data-testid="accept-token-confirm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => confirmToken(event.target.checked)}
      />{' '}
      I sell this NFT for {token.value} of the token “{token.code}” issued by {token.issuer}, not
      for XRP. A token is worth only what its issuer makes it worth: it can be worthless.
    </label>
  )
}

/**
 * 'Accept this bid?': the price, the buyer, the issuer's transfer fee and what the seller receives,
 * before anything is signed. Selling cannot be undone. A token bid needs its own confirmation.
 */
export function AcceptBidModal({ bid }: { bid: BidView }) {
  const { busy, status, tokenConfirmed, oneServer } = useBids()
  const fee = transferFeePercent(bid.transferFee)
  const cut = bid.transferFeeDrops === null ? null : `${formatDrops(bid.transferFeeDrops)} XRP`
  const net = netText(bid)
  const name = bid.nft.name ?? `NFT ${bid.nftId.slice(0, 8)}…`
  const token = tokenParts(bid.amount)
  const blocked =
    (token !== null && (token.readsAsXrp || !tokenConfirmed)) ||
    (oneServer.asked && !oneServer.confirmed)
  return (
    <Modal title="Accept this bid?" onClose={() => !busy && dismissAccept()}>
      <p>
        Sell <strong>{name}</strong> to {shortAddress(bid.bidder)} for{' '}
        <Amount amount={bid.amount} />. The NFT leaves your wallet at once; a sale cannot be undone.
      </p>
      <JobFigures
        figures={[
          { label: 'Price', value: <Amount amount={bid.amount} />, testId: 'accept-price' },
          { label: 'Buyer', value: shortAddress(bid.bidder), testId: 'accept-buyer' },
          {
            label: fee ? `Transfer fee (${fee} to the issuer)` : 'Transfer fee',
            value: fee === null || cut === '0 XRP' ? 'none' : (cut ?? fee),
            testId: 'accept-fee',
          },
          ...(net ? [{ label: 'You receive', value: net, testId: 'accept-net' }] : []),
        ]}
      />
      {token && <TokenConfirmation token={token} checked={tokenConfirmed} />}
      {oneServer.asked && (
        <label className="orders-token-confirm" data-testid="accept-one-server">
          <input
            type="checkbox"
            checked={oneServer.confirmed}
            onChange={(event) => confirmOneServer(event.target.checked)}
          />{' '}
          Only one server is in use, and no second server confirms this bid. I accept its word for
          the price, the buyer and the expiry.
        </label>
      )}
      <p className="tab-muted">
        Plus the network fee.{' '}
        {bid.expiresAt !== null && `The bid expires ${new Date(bid.expiresAt).toLocaleString()}.`}
      </p>
      <ErrorBox message={status} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || blocked}
          onClick={() => void confirmAccept()}
        >
          {busy ? 'Processing...' : token ? 'Sell for this token' : 'Sell to this bid'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissAccept}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
