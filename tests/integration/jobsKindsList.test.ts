/**
 * Job kind `list` end to end against the sandbox's demo ledger: sell offers at the prices the user
 * gave — one only to a given recipient, one until an expiration — created exactly as asked (seen
 * through an independent client), and the job's report as the CSV the user downloads.
 */
import Papa from 'papaparse'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client } from 'xrpl'
import type { LedgerEntry } from 'xrpl'

import { readItems } from '../../src/db/jobs.ts'
import type { JobItemRow, JobRow } from '../../src/db/types.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { JOB_REPORT_COLUMNS } from '../../src/worker/jobs/reportCsv.ts'
import { readAccountNfts } from '../../src/worker/nfts/accountNfts.ts'
import { jobFinished, startEngineHarness } from '../helpers/engine.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import { closeLedgers } from '../helpers/sandbox.ts'

/** An NFTokenOffer ledger entry (xrpl.js's type leaves out its NFTokenID). */
type Offer = LedgerEntry.NFTokenOffer & { NFTokenID: string }

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** Recipient 31 does not accept offers by itself, so the offer stays on the ledger to be seen. */
const recipient = accounts.recipients[30]!.classicAddress
const LSF_SELL_NFTOKEN = 0x0000_0001

let h: EngineHarness
let client: Client
let stopClosing: () => void

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0, expectedLedgerSize: 1000 })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  client = new Client(h.sb.url)
  await client.connect()
  stopClosing = closeLedgers(h.sb, 100)
})

afterAll(async () => {
  stopClosing()
  await client.disconnect()
  await h.stop()
})

/** The holder's transferable NFTs of its own collections, without any offer yet. */
async function freeNfts(count: number): Promise<string[]> {
  const { nfts } = await readAccountNfts(client, holder, () => undefined)
  const offered = new Set((await holderOffers()).map((o) => o.NFTokenID))
  return nfts
    .filter((n) => n.issuer === holder && n.transferable && !offered.has(n.nftId))
    .slice(0, count)
    .map((n) => n.nftId)
}

async function holderOffers(): Promise<Offer[]> {
  const pages = await client.requestAll({
    command: 'account_objects',
    account: holder,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  return pages.flatMap((p) => p.result.account_objects as unknown as Offer[])
}

/** The validated ledger's close time, Ripple-epoch seconds. */
async function closeTime(): Promise<number> {
  const ledger = await client.request({ command: 'ledger', ledger_index: 'validated' })
  return ledger.result.ledger.close_time
}

let job: JobRow
let items: JobItemRow[]
let expiration: number

it('creates each offer exactly as asked: price, recipient, expiration', async () => {
  const [a, b, c, d, e] = (await freeNfts(5)) as [string, string, string, string, string]
  expiration = (await closeTime()) + 3600
  const before = await holderOffers()
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
  const after = await holderOffers()
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
    const tx = await client.request({ command: 'tx', transaction: row.tx_hash! })
    expect(tx.result.validated).toBe(true)
    expect(tx.result.ledger_index).toBe(Number(row.ledger_index))
    expect((tx.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS')
  }
})
