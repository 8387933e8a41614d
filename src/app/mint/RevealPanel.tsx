import { counted } from '../../shared/plural.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { FileChooser } from './FileChooser.tsx'
import { MetadataCheck } from './MetadataCheck.tsx'
import { clearReveal, planModify, revealCheck, uploadReveal, useModify } from './modifyState.ts'
import { useUriCheck } from './uriCheckState.ts'

/**
 * 'Reveal': a file of NFT ids and their new URIs (`nft_id,uri`), the check of the documents the new
 * URIs serve, then the plan.
 */
export function RevealPanel({ running }: { running: boolean }) {
  const { reveal, reading, readError, busy, planError, pending } = useModify()
  const { checking, report } = useUriCheck(revealCheck)
  const blocked = useSignBlock()
  return (
    <section className="tab-card" aria-labelledby="reveal-title">
      <h3 id="reveal-title">Reveal</h3>
      <p className="tab-muted">
        A CSV with an <code>nft_id</code> column and a <code>uri</code> column (or JSON objects with{' '}
        <code>nftId</code> and <code>uri</code>): each NFT gets its new URI.
      </p>
      <div className="actions-row">
        <FileChooser
          label={reveal ? 'Replace file' : 'Choose reveal file'}
          inputLabel="Reveal file"
          accept=".csv,.json,text/csv,application/json"
          disabled={reading}
          onFile={(file) => void uploadReveal(file)}
        />
        {reveal && (
          <button type="button" className="button" onClick={clearReveal}>
            Remove file
          </button>
        )}
      </div>
      {reading && (
        <p className="tab-muted" role="status">
          Reading the file…
        </p>
      )}
      <ErrorBox message={readError} />
      {reveal && (
        <div className="mint-summary" data-testid="reveal-summary">
          <p>
            <strong data-testid="reveal-rows">{counted(reveal.rows.length, 'NFT')}</strong> to
            change, from <span className="mint-uri">{reveal.fileName}</span>.
          </p>
          {reveal.problems.length > 0 && (
            <div className="problems-box" data-testid="reveal-problems">
              <p className="problems-box__title">
                {counted(reveal.problems.length, 'problem')} in the file
              </p>
              <CollapsedList
                items={reveal.problems}
                limit={5}
                render={(problem, index) => (
                  <li key={index} data-blocking={problem.severity === 'error'}>
                    {problem.message}
                  </li>
                )}
              />
            </div>
          )}
          <MetadataCheck
            check={revealCheck}
            rowName={(index) => `Row ${index + 1}`}
            leftOut="would show nothing: fix the file before changing them."
          />
          {!checking && (
            <div className="actions-row">
              <button
                type="button"
                className="button button--primary"
                disabled={busy || running || !report || blocked !== null || pending !== null}
                onClick={() => void planModify(reveal.rows)}
              >
                {busy ? 'Checking…' : `Review the change (${reveal.rows.length})`}
              </button>
            </div>
          )}
        </div>
      )}
      {!pending && <ErrorBox message={planError} />}
      <BlockedReason reason={blocked} />
      {running && <p className="tab-muted">URIs are being changed: wait for the job to end.</p>}
    </section>
  )
}
