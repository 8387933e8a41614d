import { useState } from 'react'

import { ACTIVE_STATUSES, resultStillShown } from '../jobs/jobStatus.ts'
import { ConfirmModifyModal } from './ConfirmModifyModal.tsx'
import { MODIFY_WORDS, MintJobProgress, MintJobResult } from './MintJobCards.tsx'
import {
  dismissModifyResult,
  exportModifyReport,
  modifyJobActions,
  useModify,
} from './modifyState.ts'
import { RepairPanel } from './RepairPanel.tsx'
import { RevealPanel } from './RevealPanel.tsx'
import { useLatestJob } from './useMintJobs.ts'

/**
 * New URIs for NFTs minted mutable (XLS-46): a reveal from a file, or a repair of links to gateways
 * that closed; the modify job's progress and results.
 */
export function ModifyPanel() {
  const { startedJobId, dismissedJobId, jobError, pending } = useModify()
  const [part, setPart] = useState<'reveal' | 'repair'>('reveal')
  const job = useLatestJob('modify', startedJobId)
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  return (
    <>
      <p className="tab-muted">
        Only NFTs minted mutable can get a new URI, and only their issuer (or its authorized minter)
        can give it: NFTs not minted mutable are named and left out.
      </p>
      <div className="mint-switch" role="group" aria-label="Reveal or repair">
        <button
          type="button"
          className="button"
          aria-pressed={part === 'reveal'}
          onClick={() => setPart('reveal')}
        >
          Reveal
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={part === 'repair'}
          onClick={() => setPart('repair')}
        >
          Repair
        </button>
      </div>
      {part === 'reveal' ? <RevealPanel running={running} /> : <RepairPanel running={running} />}
      {/* After the panel, where the confirmation leaves the user: the job follows its button. */}
      {job && running && (
        <MintJobProgress
          job={job}
          words={MODIFY_WORDS}
          error={jobError}
          actions={modifyJobActions}
        />
      )}
      {job && !running && job.id !== dismissedJobId && resultStillShown(job) && (
        <MintJobResult
          job={job}
          words={MODIFY_WORDS}
          error={jobError}
          report={exportModifyReport}
          onClose={dismissModifyResult}
        />
      )}
      {pending && <ConfirmModifyModal pending={pending} />}
    </>
  )
}
