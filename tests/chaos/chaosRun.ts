/**
 * The chaos soak of the job engine (docs/architecture.md §3.2, exactly once): seeded runs of an airdrop job
 * on the in-process sandbox, each hit by 1–3 faults at seeded points of its stored progress — the
 * engine killed, the tab reloaded, the wallet disconnected, the network switched, a second tab
 * opened, the connection dropped, submits lost, the job taken over by `xnm` and that process killed
 * (kill -9) at a submit — then checked on the ledger through an independent client: every intent
 * applied exactly once, nothing in flight, no sequence gap.
 *
 * Each run has a world of its own (a sandbox, a durable store, a Testnet stand-in, a fresh holder with
 * the NFTs it needs, minted in-process), so a stuck run cannot disturb the next. Run `i` of seed `S`
 * uses seed `S + i`: `--runs 1 --seed S+i` replays its fault plan (the timing is the machine's).
 */
import { readJob } from '../../src/db/jobs.ts'
import { intBetween, mulberry32, pick } from '../../src/sandbox/demo/catalogRandom.ts'
import { waitForJob } from '../helpers/faultWorld.ts'
import { baseline, checkRun } from './chaosChecks.ts'
import { FAULT_KINDS, applyFaults, clearFaults, firedDeferred } from './chaosFaults.ts'
import type { FaultRecord, PlannedFault } from './chaosFaults.ts'
import { closeTabs, openWorld } from './chaosWorld.ts'
import type { ChaosWorld } from './chaosWorld.ts'

/** What `runChaos` runs; everything but `runs` and `seed` has a default. */
export interface ChaosOptions {
  runs: number
  /** Run `i` (from 0) uses seed `seed + i`. */
  seed: number
  /** Intents per job (default 200). */
  items?: number
  /** Ledger close interval of the sandboxes, ms (default 100). */
  closeMs?: number
  /** How long a run may take from its start to its job completed, ms (default 120 s). */
  jobLimitMs?: number
  /** The runner's maxInFlight, one drawn per run (default 10, 50 or 400). */
  maxInFlight?: readonly number[]
  /** The runner's LastLedgerSequence offset, one drawn per run (default 8 or 20). */
  lastLedgerOffset?: readonly number[]
  /** Told each run's outcome as soon as it is known. */
  onRun?: (outcome: RunOutcome) => void
}

/** One run: its plan, what happened and what the ledger says. */
export interface RunOutcome {
  run: number
  seed: number
  items: number
  limits: { maxInFlight: number; lastLedgerOffset: number }
  faults: FaultRecord[]
  /** The job's status at the end (`missing` if there was no job). */
  status: string
  ms: number
  /** Intents not applied (or not as the job recorded them). */
  lost: number
  /** Intents applied more than once, and transactions or offers no intent explains. */
  doubled: number
  /** The job did not complete in time, or something stayed in flight or left a sequence gap. */
  stuck: boolean
  problems: string[]
}

export interface ChaosTotals {
  runs: number
  lost: number
  doubled: number
  /** Runs that were stuck. */
  stuck: number
}

/**
 * Runs the soak: `runs` seeded runs one after the other.
 *
 * @returns each run's outcome and the totals.
 */
export async function runChaos(
  options: ChaosOptions,
): Promise<{ outcomes: RunOutcome[]; totals: ChaosTotals }> {
  const outcomes: RunOutcome[] = []
  for (let i = 0; i < options.runs; i++) {
    const outcome = await chaosRun(i + 1, options.seed + i, options)
    options.onRun?.(outcome)
    outcomes.push(outcome)
  }
  const totals: ChaosTotals = {
    runs: outcomes.length,
    lost: outcomes.reduce((n, o) => n + o.lost, 0),
    doubled: outcomes.reduce((n, o) => n + o.doubled, 0),
    stuck: outcomes.filter((o) => o.stuck).length,
  }
  return { outcomes, totals }
}

/** The soak's last line: `chaos: N runs, L lost, D doubled, S stuck`. */
export function summaryLine(t: ChaosTotals): string {
  return `chaos: ${t.runs} runs, ${t.lost} lost, ${t.doubled} doubled, ${t.stuck} stuck`
}

/**
 * One line about a run: its seed and limits, its faults (`*`: it met the job under way; `?`: a lost
 * submit or dropped reply that no submit met), the job's status, the counts and the problems found.
 */
export function describeRun(o: RunOutcome): string {
  const mark = (f: FaultRecord) => `${f.midJob ? '*' : ''}${f.fired ? '' : '?'}`
  const faults = o.faults.map((f) => `${f.kind} (${f.detail}) at ${f.point}${mark(f)}`)
  const head = `run ${o.run} (seed ${o.seed}): ${o.items} items, ≤${o.limits.maxInFlight} in flight, LLS+${o.limits.lastLedgerOffset}`
  const verdict = `${o.status}, ${o.lost} lost, ${o.doubled} doubled${o.stuck ? ', STUCK' : ''}`
  const tail = o.problems.length ? ` — ${o.problems.slice(0, 6).join('; ')}` : ''
  return `${head} | ${faults.join(', ') || 'no fault'} | ${verdict}, ${(o.ms / 1000).toFixed(1)} s${tail}`
}

// ---------------------------------------------------------------------------------------------
// One run

/** A run's runner limits and faults, all drawn from its seed before anything starts. */
export interface RunPlan {
  limits: { maxInFlight: number; lastLedgerOffset: number }
  faults: PlannedFault[]
}

/**
 * The plan of the run with this seed (the same whenever it runs).
 *
 * @param options - the soak's options (items and limit choices).
 */
export function runPlan(seed: number, options: Omit<ChaosOptions, 'runs' | 'seed'>): RunPlan {
  const random = mulberry32(seed)
  const items = options.items ?? 200
  const maxInFlight = pick(random, options.maxInFlight ?? [10, 50, 400])
  const lastLedgerOffset = pick(random, options.lastLedgerOffset ?? [8, 20])
  // Progress by settled items is a usable clock only when few are in flight at once.
  const measures =
    maxInFlight * 4 <= items ? (['signed', 'settled'] as const) : (['signed'] as const)
  const faults: PlannedFault[] = Array.from({ length: intBetween(random, 1, 3) }, () => ({
    kind: pick(random, FAULT_KINDS),
    measure: pick(random, measures),
    // In the first half of the job, so that the faults meet it under way.
    count: intBetween(random, 1, Math.max(1, Math.ceil(items / 2))),
    ledgers: intBetween(random, 1, 4),
    submits: intBetween(random, 1, 5),
    alt: random() < 0.5,
  }))
  faults.sort((a, b) => a.count - b.count)
  return { limits: { maxInFlight, lastLedgerOffset }, faults }
}

async function chaosRun(run: number, seed: number, o: ChaosOptions): Promise<RunOutcome> {
  const items = o.items ?? 200
  const started = Date.now()
  const plan = runPlan(seed, o)
  const base = { run, seed, items, limits: plan.limits }
  let cw: ChaosWorld | undefined
  try {
    cw = await openWorld(mulberry32(seed ^ 0x5eed), items, plan.limits, o.closeMs ?? 100)
    const outcome = await exercise(cw, plan.faults, started + (o.jobLimitMs ?? 120_000))
    return { ...base, ...outcome, ms: Date.now() - started }
  } catch (e) {
    // A step of the soak itself failed (or an engine call threw): the run proves nothing.
    const problem = `run aborted: ${e instanceof Error ? e.message : String(e)}`
    const none = { lost: 0, doubled: 0, stuck: true, problems: [problem], faults: [] }
    return { ...base, ...none, status: 'aborted', ms: Date.now() - started }
  } finally {
    await cw?.stop()
  }
}

/** Plans and starts the job, applies the faults, waits for the job's end, then checks. */
async function exercise(cw: ChaosWorld, faults: readonly PlannedFault[], deadline: number) {
  const jobId = await planJob(cw)
  const before = baseline(cw)
  await cw.tabs[0]!.engine.startJob(jobId)
  const records = await applyFaults(cw, jobId, faults, deadline)
  const ended = await waitForJob(
    cw.w,
    jobId,
    ['completed', 'failed', 'cancelled'],
    Math.max(0, deadline - Date.now()),
  ).catch(() => undefined)
  // Read before the switches are cleared: which lost submits and dropped replies met a submit.
  const fired = firedDeferred(cw)
  await closeTabs(cw, () => true)
  clearFaults(cw.w.h.sb)
  const verdict = await checkRun(cw, jobId, before, ended !== undefined)
  const status = (await readJob(cw.w.h.db, jobId))?.status ?? 'missing'
  return {
    ...verdict,
    status,
    faults: records.map((r, i) => ({ ...r, fired: r.fired || (fired[i] ?? false) })),
  }
}

/** Plans the airdrop: the NFTs in order, to the recipients in turn (several each). */
async function planJob(cw: ChaosWorld): Promise<string> {
  const per = Math.ceil(cw.nftIds.length / cw.recipients.length)
  const plan = await cw.tabs[0]!.engine.planJob({
    kind: 'airdrop',
    distribution: cw.recipients.map((address) => ({ address, count: per })),
    nftIds: cw.nftIds,
    randomize: false,
  })
  if (plan.problems.length) throw new Error(`plan: ${JSON.stringify(plan.problems[0])}`)
  return plan.jobId
}
