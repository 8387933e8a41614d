import { shortAddress } from '../../../shared/format.ts'
import { counted } from '../../../shared/plural.ts'
import type { HolderConfirmProgress, SnapshotDistribution } from '../../../worker/api.ts'
import { keepUnconfirmed, useHolders } from './holdersState.ts'

/** How far the confirmation of a preview's recipients is (shown like the snapshot's progress). */
export function ConfirmProgress({ progress }: { progress: HolderConfirmProgress | null }) {
  return (
    <p className="airdrop-status" role="status" data-testid="confirm-progress">
      Confirming the holders with a second server…
      {progress
        ? ` ${progress.checked} of ${counted(progress.total, 'holder')} at ledger ${progress.ledgerIndex}`
        : ''}
      {progress?.server ? ` (${progress.server})` : ''}
      {progress?.serverPace ? ` · ${progress.serverPace}` : ''}
    </p>
  )
}

/**
 * What a second server said of the preview's recipients: holders it contradicts (left out, named:
 * the Clio server that listed them may have made them up), holders it could not confirm (left out
 * unless the user keeps them), or that every recipient was confirmed.
 */
export function ConfirmationNote({ preview }: { preview: SnapshotDistribution }) {
  const { previewing } = useHolders()
  const { confirmation, snapshot } = preview
  const { disputed, unconfirmed, kept } = confirmation
  return (
    <div data-testid="preview-confirmation">
      {disputed.length > 0 && (
        <div className="airdrop-warning" data-testid="preview-disputed">
          <p>
            {counted(disputed.length, 'holder')} left out: another server says they do not hold what
            the server that listed them said, at ledger {snapshot.ledgerIndex}.
          </p>
          <ul>
            {disputed.map((d) => (
              <li key={d.address} title={d.address}>
                {shortAddress(d.address)}: listed with {d.listed}, holds {d.held} ({d.by})
              </li>
            ))}
          </ul>
        </div>
      )}
      {unconfirmed.length > 0 && (
        <>
          <p data-testid="preview-unconfirmed">
            {counted(unconfirmed.length, 'holder')} not confirmed by a second server:{' '}
            {kept ? 'kept' : 'left out'}
          </p>
          {confirmation.why && <p className="tab-muted">Why: {confirmation.why}</p>}
          <label className="list-check">
            <input
              type="checkbox"
              checked={kept}
              disabled={previewing}
              onChange={(event) => void keepUnconfirmed(event.target.checked)}
            />
            Keep them (what they hold is then only the listing server&apos;s word)
          </label>
        </>
      )}
      {unconfirmed.length === 0 && confirmation.confirmed > 0 && (
        <p className="tab-muted" data-testid="preview-confirmed">
          Every recipient&apos;s holding confirmed by a second server (
          {confirmation.servers.join(', ')})
        </p>
      )}
    </div>
  )
}
