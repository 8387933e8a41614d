/** Which job a tab's card shows right after the tab started one. */
import { describe, expect, it } from 'vitest'

import type { JobRow } from '../../src/db/types/jobs.ts'
import { latestOrAwaited } from '../../src/app/jobs/jobStatus.ts'

const job = (id: string) => ({ id }) as JobRow

describe('latestOrAwaited', () => {
  it('shows the latest job when the tab started none', () => {
    expect(latestOrAwaited([job('b'), job('a')], null)?.id).toBe('b')
    expect(latestOrAwaited([], null)).toBeNull()
  })

  it('shows nothing until the job just started is read, so the one before does not pass for it', () => {
    expect(latestOrAwaited([job('a')], 'b')).toBeNull()
    expect(latestOrAwaited([job('b'), job('a')], 'b')?.id).toBe('b')
    // A newer job (another tab's) after it: the latest shows.
    expect(latestOrAwaited([job('c'), job('b')], 'b')?.id).toBe('c')
  })
})
