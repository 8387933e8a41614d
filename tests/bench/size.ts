/**
 * The benchmarks' sizes. `BENCH_SMOKE=1` (`npm run bench:smoke`, run by the test suite) runs every
 * suite at a tiny size: seconds, not minutes, so a benchmark that no longer runs fails the build
 * instead of being found broken when its figures are needed. Smoke figures measure nothing and are
 * not written to bench-results.json.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1'

/** `full` for a measurement, `smoke` for the smoke run. */
export function size(full: number, smoke: number): number {
  return SMOKE ? smoke : full
}
