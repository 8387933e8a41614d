import type { MintUriCheck } from '../../worker/api.ts'
import { counted } from '../../shared/plural.ts'
import { NftImage } from '../collection/NftImage.tsx'
import '../collection/nfts.css'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import type { UriCheck } from './uriCheckState.ts'
import { useUriCheck } from './uriCheckState.ts'

/** Documents shown as the collection's cards will show them. */
const SAMPLE = 6

/** Rows with problems listed before 'Show all'. */
const SHOWN_PROBLEMS = 5

/**
 * The check of a list's metadata: a progress bar while the documents are read, then the counts
 * (complete, incomplete, served by nothing), the rows with problems, and a sample of the first
 * complete documents drawn as the collection's cards. What nothing serves is said to be left out.
 *
 * @param check - the check's state (uriCheckState.ts).
 * @param rowName - what the list calls its row at an index ('Row 3').
 * @param leftOut - what happens to a row nothing serves, in the list's words.
 */
export function MetadataCheck({
  check,
  rowName,
  leftOut,
}: {
  check: UriCheck
  rowName: (index: number) => string
  leftOut: string
}) {
  const { checking, progress, report, error } = useUriCheck(check)
  if (!checking && !report && !error) return null
  return (
    <section className="mint-check" aria-label="Metadata check" data-testid="metadata-check">
      <h4>Metadata check</h4>
      {checking && <CheckProgress total={progress?.total ?? 0} checked={progress?.checked ?? 0} />}
      <ErrorBox message={error} />
      {report && (
        <>
          <dl className="figures" data-testid="check-counts">
            <div>
              <dt>Complete</dt>
              <dd data-testid="check-ok">{report.ok}</dd>
            </div>
            <div>
              <dt>Incomplete</dt>
              <dd data-testid="check-incomplete">{report.incomplete}</dd>
            </div>
            <div>
              <dt>Served by nothing</dt>
              <dd data-testid="check-unserved">{report.unserved}</dd>
            </div>
          </dl>
          {report.unserved > 0 && (
            <p className="mint-warning" role="alert" data-testid="check-left-out">
              {counted(report.unserved, 'row')} that nothing serves {leftOut}
            </p>
          )}
          <CheckProblems checks={report.checks} rowName={rowName} />
          <SampleCards checks={report.checks} />
        </>
      )}
    </section>
  )
}

function CheckProgress({ total, checked }: { total: number; checked: number }) {
  const percent = total === 0 ? 0 : Math.floor((checked * 100) / total)
  return (
    <>
      <div
        className="job-bar"
        role="progressbar"
        aria-label="Checking the metadata"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="job-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="tab-muted" role="status" data-testid="check-progress">
        Reading the documents: {checked} of {total} checked
      </p>
    </>
  )
}

function CheckProblems({
  checks,
  rowName,
}: {
  checks: readonly MintUriCheck[]
  rowName: (index: number) => string
}) {
  const rows = checks.flatMap((check, index) => (check.verdict === 'ok' ? [] : [{ check, index }]))
  if (rows.length === 0) return null
  return (
    <div className="problems-box" data-testid="check-problems">
      <p className="problems-box__title">{counted(rows.length, 'row')} with problems</p>
      <CollapsedList
        items={rows}
        limit={SHOWN_PROBLEMS}
        render={({ check, index }) => (
          <li key={index} data-blocking={check.verdict === 'unserved'}>
            {rowName(index)}: <span className="mint-uri">{check.uri}</span> —{' '}
            {check.problems.join('; ')}
          </li>
        )}
      />
    </div>
  )
}

/** The first complete documents, drawn with the collection's card parts. */
function SampleCards({ checks }: { checks: readonly MintUriCheck[] }) {
  const sample = checks.filter((check) => check.verdict === 'ok').slice(0, SAMPLE)
  if (sample.length === 0) return null
  return (
    <>
      <p className="tab-muted">How the first NFTs will look in the collection:</p>
      <ul className="mint-sample" aria-label="Sample of the collection" data-testid="mint-sample">
        {sample.map((check, index) => (
          <li key={index} className="nft-card">
            <div className="nft-card__picture">
              <NftImage nftId={`#${index + 1}`} image={check.image} />
            </div>
            <div className="nft-card__body">
              <h5 className="nft-card__name">{check.name}</h5>
              <p className="nft-card__facts">
                <span>{counted(check.attributes, 'trait')}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
