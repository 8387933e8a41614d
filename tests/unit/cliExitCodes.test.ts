/**
 * The exit code each end of a job means to a script, and the words of a store written under another
 * schema: the cases the integration tests (cliExitCodes) do not reach through a sandbox.
 */
import { describe, expect, it } from 'vitest'
import { exitFor } from '../../src/cli/follow.ts'
import { EXIT } from '../../src/cli/options.ts'
import { StoreUnreadableError, checkSchema } from '../../src/node/store/storeFile.ts'
import type { JobRow } from '../../src/worker/api.ts'

/** A job row with the status and counts a case needs (exitFor reads nothing else). */
function job(status: JobRow['status'], counts: Partial<JobRow['counts']>): JobRow {
  const all = { total: 0, succeeded: 0, failed: 0, skipped: 0, inFlight: 0, ...counts }
  return { status, counts: all } as unknown as JobRow
}

describe('exitFor', () => {
  it('tells done, some failed, nothing done and not finished apart', () => {
    expect(exitFor(job('completed', { total: 3, succeeded: 3 }))).toBe(EXIT.done)
    // Some done, some skipped: done (the report says which were skipped).
    expect(exitFor(job('completed', { total: 3, succeeded: 1, skipped: 2 }))).toBe(EXIT.done)
    expect(exitFor(job('completed', { total: 3, skipped: 3 }))).toBe(EXIT.nothingDone)
    // Failures are what to look at, even when nothing succeeded.
    expect(exitFor(job('completed', { total: 3, failed: 1, skipped: 2 }))).toBe(EXIT.itemsFailed)
    expect(exitFor(job('failed', { total: 3, skipped: 3 }))).toBe(EXIT.itemsFailed)
    expect(exitFor(job('paused', { total: 3, skipped: 1 }))).toBe(EXIT.interrupted)
    expect(EXIT.nothingDone).toBe(5)
    expect(EXIT.storeUnreadable).toBe(6)
  })
})

describe('checkSchema', () => {
  it('accepts its own schema and says which xnm made another', () => {
    expect(() => checkSchema('/s', '7', 7)).not.toThrow()
    expect(() => checkSchema('/s', '9', 7)).toThrow(
      new StoreUnreadableError(
        'the store in /s was made by a newer xnm (store schema 9; this xnm reads schema 7): update xnm, or give another --store',
      ),
    )
    expect(() => checkSchema('/s', '6', 7)).toThrow(/^the store in \/s was made by an older xnm/)
    expect(() => checkSchema('/s', 'x', 7)).toThrow(/records an unknown schema "x"/)
  })
})
