// `npm test`: every test suite — vitest (unit + integration) and the Chromium e2e (build + playwright).
// Runs all of them even when one fails, then reads their JSON reports and prints, as its last line,
// `tests: N passed, M failed`. A runner that fails without a report counts as at least one failure.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const VITEST_REPORT = 'reports/vitest.json'
const PLAYWRIGHT_REPORT = 'reports/playwright.json'

/** Runs a command with inherited output; returns its exit status (1 when it could not start). */
function run(command, args) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit' })
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
const vitestStatus = run(node, [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
])
// The e2e build and run, as `npm run test:e2e` defines them (one definition of the e2e build).
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const e2eStatus = run(npm, ['run', 'test:e2e'])

const results = [
  tally('vitest', vitestStatus, readJson(VITEST_REPORT), vitestCounts),
  tally(
    'playwright',
    e2eStatus,
    existsSync(PLAYWRIGHT_REPORT) ? readJson(PLAYWRIGHT_REPORT) : null,
    playwrightCounts,
  ),
]
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exitCode = failed > 0 ? 1 : 0
