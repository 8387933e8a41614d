import { useId, useState } from 'react'

import type { AcceptanceState } from '../../db/types/acceptance.ts'
import type { JobItemRow } from '../../db/types/jobItems.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { shortAddress } from '../../shared/format.ts'
import { byRecipient, hashPrefix, shortNftId, shownHash } from '../jobs/jobProgress.ts'
import type { RecipientResult } from '../jobs/jobProgress.ts'
import { useJobItemsHead } from '../jobs/useJobs.ts'
import { intentNftId } from '../../shared/intents.ts'
import { counted } from '../../shared/plural.ts'

/**
 * Items read and rendered per 'Show more': a 100,000-item airdrop is read page by page, in plan order
 * (a recipient's items are next to each other), and only once the details are opened.
 */
const PAGE = 500

const ACCEPTANCE_TEXT: Record<AcceptanceState, string> = {
  offered: 'offered',
  accepted: 'accepted',
  gone: 'withdrawn',
}

/** The recipients of an airdrop as planned (older jobs did not record it). */
function recipientCount(job: JobRow): number | undefined {
  const n = job.params.recipients
  return typeof n === 'number' ? n : undefined
}

/** The expandable per-recipient details: address, NFT id, transaction hash prefix or the error. */
export function RecipientDetails({ job }: { job: JobRow }) {
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState(PAGE)
  const listId = useId()
  const items = useJobItemsHead(job.id, open ? shown : 0)
  const recipients = byRecipient(items)
  const total = recipientCount(job)
  const itemsLeft = job.counts.total - items.length
  return (
    <div className="airdrop-details">
      <button
        type="button"
        className="airdrop-disclosure"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Per-recipient details
        {total !== undefined && ` (${counted(total, 'recipient')})`}
      </button>
      {open && (
        <ul id={listId} className="airdrop-recipients" data-testid="recipient-details">
          {recipients.map((recipient) => (
            <RecipientRow key={recipient.address} recipient={recipient} />
          ))}
        </ul>
      )}
      {open && items.length === shown && itemsLeft > 0 && (
        <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
          Show more ({counted(itemsLeft, 'more NFT', 'more NFTs')})
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
  const nftId = intentNftId(item.intent) ?? ''
  const hash = shownHash(item)
  const ok = item.status === 'succeeded'
  if (item.status === 'skipped') {
    // Nothing was sent: no NFT id as if one had been, the badge and why (the reason names the NFT
    // when the NFT was the cause).
    return (
      <li className="airdrop-item" data-status="skipped">
        <span className="airdrop-badge" data-state="skipped">
          skipped
        </span>
        <span className="airdrop-item__error">{item.message ?? item.result ?? 'left out'}</span>
      </li>
    )
  }
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
