/**
 * `npm run chaos -- --runs N --seed S [--items K]`: the seeded chaos soak of the job engine (see
 * chaosRun.ts). Prints one line per run, then `chaos: N runs, L lost, D doubled, S stuck`; exits 1
 * when any intent was lost or doubled or any run was stuck.
 */
import '../helpers/setupIndexedDb.ts'

import { describeRun, runChaos, summaryLine } from './chaosRun.ts'

const USAGE = 'usage: npm run chaos -- --runs N --seed S [--items K]'

/** The flags as numbers: `--runs` (default 10), `--seed` (default 1), `--items` (default 200). */
function parseArgs(args: readonly string[]): { runs: number; seed: number; items: number } {
  const values: Record<string, number> = { runs: 10, seed: 1, items: 200 }
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.replace(/^--/, '') ?? ''
    const value = Number(args[i + 1])
    if (!(name in values) || !args[i]?.startsWith('--') || !Number.isSafeInteger(value)) {
      throw new Error(`bad argument ${args[i] ?? ''} ${args[i + 1] ?? ''}\n${USAGE}`)
    }
    values[name] = value
  }
  const { runs = 10, seed = 1, items = 200 } = values
  if (runs < 1 || items < 1 || seed < 0) throw new Error(`runs and items ≥ 1, seed ≥ 0\n${USAGE}`)
  return { runs, seed, items }
}

async function main(args: readonly string[]): Promise<number> {
  const { runs, seed, items } = parseArgs(args)
  const started = Date.now()
  console.log('(* the fault met the job under way; ? a lost submit or dropped reply no submit met)')
  const { totals } = await runChaos({
    runs,
    seed,
    items,
    onRun: (outcome) => console.log(describeRun(outcome)),
  })
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(summaryLine(totals))
  return totals.lost + totals.doubled + totals.stuck > 0 ? 1 : 0
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e)
    process.exit(2)
  },
)
