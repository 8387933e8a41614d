import { useMemo, useState } from 'react'

import { burnConfirmText } from '../../shared/constants.ts'
import { formatDrops } from '../../shared/format.ts'
import { displayName } from '../../shared/nftDisplay.ts'
import { PlanApprovals, PlanProblems } from '../jobs/PlanParts.tsx'
import { NftImage } from '../collection/NftImage.tsx'
import { confirmBurn, dismissBurn, useBurn } from './burnState.ts'
import type { PendingBurn } from './burnState.ts'
import { useCollection } from '../collection/collectionState.ts'
import { useTakenNfts } from '../state/takenNfts.ts'
import { Modal } from '../ui/Modal.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { TypedConfirmation, typedMatches } from '../ui/TypedConfirmation.tsx'
import { counted } from '../../shared/plural.ts'

/** NFTs pictured before '+n more'. */
const PICTURED = 60

/**
 * 'Confirm NFT Burn': what burning does, before anything is signed — the NFTs (names and images), the
 * offers on them the ledger deletes, the owner reserve freed, the fees, the NFTs left out and why.
 * More than one NFT needs the typed text `BURN {count} NFTS`.
 */
export function ConfirmBurnModal({ pending }: { pending: PendingBurn }) {
  const { busy, error } = useBurn()
  const { nfts, metadata } = useCollection()
  const [typed, setTyped] = useState('')
  const { plan } = pending
  const taken = useTakenNfts(plan.jobId)
  const problems = [...plan.problems, ...taken]
  const left = new Set(
    problems.flatMap((p) => (p.itemIndex === undefined ? [] : [pending.nftIds[p.itemIndex]])),
  )
  const burning = pending.nftIds.filter((id) => !left.has(id))
  const count = plan.transactions - taken.length
  const expected = burnConfirmText(count)
  const confirmed = count <= 1 || typedMatches(typed, expected)
  const byId = useMemo(() => new Map(nfts.map((nft) => [nft.nftId, nft])), [nfts])
  const effects = plan.burn ?? { ownOffers: 0, otherOffers: 0, pagesFreed: 0 }
  const freed = -BigInt(plan.reserveChangeDrops)
  const canBurn = plan.canStart && count > 0
  const start = () => {
    const names = new Map<string, string>()
    for (const id of burning) {
      const nft = byId.get(id)
      if (nft) names.set(id, displayName(nft, metadata.get(id)))
    }
    void confirmBurn(names)
  }
  return (
    <Modal title="Confirm NFT Burn" onClose={() => !busy && dismissBurn()}>
      <p className="burn-warning" role="alert">
        Burning is permanent: {count === 1 ? 'this NFT is' : `these ${count} NFTs are`} destroyed
        for good and cannot be recovered.
      </p>
      <ul className="burn-confirm__nfts" aria-label="NFTs to burn" tabIndex={0}>
        {burning.slice(0, PICTURED).map((id) => {
          const nft = byId.get(id)
          const meta = metadata.get(id)
          return (
            <li key={id}>
              <NftImage
                nftId={id}
                image={meta?.image ?? null}
                imageUrls={meta?.imageUrls}
                animation={meta?.animation}
              />
              <span>{nft ? displayName(nft, meta) : id.slice(0, 8)}</span>
            </li>
          )
        })}
      </ul>
      {burning.length > PICTURED && (
        <p className="tab-muted">and {burning.length - PICTURED} more</p>
      )}
      <dl className="figures" data-testid="burn-effects">
        <div>
          <dt>NFTs burned</dt>
          <dd data-testid="burn-count">{count}</dd>
        </div>
        <div>
          <dt>Your sell offers deleted</dt>
          <dd data-testid="burn-own-offers">{effects.ownOffers}</dd>
        </div>
        <div>
          <dt>Others&apos; offers (bids) deleted</dt>
          <dd data-testid="burn-other-offers">{effects.otherOffers}</dd>
        </div>
        <div>
          <dt>NFT pages removed</dt>
          <dd data-testid="burn-pages">{effects.pagesFreed}</dd>
        </div>
        <div>
          <dt>Reserve freed</dt>
          <dd data-testid="burn-reserve">{formatDrops(freed > 0n ? freed : 0n)} XRP</dd>
        </div>
        <div>
          <dt>Fees</dt>
          <dd>{formatDrops(plan.feesDrops)} XRP</dd>
        </div>
        <PlanApprovals approvals={plan.approvals} />
      </dl>
      <p className="tab-muted">
        The ledger deletes the offers on a burned NFT (up to 500 each); bidders get their reserve
        back. The reserve freed is yours: your offers and the NFT pages that empty.
      </p>
      {problems.length > 0 && <PlanProblems problems={problems} />}
      {!canBurn && (
        <p className="error-box" role="alert">
          Nothing can be burned: see what stands in the way above.
        </p>
      )}
      {count > 1 && (
        <>
          <TypedConfirmation
            expected={expected}
            typed={typed}
            onType={setTyped}
            onEnter={() => {
              if (canBurn && !busy) start()
            }}
            labelClass="burn-confirm__label"
            inputClass="burn-confirm__input tab-input"
          />
        </>
      )}
      <ErrorBox message={error} />
      <div className="actions-row">
        <button
          type="button"
          className="button button--danger"
          disabled={!confirmed || !canBurn || busy}
          onClick={start}
        >
          {busy ? 'Processing...' : `Burn ${counted(count, 'NFT')}`}
        </button>
        <button type="button" className="button" disabled={busy} onClick={dismissBurn}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
