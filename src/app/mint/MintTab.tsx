import { useState } from 'react'

import { ACTIVE_STATUSES, resultStillShown } from '../jobs/jobStatus.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { useSession } from '../state/session.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { ConfirmMintModal } from './ConfirmMintModal.tsx'
import { ManifestPanel } from './ManifestPanel.tsx'
import { MetadataCheck } from './MetadataCheck.tsx'
import { MINT_WORDS, MintJobProgress, MintJobResult } from './MintJobCards.tsx'
import { ModifyPanel } from './ModifyPanel.tsx'
import {
  checkManifest,
  dismissMintResult,
  exportMintReport,
  mintCheck,
  mintJobActions,
  planMint,
  useMint,
} from './mintState.ts'
import { TermsPanel } from './TermsPanel.tsx'
import { useLatestJob } from './useMintJobs.ts'
import { useUriCheck } from './uriCheckState.ts'
import './mint.css'

type View = 'mint' | 'modify'

/**
 * The Mint tab (issue 46): mint a collection in bulk — the NFTs, the permanent terms, the check of
 * their metadata, the plan and its typed confirmation, the job — or modify NFTs minted mutable (a
 * reveal from a file, a repair of links to closed gateways).
 */
export function MintTab() {
  const { wallet } = useSession()
  const [view, setView] = useState<View>('mint')
  if (!wallet) {
    return (
      <div className="tab-card">
        <h3>Wallet Required</h3>
        <p>Connect your wallet to mint or modify NFTs</p>
      </div>
    )
  }
  return (
    <div className="mint-tab">
      <div className="mint-switch" role="group" aria-label="Mint or modify">
        <button
          type="button"
          className="button"
          aria-pressed={view === 'mint'}
          onClick={() => setView('mint')}
        >
          Mint a collection
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={view === 'modify'}
          onClick={() => setView('modify')}
        >
          Reveal or repair
        </button>
      </div>
      {view === 'mint' ? <MintView /> : <ModifyPanel />}
    </div>
  )
}

function MintView() {
  const { startedJobId, dismissedJobId, jobError, pending } = useMint()
  const job = useLatestJob('mint', startedJobId)
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  return (
    <>
      <ManifestPanel />
      <TermsPanel />
      <CheckAndPlan running={running} />
      {/* After the steps, where the confirmation leaves the user: the job follows its button. */}
      {job && running && (
        <MintJobProgress job={job} words={MINT_WORDS} error={jobError} actions={mintJobActions} />
      )}
      {job && !running && job.id !== dismissedJobId && resultStillShown(job) && (
        <MintJobResult
          job={job}
          words={MINT_WORDS}
          error={jobError}
          report={exportMintReport}
          onClose={dismissMintResult}
        />
      )}
      {pending && <ConfirmMintModal pending={pending} />}
    </>
  )
}

/** Step 3: the metadata check's findings, then 'Review and mint'. */
function CheckAndPlan({ running }: { running: boolean }) {
  const { manifest, busy, planError, pending } = useMint()
  const { checking, report } = useUriCheck(mintCheck)
  const blocked = useSignBlock()
  return (
    <section className="tab-card" aria-labelledby="mint-check-title">
      <h3 id="mint-check-title">3. Check and mint</h3>
      {!manifest && (
        <p className="tab-muted">Choose the NFTs first: their metadata is checked here.</p>
      )}
      {manifest && (
        <MetadataCheck
          check={mintCheck}
          rowName={(index) => `Row ${index + 1}`}
          leftOut="will be left out of the mint."
        />
      )}
      {manifest && !checking && (
        <div className="actions-row">
          <button type="button" className="button" onClick={() => void checkManifest()}>
            {report ? 'Check again' : 'Check the metadata'}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || running || !report || blocked !== null || pending !== null}
            onClick={() => void planMint()}
          >
            {busy ? 'Checking…' : 'Review and mint'}
          </button>
        </div>
      )}
      {!pending && <ErrorBox message={planError} />}
      <BlockedReason reason={blocked} />
      {running && (
        <p className="tab-muted">A mint is running: wait for it to end to start another.</p>
      )}
    </section>
  )
}
