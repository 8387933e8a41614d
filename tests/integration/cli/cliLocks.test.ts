/**
 * Two `xnm` processes on one account: the second waits for the account's lock and says who holds it
 * (or, with --no-wait, says so and exits 4); a pause asked from a third process is taken by the one
 * running the job; each job then runs to its end, every offer once on the ledger.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Wallet } from 'xrpl'
import { records, startCliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 20, recipients: 2, closeMs: 0 })
}, 120_000)

afterAll(() => t.stop())

async function planAirdrop(name: string, to: Wallet, ids: string[]): Promise<string> {
  const csv = t.world.file(
    `${name}.csv`,
    `wallet_address,nft_amount\n${to.address},${ids.length}\n`,
  )
  const run = await t.world.run([
    'airdrop',
    'plan',
    '--csv',
    csv,
    '--nfts',
    t.world.file(`${name}.txt`, ids.join('\n')),
    '--json',
  ])
  expect(run.code, run.err).toBe(0)
  return records<{ jobId: string }>(run.out, 'plan')[0]!.jobId
}

it('keeps one process per account, tells the others who runs it, and takes a pause from another', async () => {
  const first = await planAirdrop('first', t.recipients[0]!, t.nfts.slice(0, 10))
  const second = await planAirdrop('second', t.recipients[1]!, t.nfts.slice(10, 20))

  const a = t.world.start(['job', 'start', first])
  await a.printed('in flight')

  const b = t.world.start(['job', 'start', second])
  await b.printed(`is run by process ${a.child.pid}`)
  await b.printed(`xnm job start ${first}`)

  const impatient = await t.world.run(['job', 'start', second, '--no-wait'])
  expect(impatient.code).toBe(4)
  expect(impatient.err).toContain(`is run by process ${a.child.pid}`)

  const pause = await t.world.run(['job', 'pause', first])
  expect(pause.code, pause.err).toBe(0)
  expect(pause.out).toContain('Asked the process running')
  expect((await a.done).code).toBe(4) // paused: not finished

  // The first process is gone: the second takes the account and runs its job to the end.
  const stop = closeLedgers(t.sb, 200)
  try {
    const ended = await b.done
    expect(ended.code, ended.err).toBe(0)
    const resumed = await t.world.run(['job', 'start', first, '--json'])
    expect(resumed.code, resumed.err).toBe(0)
    expect(records(resumed.out, 'result')[0]).toMatchObject({
      status: 'completed',
      counts: { succeeded: 10 },
    })
  } finally {
    stop()
  }
  const offers = await offersOf(t.client, t.world.wallet.address)
  expect(offers).toHaveLength(20)
  expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(20)
  for (const o of offers) {
    expect(o.Destination).toBe(t.recipients[t.nfts.indexOf(o.NFTokenID) < 10 ? 0 : 1]!.address)
  }
}, 120_000)
