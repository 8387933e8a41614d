/**
 * The load a big job puts on the server. Public servers limit each client (docs/architecture.md §3.7, the spec’s
 * client limits), so a job must settle its transactions from the account stream it already receives,
 * not with a `tx` look-up per transaction: the ledger stream announces a close before the
 * transactions it validated, and a runner that decided what was due before those arrived used to
 * look up nearly every transaction of every ledger.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { jobFinished, ledgerNftIds, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** Open-ledger size: the job spans several ledgers, its transactions queue behind each other. */
const EXPECTED_LEDGER_SIZE = 40

let h: EngineHarness
let stopClosing: () => void

beforeAll(async () => {
  h = await startEngineHarness({
    demo: true,
    gatewayPort: 0,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
  })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  stopClosing = closeLedgers(h.sb, 150)
})

afterAll(async () => {
  stopClosing()
  await h.stop()
})

it('burns 150 NFTs over several ledgers with only a few `tx` look-ups', async () => {
  const owned = await ledgerNftIds(h.sb, holder, h.sb.ledger.validated.header.ledger_index)
  const plan = await h.engine.planJob({ kind: 'burn', nftIds: owned.slice(0, 150) })
  expect(plan.problems).toEqual([])
  const counts = h.sb.server.commandCounts
  const lookupsBefore = counts.get('tx') ?? 0
  const firstLedger = h.sb.ledger.validated.header.ledger_index

  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)

  expect(job.status).toBe('completed')
  const items = await readItems(h.db, plan.jobId)
  expect(items.filter((i) => i.status === 'succeeded')).toHaveLength(150)
  const ledgers = h.sb.ledger.validated.header.ledger_index - firstLedger
  expect(ledgers).toBeGreaterThanOrEqual(Math.ceil(150 / EXPECTED_LEDGER_SIZE))
  // Settled from the stream: a handful of look-ups (quiet attempts are polled), not one per item.
  const lookups = (counts.get('tx') ?? 0) - lookupsBefore
  expect(lookups).toBeLessThan(30)
  const left = new Set(await ledgerNftIds(h.sb, holder, h.sb.ledger.validated.header.ledger_index))
  expect(owned.slice(0, 150).filter((id) => left.has(id))).toEqual([])
})
