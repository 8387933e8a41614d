/**
 * The fee a job pays: the base fee the server asks, never above the fee the user confirmed (the plan's
 * feeDrops, the cushioned fee the confirmation shows). While a loaded server asks more, the job signs
 * nothing, says why on its row, and goes on by itself once the load is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { readJob } from '../../../src/db/jobs.ts'
import { until } from '../../helpers/acceptance.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { accountTxs, freeNfts, startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const holder = demoAccounts().holder

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
})

afterAll(async () => {
  await h.stop()
})

it('refuses to pay more than confirmed while the server is loaded, then pays the base fee', async () => {
  const nftIds = await freeNfts(h.client, holder.classicAddress, 6)
  const plan = await h.engine.planJob({ kind: 'burn', nftIds })
  const confirmed = (await readJob(h.db, plan.jobId))!.params.feeDrops
  // The confirmation's figure: 6 transactions at the cushioned fee (base 10 × 1.2).
  expect(confirmed).toBe('12')
  expect(plan.feesDrops).toBe('72')
  const before = await validatedIndex(h.client)

  // The server's load doubles the fee it asks: 20 drops, above the 12 confirmed.
  h.sb.faults.loadFactor = 2
  await h.engine.startJob(plan.jobId)
  const { job: waiting } = await until(h.db, plan.jobId, (job) => job.notice !== undefined)
  expect(waiting.notice).toBe(
    'Waiting: the network asks 20 drops a transaction, more than the 12 drops you confirmed. ' +
      'The job goes on when fees come down',
  )
  // A few ledgers later still nothing was signed or paid.
  const seen = await validatedIndex(h.client)
  while ((await validatedIndex(h.client)) < seen + 3) await new Promise((r) => setTimeout(r, 50))
  const still = (await readJob(h.db, plan.jobId))!
  expect(still.counts).toMatchObject({ pending: 6, inFlight: 0, succeeded: 0 })
  expect(still.status).toBe('running')
  expect(await accountTxs(h.client, holder.classicAddress, before)).toEqual([])

  h.sb.faults.loadFactor = 1
  const done = await jobFinished(h.db, plan.jobId)
  expect(done.status).toBe('completed')
  expect(done.counts.succeeded).toBe(6)
  expect(done.notice).toBeUndefined()
  const txs = await accountTxs(h.client, holder.classicAddress, before)
  expect(txs).toHaveLength(6)
  // Not loaded: each paid the base fee, below what was confirmed.
  expect(txs.map((t) => t.tx_json?.Fee)).toEqual(Array(6).fill('10'))
})
