/**
 * A closed tab mid-job: the engine is disposed at a seeded random point (after a delay, after some
 * ledgers, or once some items are stored as signed), a new engine on the same IndexedDB connects the
 * wallet and resumes. Every job still ends with each item final and exactly once on the ledger, alone
 * and combined with lost submissions, dropped submit replies and queue-full storms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { intBetween, mulberry32, pick } from '../../src/sandbox/demo/catalogRandom.ts'
import type { Random } from '../../src/sandbox/demo/catalogRandom.ts'
import { readItems } from '../../src/db/jobs.ts'
import type { JobItemRow } from '../../src/db/types.ts'
import type { World } from './jobsFaultsSupport.ts'
import { expectExactlyOnce, ledgerBefore } from './jobsFaultsLedger.ts'
import {
  connectHolder,
  connected,
  planAirdrop,
  recipients,
  sleep,
  startWorld,
  waitForItems,
  waitForJob,
} from './jobsFaultsSupport.ts'

let w: World
let nextNft = 0

beforeAll(async () => {
  w = await startWorld({ closeMs: 50, lastLedgerOffset: 6 })
})

afterAll(async () => {
  console.info(`jobsResume: ${restarts.midJob} of ${restarts.total} restarts found items open`)
  await w.stop()
})

function nfts(n: number): string[] {
  if (nextNft + n > w.nftIds.length) nextNft = 0
  const ids = w.nftIds.slice(nextNft, nextNft + n)
  nextNft += n
  return ids
}

/** Waits for the validated ledger to advance by `n`. */
async function ledgers(n: number): Promise<void> {
  const start = w.h.sb.ledger.validated.header.ledger_index
  while (w.h.sb.ledger.validated.header.ledger_index < start + n) await sleep(5)
}

/** The moment the tab closes, drawn from the seed; mostly tied to the job's progress as stored. */
async function crashPoint(random: Random, jobId: string, n: number): Promise<string> {
  const mode = pick(random, ['delay', 'ledgers', 'signed', 'submitted'] as const)
  if (mode === 'delay') {
    const ms = intBetween(random, 0, 80)
    await sleep(ms)
    return `after ${ms} ms`
  }
  if (mode === 'ledgers') {
    const k = intBetween(random, 0, 2)
    await ledgers(k)
    return `after ${k} ledgers`
  }
  const k = intBetween(random, 1, n)
  const reached =
    mode === 'signed'
      ? (items: JobItemRow[]) => items.filter((i) => i.attempts.length).length >= k
      : (items: JobItemRow[]) =>
          items.filter((i) => i.attempts.some((a) => a.preliminary)).length >= k
  await waitForItems(w, jobId, (items) => reached(items) || items.every((i) => FINAL.has(i.status)))
  return `once ${k} items were stored ${mode}`
}

const FINAL = new Set(['succeeded', 'failed', 'skipped'])
/** How many restarts found items still open (reported, not asserted: it depends on timing). */
const restarts = { total: 0, midJob: 0 }

/** Closes the current engine as a tab would, and opens a new one that resumes the job. */
async function restart(jobId: string): Promise<void> {
  await w.engine.dispose()
  const items = await readItems(w.h.db, jobId)
  restarts.total += 1
  if (items.some((i) => !FINAL.has(i.status))) restarts.midJob += 1
  w.engine = w.h.reopen()
  await ready()
}

/**
 * The engine connected with the holder's wallet. A dropped connection may meet the reopening itself:
 * the user tries again once it is back, as here. The connection status decides, not connect()'s
 * answer: once a session's first round of attempts failed, connect() keeps rejecting with that error
 * even after the session has reconnected by itself (ConnectionManager reuses the session and awaits
 * its settled `firstConnection`).
 */
async function ready(): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await w.engine.connect('sandbox').catch(() => undefined)
      await connected(w)
      if (!(await w.engine.getWallet())) await connectHolder(w.engine)
      return
    } catch (e) {
      if (tries === 5) throw e
      await sleep(50)
    }
  }
}

/**
 * One seeded run: an airdrop of 10–16 items, `faults` switched on as it starts, the engine closed and
 * reopened once (sometimes twice) at seeded points; then exactly once.
 */
async function seededRun(seed: number, faults: (random: Random) => void = () => {}) {
  await ready()
  const random = mulberry32(seed)
  const n = intBetween(random, 10, 16)
  const to = recipients.slice(0, n)
  const jobId = await planAirdrop(w, nfts(n), to)
  const before = await ledgerBefore(w, to)
  faults(random)
  await w.engine.startJob(jobId)
  const points = [await crashPoint(random, jobId, n)]
  await restart(jobId)
  if (random() < 0.3) {
    points.push(await crashPoint(random, jobId, n))
    await restart(jobId)
  }
  const job = await waitForJob(w, jobId)
  clearFaults()
  expect(job.status, `seed ${seed}: closed ${points.join(', then ')}`).toBe('completed')
  expect(job.counts).toMatchObject({ total: n, succeeded: n })
  await expectExactlyOnce(w, jobId, before, to)
}

function clearFaults(): void {
  const f = w.h.sb.faults
  f.loseSubmits = 0
  f.dropSubmitReplies = 0
  f.queueFullShare = 0
  f.dropAfterMessages = null
  w.h.sb.ledger.expectedLedgerSize = 1000
}

const SEEDS = Array.from({ length: 24 }, (_, i) => 0x5eed0 + i)

describe('the engine is closed and reopened mid-job', () => {
  it.each(SEEDS)('seed %i', async (seed) => {
    await seededRun(seed)
  })
})

describe('closed and reopened mid-job, with submission faults', () => {
  it.each(SEEDS.slice(0, 6))('lost submits, seed %i', async (seed) => {
    await seededRun(seed, (random) => {
      w.h.sb.faults.loseSubmits = intBetween(random, 1, 6)
    })
  })

  it.each(SEEDS.slice(6, 10))('dropped submit replies, seed %i', async (seed) => {
    await seededRun(seed, (random) => {
      w.h.sb.faults.dropSubmitReplies = intBetween(random, 1, 3)
    })
  })

  it.each(SEEDS.slice(13, 17))('a dropped connection, seed %i', async (seed) => {
    await seededRun(seed, (random) => {
      w.h.sb.faults.dropAfterMessages = intBetween(random, 1, 16)
    })
  })

  it.each(SEEDS.slice(10, 13))('a queue-full storm, seed %i', async (seed) => {
    await seededRun(seed, () => {
      w.h.sb.ledger.expectedLedgerSize = 8
      w.h.sb.faults.queueFullShare = 0.5
    })
  })
})

it('resumes a job whose every attempt was stored signed but never submitted', async () => {
  // All submits lost and the tab closed before any ledger could tell: only the stored blobs remain.
  const n = 12
  const to = recipients.slice(0, n)
  const jobId = await planAirdrop(w, nfts(n), to)
  const before = await ledgerBefore(w, to)
  w.h.sb.faults.loseSubmits = n
  await w.engine.startJob(jobId)
  await waitForItems(w, jobId, (items) => items.every((i) => i.status === 'inFlight'))
  await restart(jobId)
  const job = await waitForJob(w, jobId)
  clearFaults()
  expect(job.counts).toMatchObject({ total: n, succeeded: n })
  const items = await expectExactlyOnce(w, jobId, before, to)
  // Nothing was signed twice: each item's one attempt, submitted again by the new engine.
  expect(items.every((i) => i.attempts.length === 1)).toBe(true)
  expect((await readItems(w.h.db, jobId)).length).toBe(n)
})
