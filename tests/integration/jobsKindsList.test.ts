/**
 * Job kind `list` end to end against the sandbox's demo ledger: sell offers at the prices the user
 * gave — one only to a given recipient, one until an expiration — created exactly as asked (seen
 * through an independent client), and the job's report as the CSV the user downloads.
 */
import Papa from 'papaparse'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../src/db/jobs.ts'
import type { JobItemRow, JobRow } from '../../src/db/types.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { JOB_REPORT_COLUMNS } from '../../src/worker/jobs/report/reportCsv.ts'
import { jobFinished } from '../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../helpers/jobs.ts'
import type { DemoJobsHarness } from '../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** Recipient 31 does not accept offers by itself, so the offer stays on the ledger to be seen. */
const recipient = accounts.recipients[30]!.classicAddress
const LSF_SELL_NFTOKEN = 0x0000_0001

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness(100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterAll(async () => {
  await h.stop()
})

/** The validated ledger's close time, Ripple-epoch seconds. */
async function closeTime(): Promise<number> {
  const ledger = await h.client.request({ command: 'ledger', ledger_index: 'validated' })
  return ledger.result.ledger.close_time
}

let job: JobRow
let items: JobItemRow[]
let expiration: number

it('creates each offer exactly as asked: price, recipient, expiration', async () => {
  const free = await freeNfts(h.client, holder, 5)
  const [a, b, c, d, e] = free as [string, string, string, string, string]
  expiration = (await closeTime()) + 3600
  const before = await offersOf(h.client, holder)
  const plan = await h.engine.planJob({
    kind: 'list',
    offers: [
      { nftId: a, amountDrops: '1' },
      { nftId: b, amountDrops: '2500000' },
      { nftId: c, amountDrops: '123456789' },
      { nftId: d, amountDrops: '0', destination: recipient },
      { nftId: e, amountDrops: '7000000', expiration },
    ],
  })
  expect(plan).toMatchObject({
    kind: 'list',
    items: 5,
    transactions: 5,
    problems: [],
    canStart: true,
    reserveChangeDrops: String(5 * 200_000),
  })

  await h.engine.startJob(plan.jobId)
  job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toEqual({
    total: 5,
    pending: 0,
    inFlight: 0,
    succeeded: 5,
    failed: 0,
    skipped: 0,
  })

  items = await readItems(h.db, plan.jobId)
  const after = await offersOf(h.client, holder)
  const created = after.filter((o) => !before.some((x) => x.index === o.index))
  expect(created).toHaveLength(5)
  const byNft = new Map(created.map((o) => [o.NFTokenID, o]))
  const expected = [
    { nft: a, Amount: '1' },
    { nft: b, Amount: '2500000' },
    { nft: c, Amount: '123456789' },
    { nft: d, Amount: '0', Destination: recipient },
    { nft: e, Amount: '7000000', Expiration: expiration },
  ]
  for (const [i, { nft, ...fields }] of expected.entries()) {
    const offer = byNft.get(nft)!
    expect(offer).toBeDefined()
    expect(offer.Owner).toBe(holder)
    expect(offer.Amount).toBe(fields.Amount)
    expect(offer.Destination).toBe(fields.Destination)
    expect(offer.Expiration).toBe(fields.Expiration)
    expect(offer.Flags & LSF_SELL_NFTOKEN).toBe(LSF_SELL_NFTOKEN)
    const item = items[i]!
    expect(item).toMatchObject({ status: 'succeeded', result: 'tesSUCCESS', offerId: offer.index })
    expect(item.message).toBe('The offer was created.')
  }
})

it('exports the report as CSV: a header, then one row per item with its hash and result', async () => {
  const csv = await h.engine.exportJobCsv(job.id)
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  expect(parsed.meta.fields).toEqual([...JOB_REPORT_COLUMNS])
  expect(parsed.data).toHaveLength(5)

  const amounts = ['0.000001', '2.5', '123.456789', '0', '7']
  for (const [i, row] of parsed.data.entries()) {
    const item = items[i]!
    const attempt = item.attempts.find((x) => x.final === 'tesSUCCESS')!
    expect(row).toMatchObject({
      index: String(i),
      action: 'offer',
      nft_id: (item.intent as { nftId: string }).nftId,
      amount_xrp: amounts[i],
      status: 'succeeded',
      tx_hash: attempt.hash,
      result: 'tesSUCCESS',
      message: 'The offer was created.',
      offer_id: item.offerId,
      ledger_index: String(attempt.ledgerIndex),
    })
    expect(row.recipient).toBe(i === 3 ? recipient : '')
    // The hash is the one the ledger validated, with that result, in that ledger.
    const tx = await h.client.request({ command: 'tx', transaction: row.tx_hash! })
    expect(tx.result.validated).toBe(true)
    expect(tx.result.ledger_index).toBe(Number(row.ledger_index))
    expect((tx.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
  }
})
