import { useState } from 'react'

import { counted } from '../../shared/plural.ts'
import { PlanFigures, PlanProblems } from '../jobs/PlanParts.tsx'
import { useTakenNfts } from '../state/takenNfts.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { Modal } from '../ui/Modal.tsx'
import { TypedConfirmation, typedMatches } from '../ui/TypedConfirmation.tsx'
import { confirmMint, dismissMint, useMint } from './mintState.ts'
import type { PendingMint } from './mintState.ts'
import { mintConfirmText, termLines } from './termsText.ts'

/**
 * 'Confirm Mint': the plan's figures and what pre-flight found (rows nothing serves left out), the
 * permanent terms listed once more, and the typed `MINT {count}` that names how many NFTs are
 * minted for good.
 */
export function ConfirmMintModal({ pending }: { pending: PendingMint }) {
  const { busy, planError } = useMint()
  const [typed, setTyped] = useState('')
  const { plan, terms } = pending
  const taken = useTakenNfts(plan.jobId)
  const problems = [...plan.problems, ...taken]
  const count = plan.transactions
  const expected = mintConfirmText(count)
  const canMint = plan.canStart && count > 0
  const ready = canMint && typedMatches(typed, expected) && !busy
  return (
    <Modal title="Confirm Mint" onClose={() => !busy && dismissMint()}>
      <p className="mint-permanent" role="note">
        Minting is permanent: {count === 1 ? 'this NFT carries' : `these ${count} NFTs carry`} the
        terms below for good.
      </p>
      <ul
        className="mint-terms-list"
        aria-label="The collection’s terms"
        data-testid="confirm-terms"
      >
        {termLines(terms).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <PlanFigures plan={plan} itemsLabel="NFTs to mint" />
      {problems.length > 0 && <PlanProblems problems={problems} />}
      {!canMint && (
        <p className="error-box" role="alert">
          Nothing can be minted: see what stands in the way above.
        </p>
      )}
      {canMint && (
        <TypedConfirmation
          expected={expected}
          typed={typed}
          onType={setTyped}
          onEnter={() => {
            if (ready) void confirmMint()
          }}
          labelClass="mint-confirm__label"
          inputClass="tab-input mint-confirm__input"
        />
      )}
      <ErrorBox message={planError} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={!ready}
          onClick={() => void confirmMint()}
        >
          {busy ? 'Processing...' : `Mint ${counted(count, 'NFT')}`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissMint}>
          Go back
        </button>
      </div>
    </Modal>
  )
}
