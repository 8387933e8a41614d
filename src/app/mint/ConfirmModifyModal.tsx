import { counted } from '../../shared/plural.ts'
import { PlanFigures, PlanProblems } from '../jobs/PlanParts.tsx'
import { useTakenNfts } from '../state/takenNfts.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { Modal } from '../ui/Modal.tsx'
import { confirmModify, dismissModify, useModify } from './modifyState.ts'
import type { PendingModify } from './modifyState.ts'

/** Rows listed in the confirmation before '+n more'. */
const LISTED = 50

/**
 * 'Confirm URI Change': each NFT and its new URI, the plan's figures and what pre-flight found (NFTs
 * not mutable, not yours to change, no longer held: named and left out).
 */
export function ConfirmModifyModal({ pending }: { pending: PendingModify }) {
  const { busy, planError } = useModify()
  const { plan, rows } = pending
  const taken = useTakenNfts(plan.jobId)
  const problems = [...plan.problems, ...taken]
  const count = plan.transactions
  const canStart = plan.canStart && count > 0
  return (
    <Modal title="Confirm URI Change" onClose={() => !busy && dismissModify()}>
      <p>
        Holders see each NFT’s new metadata as soon as its change is validated. The NFTs stay
        mutable: their URI can be changed again.
      </p>
      <ul className="mint-results" aria-label="New URIs" tabIndex={0}>
        {rows.slice(0, LISTED).map((row) => (
          <li key={row.nftId}>
            <code className="mint-results__nft">{row.nftId}</code>
            <span className="mint-uri">→ {row.uri}</span>
          </li>
        ))}
      </ul>
      {rows.length > LISTED && <p className="tab-muted">and {rows.length - LISTED} more</p>}
      <PlanFigures plan={plan} itemsLabel="URIs to change" />
      {problems.length > 0 && <PlanProblems problems={problems} />}
      {!canStart && (
        <p className="error-box" role="alert">
          Nothing can be changed: see what stands in the way above.
        </p>
      )}
      <ErrorBox message={planError} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={!canStart || busy}
          onClick={() => void confirmModify()}
        >
          {busy ? 'Processing...' : `Change ${counted(count, 'URI')}`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissModify}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
