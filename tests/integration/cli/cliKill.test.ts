/**
 * `kill -9` of `xnm job start` at seeded points of a 500-offer airdrop — just before a submit (the
 * blob stored, the ledger never got it), just after one (applied, unanswered), and while settling (a
 * ledger with its transactions closes) — then `xnm job start ID` again, until done: every intent is
 * on the ledger exactly once, as an independent client reads it. The sandbox's onSubmit fault kills
 * the process at the submit it was told, so the points do not depend on timing.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client } from 'xrpl'
import type { Wallet } from 'xrpl'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { seededRandom } from '../../../src/worker/ledger/shuffleSeed.ts'
import { CliWorld, holderWithNfts, records } from '../../helpers/cli.ts'
import type { CliRun } from '../../helpers/cli.ts'
import { ledgerNftIds } from '../../helpers/engine.ts'

const NFTS = 500
const RECIPIENTS = 50
/** The seed of the kill points; XNM_KILL_SEED replays another draw. */
const SEED = process.env.XNM_KILL_SEED ?? '5eed0c11c11c11c11c11c11c11c11c11'

let sb: Sandbox
let client: Client
let world: CliWorld
let recipients: Wallet[]
let nfts: string[]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, closeMs: 250, demo: false })
  const made = holderWithNfts(sb.ledger, NFTS, RECIPIENTS)
  recipients = made.recipients
  world = new CliWorld(sb, made.holder)
  client = new Client(sb.url)
  await client.connect()
  nfts = await ledgerNftIds(sb, made.holder.address, await client.getLedgerIndex())
}, 120_000)

afterAll(async () => {
  await client.disconnect()
  await sb.stop()
  world.remove()
})

/** Every sell offer of the holder, read page by page at the validated ledger. */
async function offersOnLedger(): Promise<{ NFTokenID: string; Destination?: string }[]> {
  const pages = await client.requestAll({
    command: 'account_objects',
    account: world.wallet.address,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  return pages.flatMap(
    (p) => p.result.account_objects as unknown as { NFTokenID: string; Destination?: string }[],
  )
}

/** Runs `xnm job start` and kills it with SIGKILL where `arm` says; resolves once it is dead. */
async function killedRun(jobId: string, arm: (kill: () => void) => void): Promise<string> {
  const running: { run?: CliRun } = {}
  arm(() => running.run?.child.kill('SIGKILL'))
  const run = world.start(['job', 'start', jobId])
  running.run = run
  const ended = await run.done
  sb.faults.onSubmit = null
  expect(ended.signal, `xnm was to be killed, but it ended: ${ended.out}\n${ended.err}`).toBe(
    'SIGKILL',
  )
  return ended.out
}

it(`kill -9 before a submit, after one and mid-settle loses and doubles nothing (seed ${SEED})`, async () => {
  const csv = world.file(
    'drop.csv',
    `wallet_address,nft_amount\n${recipients.map((r) => `${r.address},10`).join('\n')}\n`,
  )
  const plan = await world.run([
    'airdrop',
    'plan',
    '--csv',
    csv,
    '--nfts',
    world.file('nfts.txt', nfts.join('\n')),
    '--json',
  ])
  expect(plan.code, plan.err).toBe(0)
  const jobId = records<{ jobId: string }>(plan.out, 'plan')[0]!.jobId

  // Each run is killed within its first 120 submits: well inside the 500.
  const draw = seededRandom(SEED)
  const at = () => 20 + Math.floor(draw() * 100)

  // Before a submit: the sandbox drops the submit it kills at, so the blob is stored but never sent.
  await killedRun(jobId, (kill) => {
    sb.faults.onSubmit = { after: at(), then: 'drop', run: kill }
  })
  // The same plan again while the first is unfinished: every NFT is taken, and it cannot start.
  const again = await world.run([
    'airdrop',
    'plan',
    '--csv',
    csv,
    '--nfts',
    join(world.dir, 'nfts.txt'),
    '--json',
  ])
  const twice = records<{ jobId: string; problems: { code: string }[] }>(again.out, 'plan')[0]!
  expect(twice.problems).toHaveLength(NFTS)
  for (const p of twice.problems) expect(['TAKEN', 'DUPLICATE']).toContain(p.code)
  expect((await world.run(['job', 'start', twice.jobId])).code).toBe(2)
  expect((await world.run(['job', 'cancel', twice.jobId])).code).toBe(0)

  // After a submit: applied to the open ledger, the process dead before the reply.
  await killedRun(jobId, (kill) => {
    sb.faults.onSubmit = { after: at(), then: 'apply', run: kill }
  })
  // Mid-settle: submits answered, the process dies as the ledger holding them closes.
  await killedRun(jobId, (kill) => {
    sb.faults.onSubmit = {
      after: at(),
      then: 'reply',
      run: () => {
        const off = sb.ledger.onClose(() => {
          off()
          kill()
        })
      },
    }
  })

  const last = await world.run(['job', 'start', jobId, '--json'])
  expect(last.code, last.err).toBe(0)
  expect(records(last.out, 'result')[0]).toMatchObject({
    status: 'completed',
    counts: { succeeded: NFTS, failed: 0, skipped: 0 },
  })

  const offers = await offersOnLedger()
  expect(offers).toHaveLength(NFTS)
  const byNft = new Map(offers.map((o) => [o.NFTokenID, o.Destination]))
  expect(byNft.size).toBe(NFTS)
  // In plan order: the i-th recipient of the CSV gets NFTs 10i to 10i + 9 of the list.
  nfts.forEach((nft, i) => expect(byNft.get(nft)).toBe(recipients[Math.floor(i / 10)]!.address))
}, 300_000)
