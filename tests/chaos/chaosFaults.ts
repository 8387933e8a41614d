/**
 * The faults of the chaos soak (see chaosRun.ts): their kinds, where each lands in the job's stored
 * progress, how each is applied to a run's world, and how it is recorded.
 */
import { readJob } from '../../src/db/jobs.ts'
import type { Sandbox } from '../../src/sandbox/index.ts'
import { sleep } from '../helpers/faultWorld.ts'
import { runCliUntilKilled } from './chaosCli.ts'
import { closeTabs, ledgers, openEngine, ready } from './chaosWorld.ts'
import type { ChaosWorld, SubmitFault, Tab } from './chaosWorld.ts'

/** The faults a run draws from. */
export const FAULT_KINDS = [
  'engine killed',
  'tab reloaded',
  'wallet disconnected',
  'network switched',
  'second tab opened',
  'connection dropped',
  'submit lost',
  'cli killed',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/** Where a fault lands: once `count` items are stored signed (with an attempt) or settled (final). */
export interface PlannedFault {
  kind: FaultKind
  measure: 'signed' | 'settled'
  count: number
  /** How long the fault lasts, in ledgers (engine killed, wallet disconnected, network switched). */
  ledgers: number
  /** Submits lost (submit lost). */
  submits: number
  /** The connection drops with the next submit's reply; the second tab closes at the next point. */
  alt: boolean
}

/** One fault as it met the job. */
export interface FaultRecord {
  kind: FaultKind
  /** When it was applied, e.g. `signed≥37` (37 items stored with an attempt). */
  point: string
  /** What exactly happened, e.g. `closed for 3 ledgers`. */
  detail: string
  /** Items of the job were still open (pending or in flight) when it took effect. */
  midJob: boolean
  /** It took effect (a lost submit or dropped reply: a submit met it before the run ended). */
  fired: boolean
}

/** Applies each fault once the job's stored progress reaches its point (or the job ended). */
export async function applyFaults(
  cw: ChaosWorld,
  jobId: string,
  points: readonly PlannedFault[],
  deadline: number,
): Promise<FaultRecord[]> {
  const records: FaultRecord[] = []
  for (const [index, f] of points.entries()) {
    const point = `${f.measure}≥${f.count}`
    if (!(await reached(cw, jobId, f, deadline))) {
      records.push({ kind: f.kind, point, detail: 'never reached', midJob: false, fired: false })
      continue
    }
    await closeTabs(cw, (t) => t.closeAtNext)
    let midJob = false
    const hit = async () => {
      midJob = await hasOpenItems(cw, jobId)
    }
    const last = index === points.length - 1
    const detail = await APPLY[f.kind]({ cw, jobId, f, index, last, hit })
    const deferred = cw.deferred.some((d) => d.index === index)
    records.push({ kind: f.kind, point, detail, midJob, fired: !deferred })
  }
  return records
}

/** Waits until the point is reached; false when the job ended or the deadline passed first. */
async function reached(cw: ChaosWorld, jobId: string, f: PlannedFault, deadline: number) {
  for (;;) {
    const job = await readJob(cw.w.h.db, jobId)
    if (job) {
      const c = job.counts
      const progress =
        f.measure === 'signed' ? c.total - c.pending : c.succeeded + c.failed + c.skipped
      if (progress >= f.count) return true
      if (['completed', 'failed', 'cancelled'].includes(job.status)) return false
    }
    if (Date.now() > deadline) return false
    await sleep(5)
  }
}

async function hasOpenItems(cw: ChaosWorld, jobId: string): Promise<boolean> {
  const c = (await readJob(cw.w.h.db, jobId))?.counts
  return c !== undefined && c.pending + c.inFlight > 0
}

interface FaultContext {
  cw: ChaosWorld
  jobId: string
  f: PlannedFault
  index: number
  /** No fault comes after this one. */
  last: boolean
  /** Called at the instant the fault takes effect: records whether the job was under way. */
  hit: () => Promise<void>
}

const APPLY: Record<FaultKind, (x: FaultContext) => Promise<string>> = {
  'engine killed': async (x) => {
    const tab = await runnerTab(x.cw, x.jobId)
    await tab.engine.dispose()
    await x.hit()
    await ledgers(x.cw, x.f.ledgers)
    tab.engine = await openEngine(x.cw)
    return `closed for ${plural(x.f.ledgers, 'ledger')}${tab.second ? ', the second tab' : ''}`
  },
  'tab reloaded': async (x) => {
    const tab = await runnerTab(x.cw, x.jobId)
    await tab.engine.dispose()
    await x.hit()
    tab.engine = await openEngine(x.cw)
    return tab.second ? 'the second tab, reopened at once' : 'reopened at once'
  },
  'wallet disconnected': async (x) => {
    const tab = await runnerTab(x.cw, x.jobId)
    await tab.engine.lock()
    await x.hit()
    await ledgers(x.cw, x.f.ledgers)
    await ready(x.cw, tab.engine)
    return `for ${plural(x.f.ledgers, 'ledger')}`
  },
  'network switched': async (x) => {
    const tab = await runnerTab(x.cw, x.jobId)
    await ready(x.cw, tab.engine, 'testnet')
    await x.hit()
    await ledgers(x.cw, x.f.ledgers)
    await ready(x.cw, tab.engine)
    return `to Testnet for ${plural(x.f.ledgers, 'ledger')}`
  },
  'second tab opened': async (x) => {
    const closeAtNext = x.f.alt && !x.last
    x.cw.tabs.push({ engine: await openEngine(x.cw), second: true, closeAtNext })
    await x.hit()
    return closeAtNext ? 'closed at the next point' : 'closed at the end'
  },
  'connection dropped': async (x) => {
    if (x.f.alt) arm(x, 'dropSubmitReplies', 1)
    else x.cw.w.h.sb.faults.dropConnections()
    await x.hit()
    return x.f.alt ? "with a submit's reply" : 'at once'
  },
  'cli killed': async (x) => {
    // Every tab closes (as the app's window would): `xnm job start` takes the job over.
    await closeTabs(x.cw, () => true)
    const where = (['drop', 'apply', 'reply'] as const)[x.f.submits % 3]!
    const detail = await runCliUntilKilled(x.cw, x.jobId, x.f.submits * 3 - 1, where)
    await x.hit()
    x.cw.tabs.push({ engine: await openEngine(x.cw), second: false, closeAtNext: false })
    return detail
  },
  'submit lost': async (x) => {
    arm(x, 'loseSubmits', x.f.submits)
    await x.hit()
    return plural(x.f.submits, 'submit')
  },
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/** Arms one of the sandbox's submit faults, remembering where its share starts (FIFO). */
function arm(x: FaultContext, key: SubmitFault, n: number): void {
  const { cw } = x
  // What is still armed was armed before: it is consumed first.
  const left = cw.w.h.sb.faults[key]
  cw.deferred.push({ index: x.index, key, before: cw.armed[key] })
  cw.armed[key] += n
  cw.w.h.sb.faults[key] = left + n
}

/** The tab whose runner took the job last (the one to hurt), else the first. */
async function runnerTab(cw: ChaosWorld, jobId: string): Promise<Tab> {
  const runnerId = (await readJob(cw.w.h.db, jobId))?.runnerId
  for (const tab of cw.tabs) if ((await tab.engine.getRunnerId()) === runnerId) return tab
  return cw.tabs[0]!
}

/**
 * Per fault index: whether a deferred fault (lost submit, dropped reply) met a submit; the sandbox's
 * counters are consumed in order. Read it before {@link clearFaults}.
 */
export function firedDeferred(cw: ChaosWorld): boolean[] {
  const faults = cw.w.h.sb.faults
  const fired: boolean[] = []
  for (const d of cw.deferred) {
    const consumed = cw.armed[d.key] - faults[d.key]
    fired[d.index] = consumed > d.before
  }
  return fired
}

/** Disarms the sandbox's submit faults still armed. */
export function clearFaults(sb: Sandbox): void {
  sb.faults.loseSubmits = 0
  sb.faults.dropSubmitReplies = 0
}
