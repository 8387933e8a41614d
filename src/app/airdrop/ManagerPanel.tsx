import { airdropSummary } from '../../shared/airdropSummary.ts'
import type { DistributionFile } from '../../worker/api.ts'
import { setRandomize, startAirdrop, useAirdrop } from '../state/airdrop.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { ACTIVE_STATUSES } from './jobProgress.ts'
import { PlanModal } from './PlanModal.tsx'
import { ProgressCard } from './ProgressCard.tsx'
import { ResultsCard } from './ResultsCard.tsx'
import { useLatestAirdrop } from './useJobs.ts'

/**
 * The Airdrop Manager panel (spec part 1 §2): 'Wallet Required' and 'Upload CSV Required' until it
 * can work; then the Distribution Summary, the randomize option and 'Start Airdrop', and the latest
 * airdrop's progress or results (read live from IndexedDB, so a reloaded page shows a resumed job).
 */
export function ManagerPanel() {
  const { wallet } = useSession()
  return (
    <section className="airdrop-card" aria-labelledby="airdrop-manager-title">
      <h2 id="airdrop-manager-title">Airdrop Manager</h2>
      {wallet ? (
        <ConnectedManager />
      ) : (
        <Gate title="Wallet Required" text="Connect your wallet to start an airdrop." />
      )}
    </section>
  )
}

function Gate({ title, text }: { title: string; text: string }) {
  return (
    <div className="airdrop-gate">
      <h3>{title}</h3>
      <p>{text}</p>
    </div>
  )
}

function ConnectedManager() {
  const { file, pending } = useAirdrop()
  const latest = useLatestAirdrop()
  const job = latest.loading ? null : latest.value
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  return (
    <>
      {latest.loading && <p className="airdrop-status">Loading airdrops…</p>}
      {job && (running ? <ProgressCard job={job} /> : <ResultsCard job={job} />)}
      {file ? (
        <ReadyManager file={file} jobRunning={running} />
      ) : (
        <Gate
          title="Upload CSV Required"
          text="Upload a distribution list (CSV) above to plan an airdrop."
        />
      )}
      {pending && <PlanModal pending={pending} />}
    </>
  )
}

function ReadyManager({ file, jobRunning }: { file: DistributionFile; jobRunning: boolean }) {
  const { randomize, busy, planError, pending } = useAirdrop()
  const selected = useSelectedIds()
  const summary = airdropSummary(file.rows, selected.size)
  const processing = busy || jobRunning
  return (
    <div className="airdrop-ready">
      <h3>Distribution Summary</h3>
      <dl className="airdrop-figures" data-testid="distribution-summary">
        <div>
          <dt>Total distributions</dt>
          <dd data-testid="summary-distributions">{summary.recipients}</dd>
        </div>
        <div>
          <dt>Selected NFTs</dt>
          <dd data-testid="summary-nfts">{summary.nfts}</dd>
        </div>
        <div>
          <dt>Estimated transactions</dt>
          <dd data-testid="summary-transactions">{summary.transactions}</dd>
        </div>
      </dl>
      <label className="airdrop-check">
        <input
          type="checkbox"
          checked={randomize}
          onChange={(event) => setRandomize(event.target.checked)}
        />
        Randomize NFT distribution (recommended for fairness)
      </label>
      {summary.nfts === 0 && (
        <div className="airdrop-warning" role="status">
          <strong>No NFTs Selected</strong>
          <p>Select the NFTs to distribute in the NFT Collection below.</p>
        </div>
      )}
      {summary.nfts > 0 && summary.unserved > 0 && (
        <p className="airdrop-notice" role="status">
          {summary.unserved} recipients will not receive NFTs
        </p>
      )}
      {planError && !pending && (
        <p className="airdrop-error" role="alert">
          {planError}
        </p>
      )}
      <button
        type="button"
        className="button button--primary airdrop-start"
        disabled={summary.nfts === 0 || processing}
        onClick={() => void startAirdrop([...selected])}
      >
        {processing ? 'Processing...' : 'Start Airdrop'}
      </button>
    </div>
  )
}
