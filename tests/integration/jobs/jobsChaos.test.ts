/**
 * A short seeded run of the chaos soak (`npm run chaos`, tests/chaos/chaosRun.ts): ten airdrops of
 * 40 items, each hit by 1–3 faults at seeded points of its stored progress (engine killed, tab
 * reloaded, wallet disconnected, network switched, second tab opened, connection dropped, submits
 * lost, the job taken over by `xnm` and killed -9). Every intent is applied exactly once, nothing stays in flight, no sequence number is left
 * unused, and every fault met the job while it was under way.
 */
import { describe, expect, it } from 'vitest'

import { FAULT_KINDS } from '../../chaos/chaosFaults.ts'
import { describeRun, runChaos, runPlan } from '../../chaos/chaosRun.ts'

/**
 * Few attempts in flight, so that a 40-item job spans a dozen ledgers and each fault (drawn in the
 * first half of the job) still finds items open; a short LastLedgerSequence offset, so that lost
 * submits are found dead quickly.
 */
const OPTIONS = {
  items: 40,
  closeMs: 80,
  jobLimitMs: 40_000,
  maxInFlight: [3, 4],
  lastLedgerOffset: [6, 10],
}
/** Seeds whose plans draw every kind of fault (checked below). */
const SEEDS = Array.from({ length: 10 }, (_, i) => 0xc4a05 + i)

it('the seeds draw every kind of fault', () => {
  const kinds = new Set(SEEDS.flatMap((seed) => runPlan(seed, OPTIONS).faults.map((f) => f.kind)))
  expect([...kinds].sort()).toEqual([...FAULT_KINDS].sort())
})

describe('chaos: faults at seeded points of a running airdrop', () => {
  it.each(SEEDS)('seed %i: exactly once, nothing stuck', async (seed) => {
    const { outcomes } = await runChaos({ ...OPTIONS, runs: 1, seed })
    const run = outcomes[0]!
    const line = describeRun(run)
    expect(run.problems, line).toEqual([])
    expect({ lost: run.lost, doubled: run.doubled, stuck: run.stuck }, line).toEqual({
      lost: 0,
      doubled: 0,
      stuck: false,
    })
    expect(run.status, line).toBe('completed')
    // Each fault took effect while items were still open (a lost submit or a dropped reply: a
    // submit of the job met it).
    expect(
      run.faults.filter((f) => !f.midJob || !f.fired),
      line,
    ).toEqual([])
  })
})
