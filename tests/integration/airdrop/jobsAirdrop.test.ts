/**
 * Durable bulk jobs end to end against the sandbox ledger: an airdrop whose every offer exists exactly
 * once on the ledger afterwards, seen through an independent client.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { Client } from 'xrpl'
import type { LedgerEntry } from 'xrpl'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { readItems } from '../../../src/db/jobs.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import { jobFinished, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
let h: EngineHarness
let stopClosing: () => void

beforeEach(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0, expectedLedgerSize: 1000 })
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  stopClosing = closeLedgers(h.sb, 100)
})

afterEach(async () => {
  stopClosing()
  await h.stop()
})

/** Offers the holder has on the ledger now, by independent client. */
async function holderOffers(): Promise<
  { NFTokenID: string; Destination?: string; Amount: string }[]
> {
  const client = new Client(h.sb.url)
  await client.connect()
  try {
    const pages = await client.requestAll({
      command: 'account_objects',
      account: holder,
      type: 'nft_offer',
    })
    return pages.flatMap(
      (p) => p.result.account_objects as unknown as LedgerEntry.NFTokenOffer[],
    ) as never
  } finally {
    await client.disconnect()
  }
}

/** Records the sandbox's answer to every client submit until `stop`. */
function submitAnswers(): { results: string[]; stop(): void } {
  const ledger = h.sb.ledger
  const original = ledger.submitFromClient.bind(ledger)
  const results: string[] = []
  ledger.submitFromClient = (blob, failHard) => {
    const answer = original(blob, failHard)
    results.push(answer.engine_result)
    return answer
  }
  return { results, stop: () => void Reflect.deleteProperty(ledger, 'submitFromClient') }
}

async function transferableNfts(n: number): Promise<string[]> {
  await h.engine.loadNfts(undefined, holder)
  const snapshot = await h.db.nftSnapshots.get(['sandbox', holder])
  // Airdrops flag NFTs the holder already offers (the demo ledger has some): leave those out.
  const offered = new Set((await holderOffers()).map((o) => o.NFTokenID))
  return snapshot!.nfts
    .filter((x) => x.transferable && x.issuer === holder && !offered.has(x.nftId))
    .slice(0, n)
    .map((x) => x.nftId)
}

it('airdrops to 30 recipients: every offer is on the ledger exactly once', async () => {
  const nftIds = await transferableNfts(30)
  const recipients = accounts.recipients.slice(10, 40).map((w) => w.classicAddress)
  const before = await holderOffers()
  const plan = await h.engine.planJob({
    kind: 'airdrop',
    distribution: recipients.map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  })
  expect(plan.problems).toEqual([])
  expect(plan.transactions).toBe(30)
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 30, succeeded: 30, failed: 0 })

  const items = await readItems(h.db, plan.jobId)
  const after = await holderOffers()
  const created = after.filter(
    (o) => !before.some((b) => (b as { index?: string }).index === (o as { index?: string }).index),
  )
  expect(created.length).toBe(30)
  for (const item of items) {
    const intent = item.intent as { nftId: string; destination: string }
    const matching = created.filter(
      (o) => o.NFTokenID === intent.nftId && o.Destination === intent.destination,
    )
    expect(matching.length).toBe(1)
    expect(item.offerId).toBeDefined()
  }
})

it('keeps going when the open ledger is full: queueing and back-off, still exactly once', async () => {
  // No ledger closes until the job has met the full queue: how many submits land in one open ledger
  // is then the engine's doing, not the timer's (a close every 100 ms let a slow runner's few
  // submits per ledger all fit, and the queue never filled).
  stopClosing()
  h.sb.ledger.expectedLedgerSize = 8
  const nftIds = await transferableNfts(30)
  const recipients = accounts.recipients.slice(10, 40).map((w) => w.classicAddress)
  const before = await holderOffers()
  const plan = await h.engine.planJob({
    kind: 'airdrop',
    distribution: recipients.map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: true,
  })
  const answers = submitAnswers()
  let job: JobRow
  try {
    await h.engine.startJob(plan.jobId)
    // Nothing closes and the job has 30 to submit: the open ledger takes 9 at the base fee (its
    // expected size 8, escalated once it holds more), the queue 10 of the account (terQUEUED), and the
    // next submit meets the full queue (telCAN_NOT_QUEUE_FULL): the engine backs off.
    await vi.waitFor(
      () => {
        expect(answers.results).toContain('terQUEUED')
        expect(answers.results.some((r) => r.startsWith('telCAN_NOT_QUEUE'))).toBe(true)
      },
      { timeout: 20_000, interval: 10 },
    )
    // Ledgers close again: the queue drains, and the held-back submits go in the next ledgers.
    stopClosing = closeLedgers(h.sb, 100)
    job = await jobFinished(h.db, plan.jobId)
  } finally {
    answers.stop()
  }
  // The ledger was full indeed: submits were queued, and some turned away (the engine backed off).
  expect(answers.results).toContain('terQUEUED')
  expect(answers.results.some((r) => r.startsWith('telCAN_NOT_QUEUE'))).toBe(true)
  expect(job.counts).toMatchObject({ total: 30, succeeded: 30 })
  const created = (await holderOffers()).length - before.length
  expect(created).toBe(30)
})
