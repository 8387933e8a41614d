import { useId } from 'react'

import { counted } from '../../shared/plural.ts'
import type { SnapshotDistribution } from '../../worker/api.ts'
import {
  addBlockFile,
  chooseDistribution,
  previewDistribution,
  setBlockText,
  setRules,
  useHolders,
} from './holdersState.ts'

/** The rules, and the distribution they give. */
export function RulesForm() {
  const { rules, blockText, preview } = useHolders()
  const eachId = useId()
  const totalId = useId()
  const minId = useId()
  const capId = useId()
  const blockId = useId()
  const exclude = rules.exclude ?? ['issuer', 'connected', 'marketplace']
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text))
  return (
    <div className="holders-rules">
      <fieldset>
        <legend>How many NFTs each holder gets</legend>
        <label className="list-check">
          <input
            type="radio"
            name="holders-mode"
            checked={rules.mode === 'perHolder'}
            onChange={() => setRules({ mode: 'perHolder' })}
          />
          The same number per holder
        </label>
        <label className="list-check">
          <input
            type="radio"
            name="holders-mode"
            checked={rules.mode === 'perNft'}
            onChange={() => setRules({ mode: 'perNft' })}
          />
          One per NFT held
        </label>
        <label className="list-check">
          <input
            type="radio"
            name="holders-mode"
            checked={rules.mode === 'proRata'}
            onChange={() => setRules({ mode: 'proRata' })}
          />
          Pro rata: a number of NFTs shared in proportion to holdings
        </label>
      </fieldset>
      {rules.mode === 'perHolder' && (
        <div className="tab-field">
          <label htmlFor={eachId}>NFTs per holder</label>
          <input
            id={eachId}
            type="number"
            min={1}
            value={rules.each ?? ''}
            onChange={(event) => setRules({ each: number(event.target.value) })}
          />
        </div>
      )}
      {rules.mode === 'proRata' && (
        <div className="tab-field">
          <label htmlFor={totalId}>NFTs to share</label>
          <input
            id={totalId}
            type="number"
            min={1}
            value={rules.total ?? ''}
            onChange={(event) => setRules({ total: number(event.target.value) })}
          />
        </div>
      )}
      <div className="tab-field">
        <label htmlFor={minId}>Minimum holding</label>
        <input
          id={minId}
          type="number"
          min={1}
          value={rules.minHolding ?? ''}
          onChange={(event) => setRules({ minHolding: number(event.target.value) })}
        />
      </div>
      <div className="tab-field">
        <label htmlFor={capId}>Most NFTs per holder (optional)</label>
        <input
          id={capId}
          type="number"
          min={1}
          value={rules.cap ?? ''}
          onChange={(event) => setRules({ cap: number(event.target.value) })}
        />
      </div>
      <fieldset>
        <legend>Leave out</legend>
        {(['issuer', 'connected', 'marketplace'] as const).map((mark) => (
          <label key={mark} className="list-check">
            <input
              type="checkbox"
              checked={exclude.includes(mark)}
              onChange={(event) =>
                setRules({
                  exclude: event.target.checked
                    ? [...exclude, mark]
                    : exclude.filter((m) => m !== mark),
                })
              }
            />
            {mark === 'issuer'
              ? 'The issuer'
              : mark === 'connected'
                ? 'This wallet'
                : "Marketplaces' broker accounts"}
          </label>
        ))}
      </fieldset>
      <div className="tab-field">
        <label htmlFor={blockId}>Block list (addresses to leave out, one per line)</label>
        <textarea
          id={blockId}
          rows={3}
          spellCheck={false}
          value={blockText}
          onChange={(event) => setBlockText(event.target.value)}
        />
        <label className="holders-upload">
          Or add the addresses of a file (one per line, or a CSV):{' '}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void addBlockFile(file)
            }}
          />
        </label>
      </div>
      <button type="button" className="button" onClick={() => void previewDistribution()}>
        Preview distribution
      </button>
      {preview && <DistributionPreview preview={preview} />}
    </div>
  )
}

function DistributionPreview({ preview }: { preview: SnapshotDistribution }) {
  return (
    <div className="holders-preview" data-testid="distribution-preview">
      <p>
        <strong data-testid="preview-recipients">
          {counted(preview.rows.length, 'recipient')}
        </strong>
        {' · '}
        <strong data-testid="preview-nfts">{counted(preview.nftsRequested, 'NFT')}</strong> to send
      </p>
      {preview.leftOut.length > 0 && (
        <ul data-testid="preview-left-out">
          {preview.leftOut.map(({ reason, holders }) => (
            <li key={reason}>
              {counted(holders, 'holder')} left out: {reason}
            </li>
          ))}
        </ul>
      )}
      {preview.rounding && <p className="tab-muted">{preview.rounding}</p>}
      {preview.problems.map((problem, i) => (
        <p key={i} className="tab-muted">
          {problem.message}
        </p>
      ))}
      <button
        type="button"
        className="button button--primary"
        disabled={preview.rows.length === 0}
        onClick={chooseDistribution}
      >
        Use this distribution
      </button>
    </div>
  )
}
