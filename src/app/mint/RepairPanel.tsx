import type { RepairCandidate } from '../../worker/api.ts'
import { counted } from '../../shared/plural.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { MetadataCheck } from './MetadataCheck.tsx'
import {
  checkRepairs,
  findRepairs,
  pickRepairs,
  pickedRepairRows,
  planModify,
  repairCheck,
  useModify,
} from './modifyState.ts'
import { useUriCheck } from './uriCheckState.ts'

/** Why an NFT needs a repair, in words. */
const WHY: Record<RepairCandidate['why'], string> = {
  'closed-gateway': 'its URI names a gateway that has closed',
  unserved: 'nothing serves its URI any more',
}

/**
 * 'Repair': the NFTs the account issued whose URI names a closed gateway or serves nothing, each
 * with its gateway-independent `ipfs://` form (old → new, why); those not minted mutable are named
 * and cannot be picked. The picked ones' new documents are checked, then planned.
 */
export function RepairPanel({ running }: { running: boolean }) {
  const { candidates, finding, findError, picked, busy, planError, pending } = useModify()
  const { checking, report } = useUriCheck(repairCheck)
  const blocked = useSignBlock()
  const repairable = (candidates ?? []).filter((c) => c.mutable)
  const rows = candidates ? pickedRepairRows() : []
  return (
    <section className="tab-card" aria-labelledby="repair-title">
      <h3 id="repair-title">Repair</h3>
      <p className="tab-muted">
        NFTs you issued whose URI names a gateway that closed, or that nothing serves any more, get
        the gateway-independent <code>ipfs://</code> form of the same content.
      </p>
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={finding}
          onClick={() => void findRepairs()}
        >
          {finding ? 'Looking…' : candidates ? 'Look again' : 'Find NFTs to repair'}
        </button>
      </div>
      <ErrorBox message={findError} />
      {candidates && candidates.length === 0 && (
        <p className="tab-muted" role="status" data-testid="repair-none">
          Nothing to repair: every NFT you issued points at a live address.
        </p>
      )}
      {candidates && candidates.length > 0 && (
        <>
          <p role="status" data-testid="repair-found">
            {counted(candidates.length, 'NFT')} to repair, {repairable.length} of them mutable;{' '}
            {picked.size} picked.
          </p>
          <div className="actions-row">
            <button
              type="button"
              className="button"
              onClick={() =>
                pickRepairs(
                  repairable.map((c) => c.nftId),
                  true,
                )
              }
            >
              Pick all mutable
            </button>
            <button
              type="button"
              className="button"
              onClick={() => pickRepairs([...picked], false)}
            >
              Pick none
            </button>
          </div>
          <ul
            className="mint-repairs"
            aria-label="NFTs to repair"
            data-testid="repair-list"
            // Focusable: the list scrolls, and a keyboard must reach all of it.
            tabIndex={0}
          >
            {candidates.map((candidate) => (
              <RepairRow
                key={candidate.nftId}
                candidate={candidate}
                picked={picked.has(candidate.nftId)}
              />
            ))}
          </ul>
          {rows.length > 0 && (
            <>
              <MetadataCheck
                check={repairCheck}
                rowName={(index) => `NFT ${rows[index]?.nftId.slice(0, 8) ?? index + 1}…`}
                leftOut="would still show nothing after the repair."
              />
              {!checking && (
                <div className="actions-row">
                  {!report && (
                    <button type="button" className="button" onClick={() => void checkRepairs()}>
                      Check the new documents
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy || running || !report || blocked !== null || pending !== null}
                    onClick={() => void planModify(rows)}
                  >
                    {busy ? 'Checking…' : `Review the repair (${rows.length})`}
                  </button>
                </div>
              )}
            </>
          )}
        </>
      )}
      {!pending && <ErrorBox message={planError} />}
      <BlockedReason reason={blocked} />
      {running && <p className="tab-muted">URIs are being changed: wait for the job to end.</p>}
    </section>
  )
}

function RepairRow({ candidate, picked }: { candidate: RepairCandidate; picked: boolean }) {
  const { nftId, oldUri, newUri, why, mutable } = candidate
  return (
    <li data-testid="repair-row" data-mutable={mutable}>
      {mutable ? (
        <label className="mint-flag">
          <input
            type="checkbox"
            checked={picked}
            onChange={(event) => pickRepairs([nftId], event.target.checked)}
          />
          <code className="mint-results__nft">{nftId}</code>
        </label>
      ) : (
        <p>
          <code className="mint-results__nft">{nftId}</code>
          <strong className="mint-repairs__fixed" data-testid="repair-not-mutable">
            Not mutable: its URI can never change, so it cannot be repaired.
          </strong>
        </p>
      )}
      <p className="mint-uri">
        {oldUri} → {newUri}
      </p>
      <p className="tab-muted">Why: {WHY[why]}</p>
    </li>
  )
}
