import { useId } from 'react'

import { setBurnFilter, useBurn } from './burnState.ts'
import type { BurnFilterMode } from './burnState.ts'
import { useCollection } from '../state/collection.ts'
import { collectionChoices, issuerChoices } from './burnFilter.ts'

const MODES: readonly { value: BurnFilterMode; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'issuer', label: 'Issuer' },
  { value: 'collection', label: 'Collection' },
]

/** The filter by All, Issuer or Collection; changing either clears the selection. */
export function BurnFilter() {
  const { mode, value } = useBurn()
  const { nfts, metadata, metadataVersion } = useCollection()
  const modeId = useId()
  const valueId = useId()
  // metadataVersion: the map is mutated in place; reading it here re-renders with new names.
  void metadataVersion
  const choices =
    mode === 'issuer'
      ? issuerChoices(nfts)
      : mode === 'collection'
        ? collectionChoices(nfts, metadata)
        : []
  return (
    <div className="burn-filter">
      <div className="tab-field">
        <label htmlFor={modeId}>Filter</label>
        <select
          id={modeId}
          value={mode}
          onChange={(event) => setBurnFilter(event.target.value as BurnFilterMode)}
        >
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      {mode !== 'all' && (
        <div className="tab-field">
          <label htmlFor={valueId}>{mode === 'issuer' ? 'Issuer' : 'Collection'}</label>
          <select
            id={valueId}
            value={value}
            onChange={(event) => setBurnFilter(mode, event.target.value)}
          >
            <option value="">Choose…</option>
            {value && !choices.some((choice) => choice.value === value) && (
              // Every NFT of it burned: the choice stays, saying so.
              <option value={value}>(none left)</option>
            )}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}
