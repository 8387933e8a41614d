import { useId } from 'react'
import type { ReactNode } from 'react'

import type { JobRow } from '../../db/types.ts'
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
