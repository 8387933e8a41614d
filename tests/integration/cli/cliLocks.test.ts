/**
 * Two `xnm` processes on one account: the second waits for the account's lock and says who holds it
 * (or, with --no-wait, says so and exits 4); a pause asked from a third process is taken by the one
 * running the job; each job then runs to its end, every offer once on the ledger.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client } from 'xrpl'
import type { Wallet } from 'xrpl'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { CliWorld, holderWithNfts, records } from '../../helpers/cli.ts'
import { ledgerNftIds } from '../../helpers/engine.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

let sb: Sandbox
let client: Client
let world: CliWorld
let recipients: Wallet[]
let nfts: string[]

beforeAll(async () => {
  // Ledgers close only when the test says: a job's offers stay in flight until then.
  sb = await startSandbox({ port: 0, closeMs: 0, demo: false })
  const made = holderWithNfts(sb.ledger, 20, 2)
  recipients = made.recipients
  world = new CliWorld(sb, made.holder)
  client = new Client(sb.url)
  await client.connect()
  nfts = await ledgerNftIds(sb, made.holder.address, await client.getLedgerIndex())
}, 60_000)

afterAll(async () => {
  await client.disconnect()
  await sb.stop()
  world.remove()
})

async function planAirdrop(name: string, to: Wallet, ids: string[]): Promise<string> {
  const csv = world.file(`${name}.csv`, `wallet_address,nft_amount\n${to.address},${ids.length}\n`)
  const run = await world.run([
    'airdrop',
    'plan',
    '--csv',
    csv,
    '--nfts',
    world.file(`${name}.txt`, ids.join('\n')),
    '--json',
  ])
  expect(run.code, run.err).toBe(0)
  return records<{ jobId: string }>(run.out, 'plan')[0]!.jobId
}

it('keeps one process per account, tells the others who runs it, and takes a pause from another', async () => {
  const first = await planAirdrop('first', recipients[0]!, nfts.slice(0, 10))
  const second = await planAirdrop('second', recipients[1]!, nfts.slice(10, 20))

  const a = world.start(['job', 'start', first])
  await a.printed('in flight')

  const b = world.start(['job', 'start', second])
  await b.printed(`is run by process ${a.child.pid}`)
  await b.printed(`xnm job start ${first}`)

  const impatient = await world.run(['job', 'start', second, '--no-wait'])
  expect(impatient.code).toBe(4)
  expect(impatient.err).toContain(`is run by process ${a.child.pid}`)

  const pause = await world.run(['job', 'pause', first])
  expect(pause.code, pause.err).toBe(0)
  expect(pause.out).toContain('Asked the process running')
  expect((await a.done).code).toBe(4) // paused: not finished

  // The first process is gone: the second takes the account and runs its job to the end.
  const stop = closeLedgers(sb, 200)
  try {
    const ended = await b.done
    expect(ended.code, ended.err).toBe(0)
    const resumed = await world.run(['job', 'start', first, '--json'])
    expect(resumed.code, resumed.err).toBe(0)
    expect(records(resumed.out, 'result')[0]).toMatchObject({
      status: 'completed',
      counts: { succeeded: 10 },
    })
  } finally {
    stop()
  }
  const pages = await client.requestAll({
    command: 'account_objects',
    account: world.wallet.address,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  const offers = pages.flatMap(
    (p) => p.result.account_objects as unknown as { NFTokenID: string; Destination: string }[],
  )
  expect(offers).toHaveLength(20)
  expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(20)
  for (const o of offers) {
    expect(o.Destination).toBe(recipients[nfts.indexOf(o.NFTokenID) < 10 ? 0 : 1]!.address)
  }
}, 120_000)
