import { useId } from 'react'
import type { ReactNode } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import { saveTextFile } from './saveFile.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import './jobs.css'

/**
 * The frame every job card shares (progress or results, of any tab): the title, the job's id prefix
 * and what the card shows.
 */
export function JobCard({
  job,
  title,
  testId,
  children,
}: {
  job: JobRow
  title: string
  testId: string
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section className="job-card" aria-labelledby={titleId} data-testid={testId}>
      <div className="job-card__head">
        <h3 id={titleId}>{title}</h3>
        <span className="job-card__id">Job {job.id.slice(0, 8)}</span>
      </div>
      {children}
    </section>
  )
}

/** One figure of a card: its label, value and the test id of the value. */
export interface Figure {
  label: string
  value: ReactNode
  testId?: string
}

/** A row of figures (Successful, Failed, Total, …). */
export function JobFigures({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="figures">
      {figures.map(({ label, value, testId }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The foot of a results card: why the last action failed, what the tab adds (`extra`), 'Export
 * report (CSV)' (the report saved as `{name}-report-{job id prefix}.csv`) and Close.
 *
 * @param report - the job's report as CSV, or null when it could not be made (the tab shows why).
 */
export function ResultActions({
  job,
  name,
  error,
  report,
  onClose,
  extra,
}: {
  job: JobRow
  name: string
  error: string | null
  extra?: ReactNode
  report: (jobId: string) => Promise<string | null>
  onClose: (jobId: string) => void
}) {
  const download = async () => {
    const csv = await report(job.id)
    if (csv !== null) saveTextFile(`${name}-report-${job.id.slice(0, 8)}.csv`, csv)
  }
  return (
    <>
      <ErrorBox message={error} />
      {extra}
      <div className="actions-row">
        <button type="button" className="button" onClick={() => void download()}>
          Export report (CSV)
        </button>
        <button type="button" className="button" onClick={() => onClose(job.id)}>
          Close
        </button>
      </div>
    </>
  )
}
