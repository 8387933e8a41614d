import { useId } from 'react'

import { counted } from '../../../shared/plural.ts'
import type { DistributionRules, HolderMark, SnapshotDistribution } from '../../../worker/api.ts'
import { ConfirmationNote, ConfirmProgress } from './ConfirmationNote.tsx'
import {
  addBlockFile,
  chooseDistribution,
  previewDistribution,
  setBlockText,
  setRules,
  useHolders,
} from './holdersState.ts'

/** The ways to count each holder's NFTs, as the form offers them. */
const MODES: readonly { mode: DistributionRules['mode']; label: string }[] = [
  { mode: 'perHolder', label: 'The same number per holder' },
  { mode: 'perNft', label: 'One per NFT held' },
  { mode: 'proRata', label: 'Pro rata: a number of NFTs shared in proportion to holdings' },
]

/** The holders that may be left out, as the form names them. */
const MARKS: readonly { mark: HolderMark; label: string }[] = [
  { mark: 'issuer', label: 'The issuer' },
  { mark: 'connected', label: 'This wallet' },
  { mark: 'marketplace', label: "Marketplaces' broker accounts" },
]

/** The rules' whole-number fields: empty reads as 'not set'. */
type NumberRule = 'each' | 'total' | 'minHolding' | 'cap'

function RuleNumber({ rule, label }: { rule: NumberRule; label: string }) {
  const { rules } = useHolders()
  const id = useId()
  return (
    <div className="tab-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={1}
        value={rules[rule] ?? ''}
        onChange={(event) => {
          const text = event.target.value.trim()
          setRules({ [rule]: text === '' ? undefined : Number(text) })
        }}
      />
    </div>
  )
}

/** The rules, and the distribution they give. */
export function RulesForm() {
  const { rules, blockText, preview, previewing, confirming } = useHolders()
  const blockId = useId()
  const exclude = rules.exclude ?? MARKS.map((m) => m.mark)
  return (
    <div className="holders-rules">
      <fieldset>
        <legend>How many NFTs each holder gets</legend>
        {MODES.map(({ mode, label }) => (
          <label key={mode} className="list-check">
            <input
              type="radio"
              name="holders-mode"
              checked={rules.mode === mode}
              onChange={() => setRules({ mode })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {rules.mode === 'perHolder' && <RuleNumber rule="each" label="NFTs per holder" />}
      {rules.mode === 'proRata' && <RuleNumber rule="total" label="NFTs to share" />}
      <RuleNumber rule="minHolding" label="Minimum holding" />
      <RuleNumber rule="cap" label="Most NFTs per holder (optional)" />
      <fieldset>
        <legend>Leave out</legend>
        {MARKS.map(({ mark, label }) => (
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
            {label}
          </label>
        ))}
      </fieldset>
      <div className="tab-field">
        <label htmlFor={blockId}>
          Block list (addresses to leave out, one per line; a CSV&apos;s first column)
        </label>
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
      <button
        type="button"
        className="button"
        disabled={previewing}
        onClick={() => void previewDistribution()}
      >
        Preview distribution
      </button>
      {previewing && <ConfirmProgress progress={confirming} />}
      {preview && !previewing && <DistributionPreview preview={preview} />}
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
      <ConfirmationNote preview={preview} />
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
