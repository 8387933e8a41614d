/**
 * 'List again' in the runner: an offer that replaces earlier ones is not signed before their
 * cancellation has succeeded, and is skipped (never signed) when it did not — also when the job is
 * resumed after that cancellation ended.
 */
import { describe, expect, it } from 'vitest'

import type { LedgerDb } from '../../src/db/schema.ts'
import type { Intent, JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import { INTENT_TYPES } from '../../src/worker/jobKinds.ts'
import { RunState } from '../../src/worker/jobs/run/runState.ts'

const OLD_A = 'A'.repeat(64)
const OLD_B = 'B'.repeat(64)

function item(index: number, intent: Intent, status: JobItemRow['status'] = 'pending'): JobItemRow {
  return { id: `job:${index}`, jobId: 'job', index, intent, status, attempts: [] }
}

function listing(cancelStatus: JobItemRow['status'] = 'pending'): JobItemRow[] {
  return [
    item(0, { type: 'cancel', offerIds: [OLD_A, OLD_B] }, cancelStatus),
    item(1, { type: 'offer', nftId: '1'.repeat(64), amountDrops: '5', replaces: [OLD_A] }),
    item(2, { type: 'offer', nftId: '2'.repeat(64), amountDrops: '6' }),
    item(3, { type: 'offer', nftId: '3'.repeat(64), amountDrops: '7', replaces: [OLD_B] }),
  ]
}

function state(items: JobItemRow[]): RunState {
  return new RunState(
    {} as LedgerDb,
    { id: 'job', status: 'running' } as JobRow,
    items,
    INTENT_TYPES,
  )
}

const signable = (s: RunState) => s.pending(Infinity, true).map((i) => i.index)

describe('replacing offers wait for the cancellation of what they replace', () => {
  it('signs the cancellation and the plain offers first, the replacing ones once it succeeded', () => {
    const items = listing()
    const s = state(items)
    expect(signable(s)).toEqual([0, 2])
    // Every pending item still counts (a pause keeps them for later).
    expect(s.pending().map((i) => i.index)).toEqual([0, 1, 2, 3])
    s.finish(items[0]!, 'tesSUCCESS')
    expect(signable(s)).toEqual([1, 2, 3])
  })

  it('skips them, unsigned, when the cancellation failed', () => {
    const items = listing()
    const s = state(items)
    s.finish(items[0]!, 'tecNO_PERMISSION')
    expect(signable(s)).toEqual([2])
    for (const replacing of [items[1]!, items[3]!]) {
      expect(replacing.status).toBe('skipped')
      expect(replacing.attempts).toEqual([])
      expect(replacing.message).toBe(
        "Not sent: the NFT's earlier offer could not be cancelled, so no second price was made for it.",
      )
    }
    expect(items[2]!.status).toBe('pending')
  })

  it('on a resumed run, takes the cancellation as it ended', () => {
    const done = listing('succeeded')
    expect(signable(state(done))).toEqual([1, 2, 3])
    const skipped = listing('skipped')
    expect(signable(state(skipped))).toEqual([2])
    expect(skipped[1]!.status).toBe('skipped')
  })
})
