/**
 * `npm run bench [suite …]`: runs the benchmark suites, prints their figures and writes
 * bench-results.json at the repository root (one object per suite, flat figures whose names carry
 * their unit, plus "machine" and "date"). Benchmarks print figures; tests assert behaviour.
 * `BENCH_SMOKE=1` runs them at tiny sizes (see size.ts).
 */
// First of all: Dexie reads the IndexedDB it uses when it loads, and the suites' imports load it.
import 'fake-indexeddb/auto'

import { readFile, writeFile } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { bundleSuite } from './bundle.ts'
import { cliSuite } from './cli.ts'
import { csvSuite } from './csv.ts'
import { jobsSuite } from './jobs.ts'
import { limitsSuite } from './limits.ts'
import { metadataSuite } from './metadata.ts'
import { mintSuite } from './mint.ts'
import { offersSuite } from './offers.ts'
import { sandboxSuite } from './sandbox.ts'
import { scaleSuite } from './scale.ts'
import { SMOKE } from './size.ts'
import { snapshotSuite } from './snapshot.ts'
import { removeBuiltApp, uiSuite } from './ui.ts'
import { uiJobSuite } from './uiJob.ts'
import { uiPlanSuite } from './uiPlan.ts'

export type Figures = Record<string, number>
export interface Suite {
  name: string
  run(): Promise<Figures>
}

const SUITES: Suite[] = [
  sandboxSuite,
  jobsSuite,
  scaleSuite,
  metadataSuite,
  csvSuite,
  uiSuite,
  uiJobSuite,
  uiPlanSuite,
  offersSuite,
  bundleSuite,
  limitsSuite,
  snapshotSuite,
  cliSuite,
  mintSuite,
]

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((a) => !SUITES.some((s) => s.name === a))
  if (unknown.length)
    throw new Error(
      `unknown suite(s): ${unknown.join(', ')}; have ${SUITES.map((s) => s.name).join(', ')}`,
    )
  const chosen = args.length ? SUITES.filter((s) => args.includes(s.name)) : SUITES
  const results: Record<string, unknown> = {
    machine: `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    date: new Date().toISOString(),
  }
  if (SMOKE) return smoke(chosen)
  for (const suite of chosen) {
    console.log(`\n== ${suite.name}`)
    const figures = await suite.run()
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(40)} ${v}`)
    results[suite.name] = figures
  }
  const out = fileURLToPath(new URL('../../bench-results.json', import.meta.url))
  // Running some suites keeps the figures of the others from earlier runs.
  const earlier = await readFile(out, 'utf8')
    .then((text) => JSON.parse(text) as Record<string, unknown>)
    .catch(() => ({}))
  await writeFile(out, JSON.stringify({ ...earlier, ...results }, null, 2) + '\n')
  console.log(`\nwrote ${out}`)
}

/**
 * The smoke run: every suite, each at its tiny size, whatever the others do; each that fails is named
 * with its error. BENCH_SMOKE_REPORT=file writes { passed, failed, failures } there (npm test counts
 * each suite as a test). Exits 1 when one failed.
 */
async function smoke(chosen: readonly Suite[]): Promise<void> {
  const failures: { suite: string; error: string }[] = []
  for (const suite of chosen) {
    console.log(`\n== ${suite.name} (smoke)`)
    const t0 = performance.now()
    try {
      const figures = await suite.run()
      const bad = Object.entries(figures).filter(([, v]) => typeof v !== 'number')
      if (bad.length) throw new Error(`not numbers: ${bad.map(([k]) => k).join(', ')}`)
      console.log(`  ${String(Object.keys(figures).length)} figures in ${elapsedS(t0)} s`)
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e)
      console.error(`  failed after ${elapsedS(t0)} s: ${error}`)
      failures.push({ suite: suite.name, error: error.split('\n')[0]!.slice(0, 300) })
    }
  }
  const report = process.env.BENCH_SMOKE_REPORT
  const summary = { passed: chosen.length - failures.length, failed: failures.length, failures }
  if (report) await writeFile(report, JSON.stringify(summary, null, 2) + '\n')
  console.log(
    `\nBench smoke: ${String(summary.passed)} of ${String(summary.passed + summary.failed)} suites finished`,
  )
  if (failures.length) process.exitCode = 1
}

const elapsedS = (t0: number) => Math.round((performance.now() - t0) / 100) / 10

main(process.argv.slice(2))
  // The UI suites share one build of the app (ui.ts serveApp): it goes once they all ran.
  .finally(removeBuiltApp)
  .catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
