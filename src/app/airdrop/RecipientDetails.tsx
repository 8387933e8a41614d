import { useId, useState } from 'react'

import type { AcceptanceState, JobItemRow } from '../../db/types.ts'
import { shortAddress } from '../../shared/format.ts'
import { byRecipient, hashPrefix, shortNftId, shownHash } from './jobProgress.ts'
import type { RecipientResult } from './jobProgress.ts'

/** Recipients rendered per 'Show more' (a 10,000-row airdrop must not render at once). */
const PAGE = 100

const ACCEPTANCE_TEXT: Record<AcceptanceState, string> = {
  offered: 'offered',
  accepted: 'accepted',
  gone: 'gone',
}

/** The expandable per-recipient details: address, NFT id, transaction hash prefix or the error. */
export function RecipientDetails({ items }: { items: readonly JobItemRow[] }) {
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState(PAGE)
  const listId = useId()
  const recipients = byRecipient(items)
  return (
    <div className="airdrop-details">
      <button
        type="button"
        className="airdrop-disclosure"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Per-recipient details (
        {recipients.length} {recipients.length === 1 ? 'recipient' : 'recipients'})
      </button>
      {open && (
        <ul id={listId} className="airdrop-recipients" data-testid="recipient-details">
          {recipients.slice(0, shown).map((recipient) => (
            <RecipientRow key={recipient.address} recipient={recipient} />
          ))}
        </ul>
      )}
      {open && recipients.length > shown && (
        <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
          Show more ({recipients.length - shown} left)
        </button>
      )}
    </div>
  )
}

function RecipientRow({ recipient }: { recipient: RecipientResult }) {
  return (
    <li className="airdrop-recipient" data-testid="recipient-row">
      <span className="airdrop-recipient__address" title={recipient.address}>
        {shortAddress(recipient.address)}
      </span>
      <ul>
        {recipient.items.map((item) => (
          <ItemLine key={item.id} item={item} />
        ))}
      </ul>
    </li>
  )
}

function ItemLine({ item }: { item: JobItemRow }) {
  const nftId = item.intent.type === 'cancel' ? '' : item.intent.nftId
  const hash = shownHash(item)
  const ok = item.status === 'succeeded'
  // A succeeded offer not read back yet waits for its recipient, as the job's summary counts it.
  const acceptance = item.acceptance?.state ?? (ok && item.offerId ? 'offered' : null)
  return (
    <li className="airdrop-item" data-status={item.status}>
      <span className="airdrop-item__nft" title={nftId}>
        {shortNftId(nftId)}
      </span>
      {ok && hash ? (
        <span className="airdrop-item__hash" title={hash}>
          tx {hashPrefix(hash)}
        </span>
      ) : (
        <span className="airdrop-item__error">
          {item.status === 'pending' || item.status === 'inFlight'
            ? 'not finished'
            : (item.message ?? item.result ?? item.status)}
        </span>
      )}
      {acceptance && (
        <span className="airdrop-badge" data-state={acceptance} title={item.acceptance?.detail}>
          {ACCEPTANCE_TEXT[acceptance]}
        </span>
      )}
    </li>
  )
}
