/**
 * `xnm` run as a child process against a sandbox: each job kind planned, started and reported, what
 * it did checked on the ledger with the test's own client; the exit codes; the secret nowhere.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { createEngine } from '../../../src/worker/createEngine.ts'
import { openDurableStore } from '../../../src/node/store/durableStore.ts'
import { CliWorld, records, startCliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'
import { ledgerNftIds } from '../../helpers/engine.ts'

/** The account's NFTs at the last validated ledger. */
async function heldNfts(account: string): Promise<string[]> {
  return await ledgerNftIds(t.sb, account, await t.client.getLedgerIndex())
}

interface PlanRecord {
  jobId: string
  canStart: boolean
  items: number
  problems: { code: string; blocking: boolean }[]
}
interface ResultRecord {
  status: string
  counts: { succeeded: number; failed: number; skipped: number; total: number }
}

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 12, recipients: 3, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

/** Plans with --json; returns the plan record. */
async function plan(args: string[]): Promise<PlanRecord> {
  const run = await t.world.run([...args, '--json'])
  // The sandbox given with --endpoint is the only server: the plan says what nothing confirms.
  expect(run.err).toMatch(
    /^one server only: no second server confirms whether a transaction is in a validated ledger[^\n]*\n$/,
  )
  expect(run.code).toBe(0)
  return records<PlanRecord>(run.out, 'plan')[0]!
}

/** Starts a job with --json and returns its result record. */
async function start(jobId: string): Promise<ResultRecord> {
  const run = await t.world.run(['job', 'start', jobId, '--json'])
  expect(run.code, run.err).toBe(0)
  return records<ResultRecord>(run.out, 'result')[0]!
}

describe('xnm jobs', () => {
  it('airdrops from a CSV: plan, start, watch, report — the report is the app’s export', async () => {
    const csv = t.world.file(
      'drop.csv',
      `wallet_address,nft_amount\n${t.recipients.map((r) => `${r.address},2`).join('\n')}\n`,
    )
    const list = t.world.file('nfts.txt', t.nfts.slice(0, 6).join('\n'))
    const planned = await plan(['airdrop', 'plan', '--csv', csv, '--nfts', list])
    expect(planned).toMatchObject({ items: 6, canStart: true, problems: [] })

    const result = await start(planned.jobId)
    expect(result).toMatchObject({ status: 'completed', counts: { succeeded: 6, failed: 0 } })
    const offers = await offersOf(t.client, t.world.wallet.address)
    for (const [i, r] of t.recipients.entries()) {
      expect(
        offers
          .filter((o) => o.Destination === r.address)
          .map((o) => o.NFTokenID)
          .sort(),
      ).toEqual(t.nfts.slice(2 * i, 2 * i + 2).sort())
    }

    const watched = await t.world.run(['job', 'watch', planned.jobId])
    expect(watched.code).toBe(0)
    expect(watched.out).toContain('completed')

    const out = join(t.world.dir, 'report.csv')
    expect((await t.world.run(['job', 'report', planned.jobId, '--out', out])).code).toBe(0)
    const store = await openDurableStore(t.world.store)
    const engine = await createEngine({ network: 'sandbox', store: store.db, connect: false })
    try {
      const app = await engine.exportJobCsv(planned.jobId)
      expect(readFileSync(out, 'utf8')).toBe(app)
      expect(app.trim().split('\n')).toHaveLength(7)
    } finally {
      await engine.dispose()
      await store.close()
    }
  })

  it('lists, cancels the listing and burns, each checked on the ledger', async () => {
    const toList = t.nfts.slice(6, 8)
    const listed = await plan([
      'list',
      'plan',
      '--nfts',
      t.world.file('list.txt', toList.join('\n')),
      '--price',
      '5',
    ])
    expect(await start(listed.jobId)).toMatchObject({
      status: 'completed',
      counts: { succeeded: 2 },
    })
    const listings = (await offersOf(t.client, t.world.wallet.address)).filter((o) =>
      toList.includes(o.NFTokenID),
    )
    expect(listings.map((o) => [o.Amount, o.Destination])).toEqual([
      ['5000000', undefined],
      ['5000000', undefined],
    ])

    const ids = t.world.file('offers.txt', listings.map((o) => o.index).join('\n'))
    const cancel = await plan(['cancel', 'plan', '--offers', ids])
    expect(await start(cancel.jobId)).toMatchObject({
      status: 'completed',
      counts: { succeeded: 1 },
    })
    const left = (await offersOf(t.client, t.world.wallet.address)).filter((o) =>
      toList.includes(o.NFTokenID),
    )
    expect(left).toEqual([])

    const burn = await plan(['burn', 'plan', '--nfts', t.world.file('burn.txt', t.nfts[8]!)])
    expect(await start(burn.jobId)).toMatchObject({ status: 'completed', counts: { succeeded: 1 } })
    expect(await heldNfts(t.world.wallet.address)).not.toContain(t.nfts[8])
  })

  it('refuses what it cannot do with exit codes 2 and 3, and never shows or stores the secret', async () => {
    const free = await t.world.run([
      'list',
      'plan',
      '--nfts',
      t.world.file('free.txt', t.nfts[9]!),
      '--price',
      '0',
    ])
    expect(free.code).toBe(3)
    expect(free.err).toContain('--confirm-prices')

    // Enough for its two NFTs' page, not for the reserve of two more offers (0.2 XRP each).
    const poor = Wallet.generate()
    fundInProcess(t.sb.ledger, 1.5, poor)
    for (let i = 0; i < 2; i++) {
      submitInProcess(t.sb.ledger, poor, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 1,
        Flags: 8,
      })
    }
    t.sb.ledger.accept()
    const poorWorld = new CliWorld(t.sb, poor)
    try {
      const to = t.recipients.slice(0, 2).map((r) => `${r.address},1`)
      const csv = poorWorld.file('d.csv', `wallet_address,nft_amount\n${to.join('\n')}\n`)
      const own = poorWorld.file('n.txt', (await heldNfts(poor.address)).join('\n'))
      const blocked = await poorWorld.run(['airdrop', 'plan', '--csv', csv, '--nfts', own])
      expect(blocked.out).toMatch(/BLOCKING INSUFFICIENT_RESERVE/)
      expect(blocked.code).toBe(3)
    } finally {
      poorWorld.remove()
    }

    const unknown = await t.world.run(['frobnicate'])
    expect(unknown.code).toBe(2)
    const asArgument = await t.world.run(['nfts', '--secret', t.world.wallet.seed!])
    expect(asArgument.code).toBe(2)
    const noSecret = await t.world.run([
      'burn',
      'plan',
      '--nfts',
      t.world.file('b.txt', t.nfts[9]!),
      '--secret-file',
      join(t.world.dir, 'missing'),
    ])
    expect(noSecret.code).toBe(2)
    for (const run of [free, unknown, asArgument, noSecret]) {
      expect(run.out + run.err).not.toContain(t.world.wallet.seed!)
    }
    const stored = readFileSync(join(t.world.store, 'store.sqlite'))
    expect(stored.includes(t.world.wallet.seed!)).toBe(false)
    expect(stored.includes(t.world.wallet.privateKey)).toBe(false)
  })
})
