import { shortAddress } from '../../shared/format.ts'
import { shortNftId } from '../jobs/jobProgress.ts'
import { useJobItemsHead } from '../jobs/useJobs.ts'

/** New offers shown in the confirmation (the report lists them all). */
const SHOWN = 10
/**
 * Items read for them: the cancellations come first (one per 500 offers), so this many items hold the
 * first offers of any re-offer a job can hold.
 */
const READ = SHOWN + 200

/**
 * Who gets which NFT in a re-offer, as planned: the user confirms the new recipients (read from the
 * stored snapshot or the list loaded), not only the counts.
 */
export function ReofferPreview({ jobId }: { jobId: string }) {
  const items = useJobItemsHead(jobId, READ)
  const offers = items.filter((item) => item.intent.type === 'offer')
  const shown = offers.slice(0, SHOWN)
  if (shown.length === 0) return null
  return (
    <div data-testid="reoffer-preview">
      <p>The NFTs go to:</p>
      <ul>
        {shown.map((item) => (
          <li key={item.id} data-testid="reoffer-row">
            {item.intent.type === 'offer' ? shortNftId(item.intent.nftId) : ''} →{' '}
            <span title={item.recipient}>{shortAddress(item.recipient ?? '')}</span>
            {item.previousRecipient ? ` (instead of ${shortAddress(item.previousRecipient)})` : ''}
          </li>
        ))}
      </ul>
      {offers.length > shown.length && <p>and more: the job's report lists every one.</p>}
    </div>
  )
}
