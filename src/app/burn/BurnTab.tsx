import { ACTIVE_STATUSES, resultStillShown } from '../jobs/jobStatus.ts'
import { planBurn, useBurn } from './burnState.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { useSession } from '../state/session.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { BurnProgress, BurnResult } from './BurnCards.tsx'
import { ConfirmBurnModal } from './ConfirmBurnModal.tsx'
import { useLatestBurn } from './useBurnJobs.ts'
import { useBurnSelection } from './useBurnSelection.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import './burn.css'
import { counted, nounFor } from '../../shared/plural.ts'

/**
 * The Burn tab ('NFT Burn Manager', spec part 2 §2): the warning, the Burn Selected card, the
 * confirmation and the burn job's progress and results. The NFTs are chosen in the collection below,
 * with its filters (issuer, collection, taxon: the spec's All, Issuer and Collection) and its
 * selection buttons: one way to select, and the Burn tab's selection is its own.
 */
export function BurnTab() {
  const { wallet } = useSession()
  if (!wallet) {
    return (
      <div className="tab-card">
        <h3>Wallet Required</h3>
        <p>Connect your wallet to burn NFTs</p>
      </div>
    )
  }
  return <ConnectedBurn />
}

function ConnectedBurn() {
  const { busy, error, pending, dismissedJobId, startedJobId } = useBurn()
  const { toBurn, hidden } = useBurnSelection()
  const job = useLatestBurn(startedJobId)
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  const count = toBurn.length
  const blocked = useSignBlock()
  return (
    <div className="burn-tab">
      <div className="burn-banner" role="note">
        <strong>Burning is permanent.</strong> A burned NFT is destroyed on the ledger: nobody can
        recover it, and its offers are deleted with it.
      </div>
      {job && running && <BurnProgress job={job} />}
      {job && !running && job.id !== dismissedJobId && resultStillShown(job) && (
        <BurnResult job={job} />
      )}
      <section className="tab-card" aria-labelledby="burn-selected-title">
        <h3 id="burn-selected-title">Burn Selected</h3>
        <p className="tab-muted" data-testid="burn-selected">
          {counted(count, 'NFT selected', 'NFTs selected')}
          {hidden > 0 &&
            ` (${hidden} more selected ${nounFor(hidden, 'is', 'are')} hidden by the filters and will not be burned)`}
        </p>
        {!pending && <ErrorBox message={error} />}
        <button
          type="button"
          className="button button--danger burn-start"
          disabled={busy || running || blocked !== null}
          // Nothing selected: it looks inactive, and a press says why (the spec's message).
          aria-disabled={count === 0}
          onClick={() => void planBurn(toBurn)}
        >
          {busy ? 'Checking…' : `Burn Selected (${count})`}
        </button>
        <BlockedReason reason={blocked} />
        {running && (
          <p className="tab-muted">A burn is running: wait for it to end to start another.</p>
        )}
      </section>
      {pending && <ConfirmBurnModal pending={pending} />}
    </div>
  )
}
