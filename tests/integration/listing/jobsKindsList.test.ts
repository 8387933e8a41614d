/**
 * Job kind `list` end to end against the sandbox's demo ledger: sell offers at the prices the user
 * gave — one only to a given recipient, one until an expiration — created exactly as asked (seen
 * through an independent client), and the job's report as the CSV the user downloads.
 */
import Papa from 'papaparse'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { JOB_REPORT_COLUMNS } from '../../../src/worker/jobs/report/reportCsv.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

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

it("refuses a second price for an NFT already on sale, and 'List again' replaces its offer in the same job", async () => {
  const [a, b] = items.map((item) => (item.intent as { nftId: string }).nftId) as [string, string]
  const oldA = items[0]!.offerId!
  const oldB = items[1]!.offerId!

  // Without 'List again' the NFT already on sale is left out, and pre-flight says why.
  const plain = await h.engine.planJob({
    kind: 'list',
    offers: [{ nftId: a, amountDrops: '5000000' }],
  })
  expect(plain.problems).toEqual([
    expect.objectContaining({ code: 'DUPLICATE', itemIndex: 0, blocking: false }),
  ])
  expect(plain.problems[0]!.message).toContain("Choose 'List again' to replace its offer")

  // With it: one cancellation of both old offers first, then the two new offers.
  const seed = '0123456789abcdef0123456789abcdef'
  const plan = await h.engine.planJob({
    kind: 'list',
    offers: [
      { nftId: a, amountDrops: '5000000', replaces: [oldA] },
      { nftId: b, amountDrops: '6000000', replaces: [oldB] },
    ],
    strategy: 'random',
    seed,
  })
  expect(plan).toMatchObject({ items: 3, transactions: 3, problems: [], canStart: true })
  // Two offers made, two cancelled: the reserve locked does not change.
  expect(plan.reserveChangeDrops).toBe('0')
  const planned = await readItems(h.db, plan.jobId)
  expect(planned.map((item) => item.intent.type)).toEqual(['cancel', 'offer', 'offer'])
  expect(planned[0]!.intent).toEqual({ type: 'cancel', offerIds: [oldA, oldB] })
  const row = await h.db.jobs.get(plan.jobId)
  expect(row!.params).toMatchObject({
    offers: 2,
    replaced: 2,
    strategy: 'random',
    priceSeed: seed,
  })

  await h.engine.startJob(plan.jobId)
  const done = await jobFinished(h.db, plan.jobId)
  expect(done.counts).toMatchObject({ total: 3, succeeded: 3, failed: 0 })

  // Each NFT holds exactly one sell offer of the holder: the new price.
  const offers = (await offersOf(h.client, holder)).filter((o) => o.Flags & LSF_SELL_NFTOKEN)
  for (const [nft, amount] of [
    [a, '5000000'],
    [b, '6000000'],
  ] as const) {
    const mine = offers.filter((o) => o.NFTokenID === nft)
    expect(mine.map((o) => o.Amount)).toEqual([amount])
  }
  expect(offers.some((o) => o.index === oldA || o.index === oldB)).toBe(false)
})

it('leaves out an offer whose expiration has already passed on the ledger', async () => {
  const [free] = await freeNfts(h.client, holder, 1)
  const past = (await closeTime()) - 60
  const plan = await h.engine.planJob({
    kind: 'list',
    offers: [{ nftId: free!, amountDrops: '1000000', expiration: past }],
  })
  expect(plan.problems).toEqual([
    expect.objectContaining({ code: 'EXPIRED', itemIndex: 0, blocking: false }),
  ])
  expect(plan.transactions).toBe(0)
})

it("refuses to replace an offer that is not the NFT's own, and to cancel an offer whose NFT gets no new one", async () => {
  const [a, b, c] = (await freeNfts(h.client, holder, 3)) as [string, string, string]
  const first = await h.engine.planJob({
    kind: 'list',
    offers: [
      { nftId: a, amountDrops: '1000000' },
      { nftId: b, amountDrops: '1000000' },
    ],
  })
  await h.engine.startJob(first.jobId)
  await jobFinished(h.db, first.jobId)
  const [offerA, offerB] = (await readItems(h.db, first.jobId)).map((i) => i.offerId!)

  // b's offer named as what a's new offer replaces: blocked, nothing of b is touched.
  const wrong = await h.engine.planJob({
    kind: 'list',
    offers: [{ nftId: a, amountDrops: '2000000', replaces: [offerB!] }],
  })
  expect(wrong.canStart).toBe(false)
  expect(wrong.problems).toContainEqual(
    expect.objectContaining({ code: 'NOT_YOUR_OFFER', blocking: true, itemIndex: 1 }),
  )

  // A new offer that cannot be made (its buyer does not exist) would leave a with no price at all.
  const nobody = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
  const orphan = await h.engine.planJob({
    kind: 'list',
    offers: [{ nftId: a, amountDrops: '2000000', destination: nobody, replaces: [offerA!] }],
  })
  expect(orphan.canStart).toBe(false)
  const problem = orphan.problems.find((p) => p.code === 'NO_DESTINATION')!
  expect(problem.blocking).toBe(true)
  expect(problem.message).toContain('take it out of the selection')

  // An NFT another unfinished job of the wallet will still offer is left out of a new listing.
  const pending = await h.engine.planJob({ kind: 'list', offers: [{ nftId: c, amountDrops: '5' }] })
  await h.db.jobs.update(pending.jobId, { status: 'paused' })
  const second = await h.engine.planJob({ kind: 'list', offers: [{ nftId: c, amountDrops: '6' }] })
  expect(second.problems).toEqual([
    expect.objectContaining({ code: 'DUPLICATE', itemIndex: 0, blocking: false }),
  ])
  expect(second.problems[0]!.message).toContain(
    `is still to be offered by another list of this wallet (job ${pending.jobId.slice(0, 8)})`,
  )
  await h.db.jobs.update(pending.jobId, { status: 'cancelled' })
})
