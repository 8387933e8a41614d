import { useId } from 'react'

import type {
  CsvColumns,
  CsvProblem,
  DistributionFile,
  SnapshotDistribution,
} from '../../worker/api.ts'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import { counted } from '../../shared/plural.ts'
import { useAirdrop } from './airdropState.ts'
import { pickColumns } from './distributionState.ts'

/** Problems shown before 'Show all' (a long list stays collapsed). */
const SHOWN_PROBLEMS = 5

/** The loaded file's summary: name, distribution count, NFTs requested and the problems per line. */
export function UploadSummary({ file }: { file: DistributionFile }) {
  return (
    <div className="airdrop-summary" data-testid="csv-summary">
      <p className="airdrop-summary__file">File: {file.fileName}</p>
      <dl className="figures">
        <div>
          <dt>Distributions</dt>
          <dd data-testid="csv-distributions">{file.rows.length}</dd>
        </div>
        <div>
          <dt>NFTs requested</dt>
          <dd data-testid="csv-nfts-requested">{file.nftsRequested}</dd>
        </div>
        <div>
          <dt>Rows read</dt>
          <dd>{file.processedCount}</dd>
        </div>
      </dl>
      {'snapshot' in file ? (
        <p data-testid="csv-columns">
          From the holder snapshot at ledger {(file as SnapshotDistribution).snapshot.ledgerIndex}
        </p>
      ) : (
        <ColumnsRead columns={file.columns} />
      )}
      {file.problems.length > 0 && <ProblemList problems={file.problems} />}
    </div>
  )
}

/** The value of the count picker that reads no count column (one NFT per recipient). */
const NO_COUNT = ''

/**
 * Which columns were read, as the file names them; where the file has several that could hold the
 * recipients or the counts, a picker for each, and the plan waits until the user has picked.
 */
function ColumnsRead({ columns }: { columns: CsvColumns }) {
  const { processing } = useAirdrop()
  const recipientId = useId()
  const countId = useId()
  const pickRecipient = columns.recipientCandidates.length > 1
  // Any count column may be set aside (one NFT each): a Total may be holdings, an Amount XRP.
  const pickCount = columns.countCandidates.length > 0
  return (
    <div className="airdrop-columns" data-testid="csv-columns">
      <p>
        Recipients from column <strong>{columns.recipient}</strong>
        {' · '}
        {columns.count === null ? (
          'one NFT each (no count column read)'
        ) : (
          <>
            counts from column <strong>{columns.count}</strong>
          </>
        )}
      </p>
      {columns.needsChoice && (
        <div className="airdrop-notice" role="status">
          <p>
            {pickRecipient || columns.countCandidates.length > 1
              ? 'This file has more than one column that could be meant. '
              : ''}
            {columns.count !== null && (
              <>
                Check that <strong>{columns.count}</strong> is how many NFTs each recipient gets
                (not how many they hold, nor an amount of XRP).{' '}
              </>
            )}
            Check the columns below before starting.
          </p>
          <button
            type="button"
            className="button"
            disabled={processing}
            onClick={() => void pickColumns({ recipient: columns.recipient, count: columns.count })}
          >
            Use these columns
          </button>
        </div>
      )}
      {(pickRecipient || pickCount) && (
        <div className="airdrop-columns__pickers">
          {pickRecipient && (
            <label htmlFor={recipientId}>
              Recipients column
              <select
                id={recipientId}
                value={columns.recipient}
                disabled={processing}
                onChange={(event) => void pickColumns({ recipient: event.target.value })}
              >
                {columns.recipientCandidates.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          )}
          {pickCount && (
            <label htmlFor={countId}>
              Counts column
              <select
                id={countId}
                value={columns.count ?? NO_COUNT}
                disabled={processing}
                onChange={(event) =>
                  void pickColumns({
                    count: event.target.value === NO_COUNT ? null : event.target.value,
                  })
                }
              >
                {columns.countCandidates.map((name) => (
                  <option key={name}>{name}</option>
                ))}
                <option value={NO_COUNT}>None: one NFT each</option>
              </select>
            </label>
          )}
        </div>
      )}
    </div>
  )
}

function ProblemList({ problems }: { problems: readonly CsvProblem[] }) {
  const skipped = problems.filter((p) => p.severity === 'skipped').length
  return (
    <div className="problems-box" data-testid="csv-problems">
      <p className="problems-box__title">
        {counted(problems.length, 'problem')} found ({counted(skipped, 'row')} skipped)
      </p>
      <CollapsedList
        items={problems}
        limit={SHOWN_PROBLEMS}
        render={(problem, index) => (
          <li key={index} data-severity={problem.severity}>
            <span className="problems-box__line">Line {problem.line}</span>{' '}
            <span className="problems-box__severity">
              {problem.severity === 'skipped' ? 'skipped' : 'note'}
            </span>
            : {problem.message}
          </li>
        )}
      />
    </div>
  )
}
