/**
 * A closed tab mid-job: the engine is disposed at a seeded random point (after a delay, after some
 * ledgers, or once some items are stored as signed), a new engine on the same IndexedDB connects the
 * wallet and resumes. Every job still ends with each item final and exactly once on the ledger, alone
 * and combined with lost submissions, dropped submit replies and queue-full storms. Each restart is
 * checked to have come mid-job (items still open when the engine closed) and each fault to have met
 * the job: a crash point that turns out to come after the job ended is drawn again, on a new job.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { intBetween, mulberry32, pick } from '../../../src/sandbox/demo/catalogRandom.ts'
import type { Random } from '../../../src/sandbox/demo/catalogRandom.ts'
import { readItems } from '../../../src/db/jobs.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, ledgerBefore } from '../../helpers/faultLedger.ts'
import { openSequence } from '../../helpers/sandbox.ts'
import {
  connectHolder,
  connected,
  holder,
  planAirdrop,
  recipients,
  recordSubmits,
  sleep,
  startWorld,
  waitForItems,
  waitForJob,
} from '../../helpers/faultWorld.ts'

let w: World
let nextNft = 0

beforeAll(async () => {
  w = await startWorld({ closeMs: 50, lastLedgerOffset: 6 })
})

afterAll(async () => {
  console.info(
    `jobsResume: ${draws.late} of ${draws.tries} jobs ended before a drawn crash point ` +
      `(drawn again); seeded runs: ${draws.runs}`,
  )
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
  await vi.waitFor(
    () => expect(w.h.sb.ledger.validated.header.ledger_index).toBeGreaterThanOrEqual(start + n),
    { timeout: 10_000, interval: 5 },
  )
}

/** The moment the tab closes, drawn from the seed; mostly tied to the job's progress as stored. */
async function crashPoint(random: Random, jobId: string, n: number): Promise<string> {
  const mode = pick(random, ['delay', 'ledgers', 'signed', 'submitted'] as const)
  if (mode === 'delay') {
    const ms = intBetween(random, 0, 80)
    // The scenario itself: the tab closes this long after the job started, wherever it got to.
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
/**
 * Whether a job was still open when its engine closed depends on timing; a run whose crash point
 * came after the job ended draws its points again (from the same seeded sequence), at most this
 * many times in all. About one job in eight ends first, mostly waiting for k items stored
 * submitted: an item may settle without its submit's answer ever being stored (a dropped reply).
 */
const MAX_DRAWS = 10
/** Seeded runs, jobs run for them, and jobs that ended before a crash point (reported). */
const draws = { runs: 0, tries: 0, late: 0 }

/**
 * Closes the current engine as a tab would, and opens a new one that resumes the job.
 *
 * @returns whether the restart came mid-job: items still open when the engine was closed.
 */
async function restart(jobId: string): Promise<boolean> {
  await w.engine.dispose()
  const items = await readItems(w.h.db, jobId)
  w.engine = w.h.reopen()
  await ready()
  return items.some((i) => !FINAL.has(i.status))
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

/** A sandbox fault switched on as a job starts, and the evidence that it met the job. */
interface Fault {
  /** Switches the fault on, its size drawn from the seed. */
  arm(random: Random): void
  /** Once the job ended: whether the fault fired, given the answers to the sandbox's submits. */
  fired(submitResults: readonly string[]): boolean
}

/**
 * A fault the sandbox counts down as it fires; `left` reads from the sandbox how much of it is still
 * to fire. It fired when it was armed (read back, not assumed) and is used up once the job ended.
 */
function countdown(arm: (random: Random) => void, left: () => number): Fault {
  let armed = 0
  return {
    arm: (random) => {
      arm(random)
      armed = left()
    },
    fired: () => armed > 0 && left() === 0,
  }
}

/**
 * One seeded run: an airdrop of 10–16 items, `fault` switched on as it starts, the engine closed and
 * reopened once (sometimes twice) at seeded points; then the fault fired, and exactly once. When a
 * restart found the job already ended, the run is made again with a new job and new points drawn
 * from the same seeded sequence; every restart of the run that counts came mid-job.
 */
async function seededRun(seed: number, fault?: Fault): Promise<void> {
  const random = mulberry32(seed)
  const n = intBetween(random, 10, 16)
  const late: string[] = []
  draws.runs += 1
  for (let draw = 1; draw <= MAX_DRAWS; draw++) {
    const run = await jobClosedAt(seed, random, n, fault)
    draws.tries += 1
    if (run.midJob) return
    draws.late += 1
    late.push(run.points.join(', then '))
  }
  expect.fail(
    `seed ${seed}: the job had ended before the engine closed, at every one of ${MAX_DRAWS} drawn ` +
      `crash points (${late.join('; ')})`,
  )
}

/**
 * One airdrop of `n` items closed and reopened at points drawn from `random`; checks that the fault
 * fired and exactly once. Returns the points and whether every restart found items still open.
 */
async function jobClosedAt(
  seed: number,
  random: Random,
  n: number,
  fault: Fault | undefined,
): Promise<{ points: string[]; midJob: boolean }> {
  await ready()
  const to = recipients.slice(0, n)
  const jobId = await planAirdrop(w, nfts(n), to)
  const before = await ledgerBefore(w, to)
  const submits = recordSubmits(w)
  const points: string[] = []
  let midJob: boolean
  let job: JobRow
  let fired: boolean
  try {
    fault?.arm(random)
    await w.engine.startJob(jobId)
    points.push(await crashPoint(random, jobId, n))
    midJob = await restart(jobId)
    // A second close is only worth drawing while the first one came mid-job.
    if (midJob && random() < 0.3) {
      points.push(await crashPoint(random, jobId, n))
      midJob = await restart(jobId)
    }
    job = await waitForJob(w, jobId)
    // Read before clearFaults, which would zero the counters.
    fired = fault?.fired(submits.results) ?? true
  } finally {
    submits.stop()
    clearFaults()
  }
  const label = `seed ${seed}: closed ${points.join(', then ')}`
  expect(fired, `${label}: the fault never met the job`).toBe(true)
  expect(job.status, label).toBe('completed')
  expect(job.counts).toMatchObject({ total: n, succeeded: n })
  await expectExactlyOnce(w, jobId, before, to)
  return { points, midJob }
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
  // Every job makes at least 10 submits (and more requests): each fault below is used up by it.
  const faults = () => w.h.sb.faults
  it.each(SEEDS.slice(0, 6))('lost submits, seed %i', async (seed) => {
    await seededRun(
      seed,
      countdown(
        (random) => (faults().loseSubmits = intBetween(random, 1, 6)),
        () => faults().loseSubmits,
      ),
    )
  })

  it.each(SEEDS.slice(6, 10))('dropped submit replies, seed %i', async (seed) => {
    await seededRun(
      seed,
      countdown(
        (random) => (faults().dropSubmitReplies = intBetween(random, 1, 3)),
        () => faults().dropSubmitReplies,
      ),
    )
  })

  it.each(SEEDS.slice(13, 17))('a dropped connection, seed %i', async (seed) => {
    await seededRun(
      seed,
      countdown(
        (random) => (faults().dropAfterMessages = intBetween(random, 1, 16)),
        () => faults().dropAfterMessages ?? 0,
      ),
    )
  })

  it.each(SEEDS.slice(10, 13))('a queue-full storm, seed %i', async (seed) => {
    await seededRun(seed, {
      arm: () => {
        w.h.sb.ledger.expectedLedgerSize = 8
        faults().queueFullShare = 0.5
      },
      fired: (results) => results.includes('telCAN_NOT_QUEUE_FULL'),
    })
  })
})

it('resumes a job whose every attempt was stored signed but never submitted', async () => {
  // All submits lost and the tab closed before any ledger could tell: only the stored blobs remain.
  const n = 12
  const to = recipients.slice(0, n)
  const jobId = await planAirdrop(w, nfts(n), to)
  const before = await ledgerBefore(w, to)
  const submits = recordSubmits(w)
  const timesSubmitted = () => {
    const times = new Map<string, number>()
    for (const blob of submits.blobs) times.set(blob, (times.get(blob) ?? 0) + 1)
    return [...times.values()]
  }
  let job: JobRow
  w.closing!.pause()
  try {
    const sequence = openSequence(w.h.sb.ledger, holder)
    w.h.sb.faults.loseSubmits = n
    await w.engine.startJob(jobId)
    // No ledger closes: every item is signed and its one submit lost, nothing can tell yet.
    await waitForItems(w, jobId, (items) => items.every((i) => i.status === 'inFlight'))
    await vi.waitFor(() => expect(submits.blobs).toHaveLength(n), { timeout: 10_000 })
    expect(timesSubmitted()).toEqual(Array.from({ length: n }, () => 1))
    // Lost indeed: the open ledger took none of them.
    expect(w.h.sb.faults.loseSubmits).toBe(0)
    expect(openSequence(w.h.sb.ledger, holder), 'a lost submit reached the ledger').toBe(sequence)
    expect(await restart(jobId), 'the job had ended before the engine closed').toBe(true)
    // The new engine submits each stored blob again, before any ledger closes.
    await vi.waitFor(() => expect(timesSubmitted().every((times) => times >= 2)).toBe(true), {
      timeout: 10_000,
    })
  } finally {
    w.closing!.resume()
  }
  try {
    job = await waitForJob(w, jobId)
  } finally {
    submits.stop()
    clearFaults()
  }
  expect(job.counts).toMatchObject({ total: n, succeeded: n })
  const items = await expectExactlyOnce(w, jobId, before, to)
  // Nothing was signed twice: each item's one attempt, submitted again by the new engine.
  expect(items.every((i) => i.attempts.length === 1)).toBe(true)
  expect((await readItems(w.h.db, jobId)).length).toBe(n)
  expect(timesSubmitted()).toHaveLength(n)
})
