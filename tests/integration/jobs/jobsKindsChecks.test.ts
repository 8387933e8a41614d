/**
 * What stands between a planned job and the ledger, end to end against the sandbox's demo ledger:
 * a reserve shortfall blocks the job before anything is signed; per-item problems are skipped on
 * request (and reported in the CSV) while the other items run; a second job of the same account
 * waits until the first is done.
 */
import Papa from 'papaparse'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { ECDSA, Wallet } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { shortAddress } from '../../../src/shared/format.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { engineError, jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness, validatedIndex } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import {
  closeLedgers,
  fundInProcess,
  mintInProcess,
  submitInProcess,
} from '../../helpers/sandbox.ts'
import { eventually } from '../../helpers/poll.ts'
import { problemReason } from '../../../src/worker/jobs/plan/itemFacts.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const artist = accounts.artist.classicAddress
const recipients = accounts.recipients.map((w) => w.classicAddress)

let h: DemoJobsHarness
let stopClosing: () => void = () => {}

beforeAll(async () => {
  // Ledgers close when a test says so (closeMs 0), or on the ticker a test starts.
  h = await startDemoJobsHarness()
})

afterEach(() => {
  stopClosing()
  stopClosing = () => {}
})

afterAll(async () => {
  await h.stop()
})

/** Polls until `check` holds (it reads IndexedDB), or fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  await eventually(check, (held) => held, what, { timeoutMs, everyMs: 20 })
}

it('a reserve shortfall blocks the job: startJob rejects and nothing is signed', async () => {
  const poor = Wallet.generate(ECDSA.secp256k1)
  fundInProcess(h.sb.ledger, 2.5, poor)
  mintInProcess(h.sb.ledger, poor, 10)
  await h.sb.ledgerAccept()
  await h.engine.connectWallet({ kind: 'familySeed', secret: poor.seed! })
  const { nfts } = await readAccountNfts(h.client, poor.classicAddress, () => undefined)
  expect(nfts).toHaveLength(10)

  const plan = await h.engine.planJob({
    kind: 'list',
    offers: nfts.map((n) => ({ nftId: n.nftId, amountDrops: '1000000' })),
  })
  expect(plan.canStart).toBe(false)
  const shortfall = plan.problems.find((p) => p.code === 'INSUFFICIENT_RESERVE')
  expect(shortfall).toMatchObject({ blocking: true })
  expect(shortfall!.message).toMatch(
    /^Not enough XRP: this job needs 2\.\d+ XRP \(2 XRP owner reserve for 10 new offers/,
  )
  const from = await validatedIndex(h.client)

  for (const options of [undefined, { skipProblems: true }]) {
    expect(await engineError(h.engine.startJob(plan.jobId, options))).toEqual({
      code: 'VALIDATION',
      message: shortfall!.message,
    })
  }
  await h.sb.ledgerAccept()
  await h.sb.ledgerAccept()
  // Nothing of the account reached the ledger, and the job is as planned: no attempt was signed.
  const txs = await h.client.request({
    command: 'account_tx',
    account: poor.classicAddress,
    ledger_index_min: from + 1,
    ledger_index_max: -1,
  })
  expect(txs.result.ledger_index_min).toBe(from + 1)
  expect(txs.result.ledger_index_max).toBe(from + 2)
  expect(txs.result.transactions).toEqual([])
  expect((await readJob(h.db, plan.jobId))?.status).toBe('planned')
  for (const item of await readItems(h.db, plan.jobId)) {
    expect(item).toMatchObject({ status: 'pending', attempts: [] })
  }
})

it('skips the problem items when asked; the others run; the CSV tells which is which', async () => {
  stopClosing = closeLedgers(h.sb, 100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  submitInProcess(h.sb.ledger, accounts.artist, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 99,
    Flags: 8,
  })
  await h.sb.ledgerAccept()
  const artistNft = (await readAccountNfts(h.client, artist, () => undefined)).nfts[0]!.nftId
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  const relic = nfts.find((n) => n.issuer === artist && !n.transferable)!.nftId
  const own = await freeNfts(h.client, holder, 4)
  // Slot i of the distribution gets NFT i (no shuffle).
  const distribution = [
    recipients[34]!, // own[0]: fine
    accounts.unfunded[0]!.classicAddress, // own[1]: NO_DESTINATION
    recipients[49]!, // own[2]: REFUSES_OFFERS
    recipients[35]!, // the artist's NFT: NOT_OWNED
    recipients[36]!, // the relic: NOT_TRANSFERABLE
    recipients[37]!, // own[3]: fine
  ].map((address) => ({ address, count: 1 }))
  const nftIds = [own[0]!, own[1]!, own[2]!, artistNft, relic, own[3]!]

  const plan = await h.engine.planJob({ kind: 'airdrop', distribution, nftIds, randomize: false })
  expect(plan.problems.map((p) => [p.code, p.itemIndex, p.blocking])).toEqual([
    ['NO_DESTINATION', 1, false],
    ['REFUSES_OFFERS', 2, false],
    ['NOT_OWNED', 3, false],
    ['NOT_TRANSFERABLE', 4, false],
  ])
  expect(plan).toMatchObject({ items: 6, transactions: 2, canStart: true })
  expect(await engineError(h.engine.startJob(plan.jobId))).toEqual({
    code: 'VALIDATION',
    message: 'Pre-flight found problems: skip those items or change the job',
  })
  const before = await offersOf(h.client, holder)

  await h.engine.startJob(plan.jobId, { skipProblems: true })
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 6, succeeded: 2, skipped: 4, failed: 0 })
  const items = await readItems(h.db, plan.jobId)
  for (const problem of plan.problems) {
    expect(items[problem.itemIndex!]).toMatchObject({
      status: 'skipped',
      result: problem.code,
      // The reason, without pre-flight's 'it will be skipped': the job has run.
      message: problemReason(problem.message),
      attempts: [],
    })
  }
  const after = await offersOf(h.client, holder)
  const created = after.filter((o) => !before.some((b) => b.index === o.index))
  expect(created.map((o) => [o.NFTokenID, o.Destination, o.Amount]).sort()).toEqual(
    [
      [own[0], recipients[34], '0'],
      [own[3], recipients[37], '0'],
    ].sort(),
  )
  expect([items[0]!.offerId, items[5]!.offerId].sort()).toEqual(created.map((o) => o.index).sort())

  const csv = await h.engine.exportJobCsv(plan.jobId)
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
  expect(rows.errors).toEqual([])
  expect(rows.data.map((r) => [r.index, r.status, r.result, r.recipient])).toEqual(
    distribution.map(({ address }, i) => [
      String(i),
      i === 0 || i === 5 ? 'succeeded' : 'skipped',
      i === 0 || i === 5 ? 'tesSUCCESS' : plan.problems.find((p) => p.itemIndex === i)!.code,
      address,
    ]),
  )
  for (const [i, row] of rows.data.entries()) {
    const item = items[i]!
    expect(row.tx_hash).toBe(item.attempts[0]?.hash ?? '')
    expect(row.message).toBe(item.message)
  }
})

it('an airdrop started again with the same NFTs: each is flagged, and skipping makes no offer', async () => {
  stopClosing = closeLedgers(h.sb, 100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const nftIds = await freeNfts(h.client, holder, 3)
  const request = {
    kind: 'airdrop',
    distribution: recipients.slice(40, 43).map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  } as const
  const first = await h.engine.planJob(request)
  expect(first.problems).toEqual([])
  await h.engine.startJob(first.jobId)
  expect((await jobFinished(h.db, first.jobId)).counts).toMatchObject({ succeeded: 3 })
  const before = await offersOf(h.client, holder)

  // The same selection again, with the first airdrop's offers still waiting.
  const again = await h.engine.planJob(request)
  expect(again.problems).toEqual(
    nftIds.map((nftId, index) => ({
      code: 'DUPLICATE',
      itemIndex: index,
      blocking: false,
      message: `NFT ${nftId.slice(0, 8)}...${nftId.slice(-8)} already has a sell offer from you (to ${shortAddress(recipients[40 + index]!)}): it will be skipped`,
    })),
  )
  expect(again).toMatchObject({ transactions: 0, reserveChangeDrops: '0', canStart: true })
  await h.engine.startJob(again.jobId, { skipProblems: true })
  const job = await jobFinished(h.db, again.jobId)
  expect(job.counts).toMatchObject({ total: 3, succeeded: 0, skipped: 3, failed: 0 })
  await h.sb.ledgerAccept()
  expect((await offersOf(h.client, holder)).map((o) => o.index).sort()).toEqual(
    before.map((o) => o.index).sort(),
  )
})

it('spare selected NFTs go to recipients whose NFT is already on offer; problems name NFTs as their cards do', async () => {
  stopClosing = closeLedgers(h.sb, 100)
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const [offered, spare] = [
    await freeNfts(h.client, holder, 2),
    await freeNfts(h.client, holder, 2, 2),
  ]
  const first = await h.engine.planJob({
    kind: 'airdrop',
    distribution: recipients.slice(43, 45).map((address) => ({ address, count: 1 })),
    nftIds: offered,
    randomize: false,
  })
  await h.engine.startJob(first.jobId)
  expect((await jobFinished(h.db, first.jobId)).counts).toMatchObject({ succeeded: 2 })
  // The card of the first shows the name its metadata gives; the second's metadata was never read.
  await h.db.metadata.put({
    nftId: offered[0]!,
    status: 'loaded',
    name: '  Badge of Honour ',
    description: null,
    collection: null,
    image: null,
    attributes: [],
    fetchedAt: Date.now(),
    sizeBytes: 100,
  })

  // Without spares: each is skipped, the first named by its card's name.
  const taken = recipients.slice(45, 47).map((address) => ({ address, count: 1 }))
  const bare = await h.engine.planJob({
    kind: 'airdrop',
    distribution: taken,
    nftIds: offered,
    randomize: false,
  })
  expect(bare.problems.map((p) => p.message)).toEqual([
    `"Badge of Honour" already has a sell offer from you (to ${shortAddress(recipients[43]!)}): it will be skipped`,
    `NFT ${offered[1]!.slice(0, 8)}...${offered[1]!.slice(-8)} already has a sell offer from you (to ${shortAddress(recipients[44]!)}): it will be skipped`,
  ])
  expect(bare).toMatchObject({ transactions: 0 })
  expect(bare.sparesUsed).toBeUndefined()

  // Two more selected than asked for: they take the skipped NFTs' places.
  const plan = await h.engine.planJob({
    kind: 'airdrop',
    distribution: taken,
    nftIds: [...offered, ...spare],
    randomize: false,
  })
  expect(plan).toMatchObject({ problems: [], transactions: 2, sparesUsed: 2, canStart: true })
  await h.engine.startJob(plan.jobId)
  expect((await jobFinished(h.db, plan.jobId)).counts).toMatchObject({ succeeded: 2, skipped: 0 })
  const offers = await offersOf(h.client, holder)
  const to = (address: string) =>
    offers.filter((o) => o.Destination === address).map((o) => o.NFTokenID)
  expect(to(recipients[45]!)).toEqual([spare[0]])
  expect(to(recipients[46]!)).toEqual([spare[1]])
  // Each offered NFT still has its one offer, to its first recipient.
  for (const nftId of offered) expect(offers.filter((o) => o.NFTokenID === nftId)).toHaveLength(1)
})

it('a second job of the same account waits, then runs after the first', async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const offered = await freeNfts(h.client, holder, 10)
  const burned = await freeNfts(h.client, holder, 5, 10)
  const first = await h.engine.planJob({
    kind: 'list',
    offers: offered.map((nftId) => ({ nftId, amountDrops: '5000000' })),
  })
  const second = await h.engine.planJob({ kind: 'burn', nftIds: burned })

  // No ledger closes yet: the first job submits everything and waits for its results.
  await h.engine.startJob(first.jobId)
  await until('the first job to submit all its offers', async () =>
    (await readItems(h.db, first.jobId)).every((i) => i.attempts[0]?.preliminary !== undefined),
  )
  await h.engine.startJob(second.jobId)
  await new Promise((r) => setTimeout(r, 300))
  expect((await readJob(h.db, first.jobId))?.status).toBe('running')
  expect((await readJob(h.db, second.jobId))?.status).toBe('waiting')
  for (const item of await readItems(h.db, second.jobId)) expect(item.attempts).toEqual([])

  stopClosing = closeLedgers(h.sb, 100)
  const [one, two] = await Promise.all([
    jobFinished(h.db, first.jobId),
    jobFinished(h.db, second.jobId),
  ])
  expect([one.status, two.status]).toEqual(['completed', 'completed'])
  expect(one.counts).toMatchObject({ succeeded: 10 })
  expect(two.counts).toMatchObject({ succeeded: 5 })
  const firstAttempts = (await readItems(h.db, first.jobId)).flatMap((i) => i.attempts)
  const secondAttempts = (await readItems(h.db, second.jobId)).flatMap((i) => i.attempts)
  // The second job signed only once the first one's last result was validated, with later sequences.
  const firstDone = Math.max(...firstAttempts.map((a) => a.ledgerIndex!))
  expect(Math.min(...secondAttempts.map((a) => a.firstLedger))).toBeGreaterThanOrEqual(firstDone)
  expect(Math.min(...secondAttempts.map((a) => a.sequence))).toBeGreaterThan(
    Math.max(...firstAttempts.map((a) => a.sequence)),
  )
  expect(two.updatedAt).toBeGreaterThanOrEqual(one.updatedAt)
  expect(await ledgerHas(burned)).toEqual([])
})

/** Which of these NFTs the holder still has on the validated ledger. */
async function ledgerHas(nftIds: string[]): Promise<string[]> {
  const { nfts } = await readAccountNfts(h.client, holder, () => undefined)
  return nftIds.filter((id) => nfts.some((n) => n.nftId === id))
}
