/**
 * `kill -9` of `xnm job start` at seeded points of a 500-offer airdrop — just before a submit (the
 * blob stored, the ledger never got it), just after one (applied, unanswered), and while settling (a
 * ledger with its transactions closes) — then `xnm job start ID` again, until done: every intent is
 * on the ledger exactly once, as an independent client reads it. The sandbox's onSubmit fault kills
 * the process at the submit it was told, so the points do not depend on timing.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seededRandom } from '../../../src/worker/ledger/shuffleSeed.ts'
import { killAtThreePoints, records, startCliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { CliLedger } from '../../helpers/cli.ts'

const NFTS = 500
const RECIPIENTS = 50
/** The seed of the kill points; XNM_KILL_SEED replays another draw. */
const SEED = process.env.XNM_KILL_SEED ?? '5eed0c11c11c11c11c11c11c11c11c11'

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: NFTS, recipients: RECIPIENTS, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

it(`kill -9 before a submit, after one and mid-settle loses and doubles nothing (seed ${SEED})`, async () => {
  const csv = t.world.file(
    'drop.csv',
    `wallet_address,nft_amount\n${t.recipients.map((r) => `${r.address},10`).join('\n')}\n`,
  )
  const plan = await t.world.run([
    'airdrop',
    'plan',
    '--csv',
    csv,
    '--nfts',
    t.world.file('nfts.txt', t.nfts.join('\n')),
    '--json',
  ])
  expect(plan.code, plan.err).toBe(0)
  const jobId = records<{ jobId: string }>(plan.out, 'plan')[0]!.jobId

  // Each run is killed within its first 120 submits: well inside the 500.
  const draw = seededRandom(SEED)
  const at = () => 20 + Math.floor(draw() * 100)

  // Before a submit (dropped: stored, never sent), after one (applied, unanswered), mid-settle;
  // between the first two, the same plan again while the first is unfinished.
  await killAtThreePoints(t, jobId, at, async () => {
    // The same plan again while the first is unfinished: every NFT is taken, and it cannot start.
    const again = await t.world.run([
      'airdrop',
      'plan',
      '--csv',
      csv,
      '--nfts',
      join(t.world.dir, 'nfts.txt'),
      '--json',
    ])
    const twice = records<{ jobId: string; problems: { code: string }[] }>(again.out, 'plan')[0]!
    expect(twice.problems).toHaveLength(NFTS)
    for (const p of twice.problems) expect(['TAKEN', 'DUPLICATE']).toContain(p.code)
    expect((await t.world.run(['job', 'start', twice.jobId])).code).toBe(2)
    expect((await t.world.run(['job', 'cancel', twice.jobId])).code).toBe(0)
  })

  const last = await t.world.run(['job', 'start', jobId, '--json'])
  expect(last.code, last.err).toBe(0)
  expect(records(last.out, 'result')[0]).toMatchObject({
    status: 'completed',
    counts: { succeeded: NFTS, failed: 0, skipped: 0 },
  })

  const offers = await offersOf(t.client, t.world.wallet.address)
  expect(offers).toHaveLength(NFTS)
  const byNft = new Map(offers.map((o) => [o.NFTokenID, o.Destination]))
  expect(byNft.size).toBe(NFTS)
  // In plan order: the i-th recipient of the CSV gets NFTs 10i to 10i + 9 of the list.
  t.nfts.forEach((nft, i) => expect(byNft.get(nft)).toBe(t.recipients[Math.floor(i / 10)]!.address))
}, 300_000)
