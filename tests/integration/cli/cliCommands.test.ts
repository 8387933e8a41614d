/**
 * The rest of `xnm`'s commands as a child process against a sandbox: reading (nfts, offers, a holder
 * snapshot), each listing strategy and the fee cap, cancelling duplicates, reclaiming an airdrop,
 * cancelling an idle job, a regular key with its account, a seeded shuffle, and exit code 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { records, startCliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

interface PlanRecord {
  jobId: string
  items: number
  feesDrops: string
  transactions: number
  shuffleSeed?: string
  problems: { code: string }[]
}

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 16, recipients: 2, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

async function json(args: string[], code = 0) {
  const run = await t.world.run([...args, '--json'])
  expect(run.code, run.err).toBe(code)
  return run.out
}

async function plan(args: string[]): Promise<PlanRecord> {
  return records<PlanRecord>(await json(args), 'plan')[0]!
}

/** The planned job's report rows: nft_id → amount_xrp. */
async function plannedAmounts(jobId: string): Promise<Map<string, string>> {
  const csv = (await t.world.run(['job', 'report', jobId])).out.trim().split('\n')
  const header = csv[0]!.split(',')
  const [nft, amount] = [header.indexOf('nft_id'), header.indexOf('amount_xrp')]
  return new Map(csv.slice(1).map((line) => [line.split(',')[nft]!, line.split(',')[amount]!]))
}

describe('xnm commands', () => {
  it('reads NFTs, offers and a holder snapshot of any account', async () => {
    const listed = records<{ nftId: string }>(
      await json(['nfts', '--account', t.world.wallet.address]),
      'nft',
    )
    expect(listed.map((n) => n.nftId).sort()).toEqual([...t.nfts].sort())
    const offers = records<{ counts: { total: number } }>(await json(['offers']), 'offers')[0]!
    expect(offers.counts.total).toBe(0)
    const snapshot = records<{ nfts: number; holders: { address: string; count: number }[] }>(
      await json(['snapshot', t.world.wallet.address, '--taxon', '1']),
      'snapshot',
    )[0]!
    expect(snapshot.nfts).toBe(16)
    expect(snapshot.holders).toMatchObject([{ address: t.world.wallet.address, count: 16 }])
  })

  it('plans each listing strategy at the prices it says, within --max-fee-drops', async () => {
    const two = t.world.file('two.txt', t.nfts.slice(0, 2).join('\n'))
    const fixed = await plan([
      'list',
      'plan',
      '--nfts',
      two,
      '--price',
      '2.5',
      '--max-fee-drops',
      '10',
    ])
    expect(BigInt(fixed.feesDrops)).toBe(BigInt(fixed.transactions) * 10n)
    expect([...(await plannedAmounts(fixed.jobId)).values()]).toEqual(['2.5', '2.5'])

    const seed = 'c0ffee00c0ffee00c0ffee00c0ffee00'
    const drawn = async () =>
      plannedAmounts(
        (await plan(['list', 'plan', '--nfts', two, '--random', '1:3', '--seed', seed])).jobId,
      )
    const first = await drawn()
    expect(await drawn()).toEqual(first) // the seed redoes the draw
    for (const price of first.values()) expect(Number(price)).toBeGreaterThanOrEqual(1)

    const prices = t.world.file('prices.csv', `nft_id,price\n${t.nfts[0]},4\n${t.nfts[1]},7.25\n`)
    const each = await plan(['list', 'plan', '--nfts', two, '--prices', prices])
    expect(await plannedAmounts(each.jobId)).toEqual(
      new Map([
        [t.nfts[0], '4'],
        [t.nfts[1], '7.25'],
      ]),
    )
    // No other seller lists this collection here: no floor, so the fallback price.
    const floor = await plan(['list', 'plan', '--nfts', two, '--floor', '1.1', '--fallback', '9'])
    expect([...(await plannedAmounts(floor.jobId)).values()]).toEqual(['9', '9'])
    // Planned jobs are cancelled here, nothing having run.
    for (const id of [fixed.jobId, each.jobId, floor.jobId]) {
      expect((await t.world.run(['job', 'cancel', id])).code).toBe(0)
    }
    const statuses = records<{ id: string; status: string }>(await json(['job', 'list']), 'job')
    expect(statuses.find((j) => j.id === fixed.jobId)?.status).toBe('cancelled')
  }, 150_000) // fourteen xnm processes, each a Node start with a connection: seconds apiece on a loaded CI

  it('cancels duplicate offers, and reclaims an airdrop nobody accepted', async () => {
    const nft = t.nfts[4]!
    for (let i = 0; i < 2; i++) {
      submitInProcess(t.sb.ledger, t.world.wallet, {
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: nft,
        Amount: String(1_000_000 * (i + 1)),
        Flags: 1,
      })
      t.sb.ledger.accept()
    }
    const dupes = await plan(['cancel', 'plan', '--duplicates'])
    expect(dupes.items).toBe(1)
    expect(records(await json(['job', 'start', dupes.jobId]), 'result')[0]).toMatchObject({
      status: 'completed',
    })

    const seed = '0123456789abcdef0123456789abcdef'
    const csv = t.world.file('d.csv', `wallet_address,nft_amount\n${t.recipients[0]!.address},2\n`)
    const list = t.world.file('a.txt', t.nfts.slice(5, 9).join('\n'))
    const drop = await plan([
      'airdrop',
      'plan',
      '--csv',
      csv,
      '--nfts',
      list,
      '--randomize',
      '--seed',
      seed,
    ])
    expect(drop.shuffleSeed).toBe(seed)
    await json(['job', 'start', drop.jobId])
    const reclaim = await plan(['job', 'reclaim', drop.jobId])
    expect(reclaim.items).toBe(1) // one cancellation of both offers
    await json(['job', 'start', reclaim.jobId])
    const left = await offersOf(t.client, t.world.wallet.address)
    expect(left.filter((o) => t.nfts.slice(5, 9).includes(o.NFTokenID))).toEqual([])
  })

  it('signs with a regular key and its account, and exits 1 when an item fails', async () => {
    const regular = Wallet.generate()
    submitInProcess(t.sb.ledger, t.world.wallet, {
      TransactionType: 'SetRegularKey',
      RegularKey: regular.address,
    })
    t.sb.ledger.accept()
    const keyFile = t.world.file('regular', regular.seed!)
    const burn = t.world.file('burn.txt', t.nfts[12]!)
    const run = await t.world.run([
      'burn',
      'plan',
      '--nfts',
      burn,
      '--secret-file',
      keyFile,
      '--account',
      t.world.wallet.address,
      '--json',
    ])
    expect(run.code, run.err).toBe(0)
    const jobId = records<{ jobId: string }>(run.out, 'plan')[0]!.jobId
    // The NFT burned by someone else's hand (here, the holder in-process) between plan and start.
    submitInProcess(t.sb.ledger, t.world.wallet, {
      TransactionType: 'NFTokenBurn',
      NFTokenID: t.nfts[12],
    })
    t.sb.ledger.accept()
    const started = await t.world.run([
      'job',
      'start',
      jobId,
      '--secret-file',
      keyFile,
      '--account',
      t.world.wallet.address,
      '--json',
    ])
    expect(started.code, started.err).toBe(1)
    expect(records(started.out, 'result')[0]).toMatchObject({ counts: { failed: 1 } })
  })
})
