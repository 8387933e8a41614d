// `npm test`: the type check, then every test suite — vitest (unit + integration), the Chromium e2e
// (build + playwright) and the benchmarks' smoke run (every suite at a tiny size).
// Runs all of them even when one fails, then reads their JSON reports and prints, as its last line,
// `tests: N passed, M failed`. A runner that fails without a report counts as at least one failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const VITEST_REPORT = 'reports/vitest.json'
const PLAYWRIGHT_REPORT = 'reports/playwright.json'
const BENCH_SMOKE_REPORT = 'reports/bench-smoke.json'

/** Runs a command with inherited output; returns its exit status (1 when it could not start). */
function run(command, args, env = {}) {
  const shown = Object.entries(env).map(([k, v]) => `${k}=${v} `)
  console.log(`\n$ ${shown.join('')}${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.error) console.error(result.error.message)
  return result.status ?? 1
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** Vitest's JSON report (Jest's format). A file that failed to load has no tests, only a failed status. */
function vitestCounts(report) {
  const failedFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + failedFiles }
}

/** Playwright's JSON report; flaky tests passed on retry. Global errors (a server that did not start) fail. */
function playwrightCounts(report) {
  const stats = report.stats ?? {}
  const errors = (report.errors ?? []).length
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (errors > 0 && !stats.unexpected ? 1 : 0),
  }
}

/** The benchmarks' smoke run (tests/bench/run.ts): each suite that ran counts as one test. */
function benchSmokeCounts(report) {
  return { passed: report.passed ?? 0, failed: report.failed ?? 0 }
}

/** The first line of a failure message, without terminal colours. */
function firstLine(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300)
  )
}

/** Vitest's failed tests (and files that failed to load), each with where and why. */
function vitestFailures(report) {
  const lines = []
  for (const file of report.testResults ?? []) {
    const name = String(file.name ?? '').replace(process.cwd() + '/', '')
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`${name}: ${firstLine(file.message) ?? 'failed to run'}`)
    for (const test of failed)
      lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0]) ?? ''}`)
  }
  return lines
}

/** Playwright's failed tests, each with its project, where and why. */
function playwrightFailures(report) {
  const lines = (report.errors ?? []).map((error) => `global: ${firstLine(error.message)}`)
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const last = test.results?.at(-1)
          lines.push(
            `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles.filter((t) => t !== spec.file), spec.title].join(' › ')}: ${firstLine(last?.error?.message) ?? ''}`,
          )
        }
    for (const child of suite.suites ?? [])
      visit(child, suite.title ? [...titles, suite.title] : titles)
  }
  for (const suite of report.suites ?? []) visit(suite, [])
  return lines
}

/** Counts from a report, made consistent with the runner's exit status. */
function tally(name, status, report, count) {
  if (!report) {
    console.error(`${name}: no report (exit status ${status})`)
    return { passed: 0, failed: 1 }
  }
  const counts = count(report)
  if (status !== 0 && counts.failed === 0) {
    console.error(`${name}: exit status ${status} with no failed test in its report`)
    counts.failed = 1
  }
  return counts
}

rmSync('reports', { recursive: true, force: true })
mkdirSync('reports', { recursive: true })

const node = process.execPath
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
// Vitest and Vite strip types without checking them: a type error in a test or a module would
// otherwise land unseen. One check, counted as one test.
const typecheckStatus = run(npm, ['run', 'typecheck'])
const vitestStatus = run(node, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
])
// The e2e build and run, as `npm run test:e2e` defines them (one definition of the e2e build).
const e2eStatus = run(npm, ['run', 'test:e2e'])

// Every benchmark suite at a tiny size (seconds each): a benchmark that no longer runs fails here,
// not on the day its figures are needed.
const smokeStatus = run(node, ['--import', 'tsx', 'tests/bench/run.ts'], {
  BENCH_SMOKE: '1',
  BENCH_SMOKE_REPORT: BENCH_SMOKE_REPORT,
})

const vitestReport = readJson(VITEST_REPORT)
const playwrightReport = existsSync(PLAYWRIGHT_REPORT) ? readJson(PLAYWRIGHT_REPORT) : null
const smokeReport = readJson(BENCH_SMOKE_REPORT)
const results = [
  typecheckStatus === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 },
  tally('vitest', vitestStatus, vitestReport, vitestCounts),
  tally('playwright', e2eStatus, playwrightReport, playwrightCounts),
  tally('bench smoke', smokeStatus, smokeReport, benchSmokeCounts),
]
// Named again at the end, where a CI log cut to its tail still shows them.
const failures = [
  ...(typecheckStatus === 0 ? [] : ['typecheck: `npm run typecheck` reports type errors']),
  ...(vitestReport ? vitestFailures(vitestReport) : []),
  ...(playwrightReport ? playwrightFailures(playwrightReport) : []),
  ...(smokeReport?.failures ?? []).map((f) => `bench smoke › ${f.suite}: ${f.error}`),
]
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`)
  for (const line of failures) console.log(`  ✘ ${line}`)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0
