/**
 * Two `xnm` processes on one account: the second waits for the account's lock and says who holds it
 * (or, with --no-wait, says so and exits 4); a pause asked from a third process is taken by the one
 * running the job, which stops once what it has in flight settled; each job then runs to its end,
 * every offer once on the ledger. Two jobs on the same NFTs started at the same instant: one runs,
 * the other is refused. Another store of the same user is refused the account while this one has its
 * jobs unfinished.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Wallet } from 'xrpl'
import { CliWorld, records, startCliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 40, recipients: 2, closeMs: 0 })
}, 120_000)

afterAll(() => t.stop())

async function planAirdrop(
  name: string,
  to: Wallet,
  ids: string[],
  world: CliWorld = t.world,
): Promise<string> {
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
  // Paused, the first waits for what it has in flight (no ledger closes yet) before it stops.
  await a.printed('settling')
  const stop = closeLedgers(t.sb, 200)
  try {
    // It ends paused (4), or completed (0) when all it had left was in flight; nothing in flight.
    const stopped = await a.done
    expect([0, 4]).toContain(stopped.code)
    const last = stopped.out.split('\n').find((line) => line.startsWith(first))!
    expect(last).toMatch(/airdrop (paused|completed)/)
    expect(last).not.toContain('in flight')
    // The first process is gone: the second takes the account and runs its job to the end.
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
  const offers = (await offersOf(t.client, t.world.wallet.address)).filter((o) =>
    t.nfts.slice(0, 20).includes(o.NFTokenID),
  )
  expect(offers).toHaveLength(20)
  expect(new Set(offers.map((o) => o.NFTokenID)).size).toBe(20)
  for (const o of offers) {
    expect(o.Destination).toBe(t.recipients[t.nfts.indexOf(o.NFTokenID) < 10 ? 0 : 1]!.address)
  }
}, 120_000)

/** The holder's offers on `ids`, per NFT: how many there are. */
async function offersPerNft(ids: string[]): Promise<number[]> {
  const offers = await offersOf(t.client, t.world.wallet.address)
  return ids.map((id) => offers.filter((o) => o.NFTokenID === id).length)
}

it('starts one of two jobs on the same NFTs started at the same instant, and refuses the other', async () => {
  const ids = t.nfts.slice(20, 30)
  const one = await planAirdrop('one', t.recipients[0]!, ids)
  const other = await planAirdrop('other', t.recipients[1]!, ids)
  const [a, b] = [t.world.start(['job', 'start', one]), t.world.start(['job', 'start', other])]
  // No ledger closes until one of them has exited: the first to start cannot finish its job (and
  // leave the started jobs) before the other's start is checked, however slow the other is to come.
  await Promise.race([a.done, b.done])
  const stop = closeLedgers(t.sb, 200)
  try {
    const ends = await Promise.all([a.done, b.done])
    expect(ends.map((e) => e.code).sort()).toEqual([0, 2])
    expect(ends.find((e) => e.code === 2)!.err).toMatch(/another airdrop of this wallet \(job/)
  } finally {
    stop()
  }
  expect(await offersPerNft(ids)).toEqual(ids.map(() => 1))
}, 60_000)

it('keeps an account to the store that has its jobs unfinished: another store is refused, then runs once they end', async () => {
  const ids = t.nfts.slice(30, 40)
  const elsewhere = new CliWorld(t.sb, t.world.wallet, t.world.lockDir)
  try {
    const here = await planAirdrop('here', t.recipients[0]!, ids)
    const there = await planAirdrop('there', t.recipients[0]!, ids, elsewhere)
    const a = t.world.start(['job', 'start', here])
    await a.printed('in flight')
    a.child.kill('SIGKILL') // its offers are in flight, and only its store knows them
    await a.done
    const refused = await elsewhere.run(['job', 'start', there])
    expect(refused.code).toBe(2)
    expect(refused.err).toContain(`unfinished jobs in another store, ${t.world.store}`)
    const stop = closeLedgers(t.sb, 200)
    try {
      expect((await t.world.run(['job', 'start', here])).code).toBe(0)
      // Its NFTs are on offer now (the first store's job): it skips them all, and says it did nothing.
      const second = await elsewhere.run(['job', 'start', there])
      expect(second.code, second.err).toBe(5)
      expect(second.err).toContain('nothing done: all 10 items')
    } finally {
      stop()
    }
    expect(await offersPerNft(ids)).toEqual(ids.map(() => 1))
  } finally {
    elsewhere.remove()
  }
}, 60_000)
