import { airdropSummary } from '../../shared/airdropSummary.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import type { DistributionFile } from '../../worker/api.ts'
import { setRandomize, showAirdrop, startAirdrop, useAirdrop } from './airdropState.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { ACTIVE_STATUSES, latestOrAwaited } from '../jobs/jobStatus.ts'
import { PlanModal } from './PlanModal.tsx'
import { ProgressCard } from './ProgressCard.tsx'
import { ResultsCard } from './ResultsCard.tsx'
import { useAirdrops } from '../jobs/useJobs.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'

/**
 * The Airdrop Manager panel (spec part 1 §2): 'Wallet Required' and 'Upload CSV Required' until it
 * can work; then the Distribution Summary, the randomize option and 'Start Airdrop', and the latest
 * airdrop's progress or results (read live from IndexedDB, so a reloaded page shows a resumed job),
 * with a picker for the earlier ones.
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
  const { file, pending, shownJobId, startedJobId } = useAirdrop()
  const airdrops = useAirdrops()
  const jobs = airdrops.loading ? [] : airdrops.value
  const job = jobs.find((j) => j.id === shownJobId) ?? latestOrAwaited(jobs, startedJobId)
  // One job per account runs at a time: any running airdrop holds Start back.
  const anyRunning = jobs.some((j) => ACTIVE_STATUSES.has(j.status))
  return (
    <>
      {airdrops.loading && <p className="airdrop-status">Loading airdrops…</p>}
      {jobs.length > 1 && job && <AirdropPicker jobs={jobs} shown={job} />}
      {job &&
        (ACTIVE_STATUSES.has(job.status) ? <ProgressCard job={job} /> : <ResultsCard job={job} />)}
      {file ? (
        <ReadyManager file={file} jobRunning={anyRunning} />
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

function pickerLabel(job: JobRow): string {
  const when = new Date(job.createdAt).toLocaleString()
  const waiting = job.acceptance?.offered ?? 0
  const extra = waiting > 0 ? `, ${waiting} offers waiting` : ''
  return `${when} · job ${job.id.slice(0, 8)} · ${job.status}${extra}`
}

/** Earlier airdrops stay reachable: their waiting offers can still be checked and reclaimed. */
function AirdropPicker({ jobs, shown }: { jobs: readonly JobRow[]; shown: JobRow }) {
  return (
    <label className="airdrop-picker">
      <span>Airdrop shown</span>
      <select value={shown.id} onChange={(event) => showAirdrop(event.target.value)}>
        {jobs.map((job) => (
          <option key={job.id} value={job.id}>
            {pickerLabel(job)}
          </option>
        ))}
      </select>
    </label>
  )
}

function ReadyManager({ file, jobRunning }: { file: DistributionFile; jobRunning: boolean }) {
  const { randomize, busy, planError, pending } = useAirdrop()
  const selected = useSelectedIds('airdrop')
  const summary = airdropSummary(file.rows, selected.size)
  const processing = busy || jobRunning
  const blocked = useSignBlock()
  return (
    <div className="airdrop-ready">
      <h3>Distribution Summary</h3>
      <dl className="figures" data-testid="distribution-summary">
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
          {summary.unserved === 1
            ? '1 recipient will not receive NFTs'
            : `${summary.unserved} recipients will not receive NFTs`}
        </p>
      )}
      {!pending && <ErrorBox message={planError} />}
      <button
        type="button"
        className="button button--primary airdrop-start"
        disabled={summary.nfts === 0 || processing || blocked !== null}
        onClick={() => void startAirdrop([...selected])}
      >
        {processing ? 'Processing...' : 'Start Airdrop'}
      </button>
      <BlockedReason reason={blocked} />
    </div>
  )
}
