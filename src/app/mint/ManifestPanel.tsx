import { useId } from 'react'

import type { MintManifest } from '../../worker/api.ts'
import { counted } from '../../shared/plural.ts'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import { FileChooser } from './FileChooser.tsx'
import {
  clearManifest,
  makeRange,
  setRange,
  setSource,
  uploadManifest,
  useMint,
} from './mintState.ts'

/** Problems listed before 'Show all'. */
const SHOWN_PROBLEMS = 5

/**
 * Step 1, the NFTs: a manifest (CSV or JSON, one row per NFT) or a numbered base URI with a range;
 * then how many rows were read, each problem with its line, duplicates and the numbers a numbered
 * set skips.
 */
export function ManifestPanel() {
  const { source, manifest, reading, readError } = useMint()
  return (
    <section className="tab-card" aria-labelledby="mint-manifest-title">
      <h3 id="mint-manifest-title">1. The NFTs</h3>
      <div className="mint-switch" role="group" aria-label="Where the NFTs come from">
        <button
          type="button"
          className="button"
          aria-pressed={source === 'file'}
          onClick={() => setSource('file')}
        >
          A manifest file
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={source === 'range'}
          onClick={() => setSource('range')}
        >
          A numbered base URI
        </button>
      </div>
      {source === 'file' ? <FileSource reading={reading} /> : <RangeSource reading={reading} />}
      {reading && (
        <p className="tab-muted" role="status">
          Reading the NFTs…
        </p>
      )}
      <ErrorBox message={readError} />
      {manifest ? (
        <ManifestSummary manifest={manifest} />
      ) : (
        !reading && <p className="tab-muted">No NFTs yet: choose a manifest or a base URI.</p>
      )}
    </section>
  )
}

function FileSource({ reading }: { reading: boolean }) {
  return (
    <>
      <p className="tab-muted">
        A CSV with a <code>uri</code> column (and optionally <code>recipient</code>,{' '}
        <code>price_xrp</code>, <code>expiration</code>), or JSON: a list of objects with those
        keys. A row with a recipient mints its NFT straight into an offer to that account.
      </p>
      <div className="actions-row">
        <FileChooser
          label="Choose manifest"
          inputLabel="Mint manifest file"
          accept=".csv,.json,text/csv,application/json"
          disabled={reading}
          onFile={(file) => void uploadManifest(file)}
        />
      </div>
    </>
  )
}

function RangeSource({ reading }: { reading: boolean }) {
  const { template, from, to } = useMint()
  const ids = { template: useId(), from: useId(), to: useId() }
  return (
    <form
      className="mint-range"
      onSubmit={(event) => {
        event.preventDefault()
        void makeRange()
      }}
    >
      <label htmlFor={ids.template}>Base URI ({'{n}'} is each NFT’s number)</label>
      <input
        id={ids.template}
        className="tab-input"
        value={template}
        placeholder="ipfs://CID/{n}.json"
        spellCheck={false}
        onChange={(event) => setRange({ template: event.target.value })}
      />
      <div className="mint-range__numbers">
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          className="tab-input"
          inputMode="numeric"
          value={from}
          onChange={(event) => setRange({ from: event.target.value })}
        />
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          className="tab-input"
          inputMode="numeric"
          value={to}
          onChange={(event) => setRange({ to: event.target.value })}
        />
      </div>
      <div className="actions-row">
        <button type="submit" className="button button--primary" disabled={reading}>
          Use these NFTs
        </button>
      </div>
    </form>
  )
}

function ManifestSummary({ manifest }: { manifest: MintManifest }) {
  const recipients = manifest.rows.filter((row) => row.recipient).length
  const duplicates = manifest.problems.filter((p) => p.severity === 'warning').length
  return (
    <div className="mint-summary" data-testid="manifest-summary">
      <p>
        <strong data-testid="manifest-rows">{counted(manifest.rows.length, 'NFT')}</strong> to mint
        from <span className="mint-uri">{manifest.fileName}</span>
        {recipients > 0 && `, ${recipients} of them straight to a recipient`}.
      </p>
      {duplicates > 0 && (
        <p className="tab-muted" data-testid="manifest-duplicates">
          {counted(duplicates, 'row repeats a URI', 'rows repeat a URI')} of an earlier row.
        </p>
      )}
      {manifest.gaps.length > 0 && (
        <p className="mint-warning" data-testid="manifest-gaps">
          The numbered set skips {manifest.gaps.slice(0, 20).join(', ')}
          {manifest.gaps.length > 20 && ` and ${manifest.gaps.length - 20} more`}: those NFTs would
          never be minted.
        </p>
      )}
      {manifest.problems.length > 0 && (
        <div className="problems-box" data-testid="manifest-problems">
          <p className="problems-box__title">
            {counted(manifest.problems.length, 'problem')} in the file
          </p>
          <CollapsedList
            items={manifest.problems}
            limit={SHOWN_PROBLEMS}
            render={(problem, index) => (
              <li key={index} data-blocking={problem.severity === 'error'}>
                {problem.message}
              </li>
            )}
          />
        </div>
      )}
      <div className="actions-row">
        <button type="button" className="button" onClick={clearManifest}>
          Remove these NFTs
        </button>
      </div>
    </div>
  )
}
