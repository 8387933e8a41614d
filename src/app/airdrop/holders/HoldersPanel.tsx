import { useId, useMemo } from 'react'

import { shortAddress } from '../../../shared/format.ts'
import { counted } from '../../../shared/plural.ts'
import type { HolderMark, HolderSnapshot } from '../../../worker/api.ts'
import { saveTextFile } from '../../jobs/saveFile.ts'
import { useCollection } from '../../collection/collectionState.ts'
import { useSession } from '../../state/session.ts'
import { ErrorBox } from '../../ui/ErrorBox.tsx'
import { choiceValue, collectionChoices } from './collectionChoices.ts'
import { RulesForm } from './HolderRules.tsx'
import { pickCollection, snapshotCsv, takeSnapshot, useHolders } from './holdersState.ts'

/** Holders shown before the CSV (the rest are in it). */
const SHOWN_HOLDERS = 10

const MARK_LABELS: Record<HolderMark, string> = {
  issuer: 'issuer',
  connected: 'this wallet',
  marketplace: 'marketplace',
}

/**
 * 'Airdrop to a collection's holders': a collection (one the wallet issued or holds, or any issuer),
 * its holder snapshot read from Clio at one ledger (resumable), the rules that turn it into a
 * distribution, its preview, and 'Use this distribution', which loads it as a CSV would be.
 */
export function HoldersPanel() {
  const { wallet } = useSession()
  const { snapshot, reading, progress, error, issuer } = useHolders()
  if (!wallet) return null
  return (
    <section className="airdrop-card" aria-labelledby="holders-title" data-testid="holders-panel">
      <h2 id="holders-title">Airdrop to a collection&apos;s holders</h2>
      <CollectionPicker />
      <div className="actions-row">
        <button
          type="button"
          className="button button--primary"
          disabled={reading || !issuer.trim()}
          onClick={() => void takeSnapshot()}
        >
          {snapshot && !snapshot.complete ? 'Resume snapshot' : 'Take snapshot'}
        </button>
        {snapshot && !snapshot.complete && (
          <button
            type="button"
            className="button"
            disabled={reading}
            onClick={() => void takeSnapshot(true)}
          >
            Start over
          </button>
        )}
      </div>
      {reading && (
        <p className="airdrop-status" role="status" data-testid="snapshot-progress">
          Reading the holders… {counted(progress?.read ?? 0, 'NFT')} read
          {progress?.ledgerIndex ? ` at ledger ${progress.ledgerIndex}` : ''}
          {progress?.resumed ? ' (resumed)' : ''}
          {progress?.serverPace ? ` · ${progress.serverPace}` : ''}
        </p>
      )}
      <ErrorBox message={error} />
      {snapshot && <SnapshotSummary snapshot={snapshot} />}
      {snapshot?.complete && <RulesForm />}
    </section>
  )
}

/**
 * The collections of the wallet's list (issued or held), named as the NFT cards name them, and any
 * issuer typed by hand.
 */
function CollectionPicker() {
  const { nfts, metadata, metadataVersion } = useCollection()
  const { issuer, taxon, reading } = useHolders()
  const issuerId = useId()
  const taxonId = useId()
  const pickId = useId()
  const detailId = useId()
  const collections = useMemo(
    () => collectionChoices(nfts, metadata),
    // The map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [nfts, metadata, metadataVersion],
  )
  const picked = collections.find((c) => choiceValue(c) === `${issuer.trim()}|${taxon.trim()}`)
  return (
    <div className="holders-picker">
      {collections.length > 0 && (
        <div className="tab-field">
          <label htmlFor={pickId}>Your collections</label>
          <select
            id={pickId}
            disabled={reading}
            value={picked ? choiceValue(picked) : ''}
            aria-describedby={picked ? detailId : undefined}
            onChange={(event) => {
              const [pickedIssuer = '', pickedTaxon = ''] = event.target.value.split('|')
              void pickCollection(pickedIssuer, pickedTaxon)
            }}
          >
            <option value="">Another collection (type it below)</option>
            {collections.map((c) => (
              <option key={choiceValue(c)} value={choiceValue(c)} title={c.detail}>
                {c.label} ({counted(c.count, 'NFT')} in this wallet)
              </option>
            ))}
          </select>
          {picked && (
            <p className="holders-picker__detail" id={detailId} data-testid="picked-collection">
              Issuer <span title={picked.issuer}>{shortAddress(picked.issuer)}</span> · taxon{' '}
              {picked.taxon}
            </p>
          )}
        </div>
      )}
      <div className="tab-field">
        <label htmlFor={issuerId}>Collection issuer</label>
        <input
          id={issuerId}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="r…"
          disabled={reading}
          value={issuer}
          onChange={(event) => void pickCollection(event.target.value, taxon)}
        />
      </div>
      <div className="tab-field">
        <label htmlFor={taxonId}>Collection taxon (optional: every taxon when empty)</label>
        <input
          id={taxonId}
          type="text"
          inputMode="numeric"
          disabled={reading}
          value={taxon}
          onChange={(event) => void pickCollection(issuer, event.target.value)}
        />
      </div>
    </div>
  )
}

function SnapshotSummary({ snapshot }: { snapshot: HolderSnapshot }) {
  const shown = snapshot.holders.slice(0, SHOWN_HOLDERS)
  return (
    <div className="holders-summary" data-testid="snapshot-summary">
      <p>
        {snapshot.complete ? (
          <>
            <strong>{counted(snapshot.nfts, 'NFT')}</strong> held by{' '}
            <strong>{counted(snapshot.holders.length, 'holder')}</strong> at ledger{' '}
            <strong data-testid="snapshot-ledger">{snapshot.ledgerIndex}</strong>
            {snapshot.burned > 0 ? ` (${counted(snapshot.burned, 'burned NFT')} left out)` : ''}
          </>
        ) : (
          <>
            Cut short after {counted(snapshot.nfts + snapshot.burned, 'NFT')} read at ledger{' '}
            {snapshot.ledgerIndex}: resume it to read the rest at the same ledger.
          </>
        )}
      </p>
      {snapshot.complete && (
        <>
          <table className="holders-table">
            <thead>
              <tr>
                <th scope="col">Holder</th>
                <th scope="col">NFTs</th>
                <th scope="col">Marked</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((holder) => (
                <tr key={holder.address} data-testid="holder-row">
                  <td title={holder.address}>{shortAddress(holder.address)}</td>
                  <td>{holder.count}</td>
                  <td>
                    {holder.marks
                      .map((mark) =>
                        mark === 'marketplace' && holder.marketplace
                          ? `${holder.marketplace} broker`
                          : MARK_LABELS[mark],
                      )
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="button"
            onClick={() =>
              void snapshotCsv().then((csv) => {
                if (csv === null) return
                const taxon = snapshot.taxon === null ? 'all' : `taxon-${snapshot.taxon}`
                saveTextFile(
                  `holders-${snapshot.issuer}-${taxon}-ledger-${snapshot.ledgerIndex}.csv`,
                  csv,
                )
              })
            }
          >
            Export CSV
          </button>
        </>
      )}
    </div>
  )
}
