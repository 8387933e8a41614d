/**
 * Proof of death that no single server can forge: the sandbox's forgeRivals fault announces, at each
 * ledger close, a validated "rival" with the holder's next Sequence (the one its oldest attempt in
 * flight uses), signed by another key. Taken as proof, it would have the runner sign those intents
 * again while the originals still validate. It must change nothing: every item is signed once and
 * offered once.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, ledgerBefore } from '../../helpers/faultLedger.ts'
import {
  holder,
  planAirdrop,
  recipients,
  startWorld,
  waitForJob,
} from '../../helpers/faultWorld.ts'

const N = 16
const FORGERIES = 6

let w: World

beforeAll(async () => {
  // A small open ledger: 4 at the base fee, the rest of the 8 in flight wait in the queue.
  w = await startWorld({ closeMs: 80, lastLedgerOffset: 6, maxInFlight: 8, expectedLedgerSize: 3 })
})

afterAll(async () => {
  await w.stop()
})

it('a forged rival on the account stream is not taken as proof: nothing is signed twice', async () => {
  const to = recipients.slice(0, N)
  const jobId = await planAirdrop(w, w.nftIds.slice(0, N), to)
  const before = await ledgerBefore(w, to)
  const warnings: string[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
  try {
    w.h.sb.faults.forgeRivals = FORGERIES
    // No ledger closes until some of the job's transactions wait in the queue: the next close then
    // validates the open ledger's, moves the queued ones into the new open ledger, and announces a
    // forgery with the Sequence of the first of them, still in flight. (With ledgers closing on a
    // timer, a slow runner's few submits between two closes could all fit in the open ledger:
    // nothing waited at a close, and no forgery was sent.)
    w.closing!.pause()
    try {
      await w.engine.startJob(jobId)
      await vi.waitFor(() => expect(w.h.sb.ledger.queuedFor(holder).length).toBeGreaterThan(0), {
        timeout: 20_000,
        interval: 10,
      })
    } finally {
      w.closing!.resume()
    }
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
  } finally {
    console.warn = warn
    w.h.sb.faults.forgeRivals = 0
  }
  const items = await expectExactlyOnce(w, jobId, before, to)
  for (const item of items) expect(item.attempts, `item ${item.index}`).toHaveLength(1)
  // The forgeries met attempts in flight with their Sequence, and the runner saw through them.
  const refused = warnings.filter((line) => line.includes('not taken as proof'))
  expect(refused.length).toBeGreaterThan(0)
})
