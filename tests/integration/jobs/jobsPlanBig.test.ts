/**
 * A job of 100,000 items (the CSV limit) is planned: every intent recorded, pre-flight done, and the
 * ledger read in bounded batches — the account's NFTs a page at a time, the recipients a few at a
 * time — never 100,000 requests at once. The ledger is prepared as entries (helpers/bigLedger.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { MAX_JOB_ITEMS } from '../../../src/shared/constants.ts'
import { LOOKUP_CONCURRENCY } from '../../../src/worker/ledger/ledgerRequests.ts'
import { writeBigState } from '../../helpers/bigLedger.ts'
import type { BigState } from '../../helpers/bigLedger.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const RECIPIENTS = 1000
const EACH = MAX_JOB_ITEMS / RECIPIENTS

let dir: string
let big: BigState
let h: EngineHarness

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plan-big-'))
  const file = join(dir, 'ledger.json')
  big = await writeBigState(file, { nfts: MAX_JOB_ITEMS, recipients: RECIPIENTS })
  h = await startEngineHarness({ loadFrom: file })
  await h.engine.connectWallet({ kind: 'familySeed', secret: big.holder.seed! })
}, 60_000)

afterAll(async () => {
  await h.stop()
  await rm(dir, { recursive: true, force: true })
})

it('plans 100,000 offers with pre-flight reading the ledger in bounded batches', async () => {
  // Every reply a little late: requests the engine sends before the first answers pile up here.
  h.sb.faults.delayMs = 2
  h.sb.server.peakUnanswered = 0
  const before = new Map(h.sb.server.commandCounts)
  const plan = await h.engine.planJob({
    kind: 'airdrop',
    distribution: big.recipients.map((address) => ({ address, count: EACH })),
    nftIds: big.nftIds,
    randomize: false,
  })
  h.sb.faults.delayMs = 0
  expect(plan).toMatchObject({
    kind: 'airdrop',
    items: MAX_JOB_ITEMS,
    transactions: MAX_JOB_ITEMS,
    problems: [],
    canStart: true,
    // One owner reserve (0.2 XRP) per offer.
    reserveChangeDrops: String(MAX_JOB_ITEMS * 200_000),
  })
  const asked = (command: string) =>
    (h.sb.server.commandCounts.get(command) ?? 0) - (before.get(command) ?? 0)
  // Each recipient once, and the NFTs 400 a page: 250 pages.
  expect(asked('account_info')).toBeGreaterThanOrEqual(RECIPIENTS)
  expect(asked('account_info')).toBeLessThan(RECIPIENTS + 10)
  expect(asked('account_nfts')).toBe(MAX_JOB_ITEMS / 400)
  // Never more than a few batches' worth waiting for an answer at once.
  expect(h.sb.server.peakUnanswered).toBeGreaterThan(1)
  expect(h.sb.server.peakUnanswered).toBeLessThanOrEqual(2 * LOOKUP_CONCURRENCY + 4)

  const items = await readItems(h.db, plan.jobId)
  expect(items).toHaveLength(MAX_JOB_ITEMS)
  expect(items[0]).toMatchObject({ recipient: big.recipients[0], status: 'pending' })
  expect(items.at(-1)).toMatchObject({ recipient: big.recipients.at(-1), status: 'pending' })
  expect(new Set(items.map((i) => (i.intent.type === 'offer' ? i.intent.nftId : ''))).size).toBe(
    MAX_JOB_ITEMS,
  )
  const job = await readJob(h.db, plan.jobId)
  expect(job).toMatchObject({ status: 'planned', params: { recipients: RECIPIENTS } })
  expect(job?.counts).toMatchObject({ total: MAX_JOB_ITEMS, pending: MAX_JOB_ITEMS })
}, 120_000)
