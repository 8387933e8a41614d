import type { CsvProblem, DistributionFile } from '../../worker/api.ts'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import { counted } from '../../shared/plural.ts'

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
      {file.problems.length > 0 && <ProblemList problems={file.problems} />}
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
