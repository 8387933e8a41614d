/**
 * A job meets the user leaving it: Disconnect Wallet mid-job, a switch to another network (one where
 * the same account exists, with its own sequence numbers and streams) and back, and a job that failed
 * with attempts in flight. Each pauses or settles, never leaks a sequence number, and ends with every
 * planned transfer offered exactly once and no gap left in the account's sequence.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import type { Intent, JobItemRow } from '../../../src/db/types/jobItems.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, holderTxs, planNextAirdrop } from '../../helpers/faultLedger.ts'
import {
  connectHolder,
  holder,
  jobLimits,
  reopenEngine,
  startWorld,
  succeededWhileHeld,
  waitForItems,
  waitForJob,
} from '../../helpers/faultWorld.ts'

const N = 16
const LIMITS = { lastLedgerOffset: 6, maxInFlight: 3 }

let w: World
/** Another network (Testnet here) on which the holder's account exists too. */
let other: Sandbox

beforeAll(async () => {
  w = await startWorld({ closeMs: 80, ...LIMITS })
  other = await startSandbox({ port: 0, closeMs: 80, demo: true, gatewayPort: 0 })
})

afterEach(() => {
  // Tests that hold a job mid-run resume the ledger closes once they acted; this too when one failed.
  w.closing!.resume()
})

afterAll(async () => {
  await w.stop()
  await other.stop()
})

/**
 * Plans and starts an airdrop with the ledger closes paused: a ledger validates at most the 3 in
 * flight, so the job stays under way while the test acts (see succeededWhileHeld).
 */
async function startAirdrop() {
  const { jobId, to, before } = await planNextAirdrop(w, N)
  const sequence = await holderSequence()
  w.closing!.pause()
  await w.engine.startJob(jobId)
  return { jobId, before, to, sequence }
}

async function holderSequence(ledger: 'validated' | 'current' = 'validated'): Promise<number> {
  const info = await w.client.request({
    command: 'account_info',
    account: holder,
    ledger_index: ledger,
  })
  return info.result.account_data.Sequence
}

const open = (items: JobItemRow[]) => items.filter((i) => i.status === 'pending').length
const attempts = async (jobId: string) =>
  (await readItems(w.h.db, jobId)).flatMap((i) => i.attempts).length

async function ledgers(n: number): Promise<void> {
  const start = w.h.sb.ledger.validated.header.ledger_index
  await expect
    .poll(() => w.h.sb.ledger.validated.header.ledger_index, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(start + n)
}

/** The holder's validated transactions on the other network after `ledger`. */
async function otherNetworkTxs(ledger: number): Promise<unknown[]> {
  const client = new Client(other.url)
  await client.connect()
  try {
    const res = await client.request({
      command: 'account_tx',
      account: holder,
      ledger_index_min: ledger + 1,
      ledger_index_max: -1,
    })
    return res.result.transactions
  } finally {
    await client.disconnect()
  }
}

/**
 * No gap left in the holder's sequence: every number from `from` on was used by a validated
 * transaction, in order, and nothing waits in the open ledger.
 */
async function expectNoSequenceGap(from: number, ledger: number): Promise<void> {
  await ledgers(2)
  const txs = await holderTxs(w, ledger + 1)
  const used = txs.map((t) => (t.tx_json as { Sequence: number }).Sequence).sort((a, b) => a - b)
  const next = await holderSequence()
  expect(used).toEqual(Array.from({ length: next - from }, (_, k) => from + k))
  expect(await holderSequence('current')).toBe(next)
}

describe('the user leaves a running job', () => {
  it('Disconnect Wallet pauses it without leaking a number; connecting again finishes it', async () => {
    const { jobId, before, to, sequence } = await startAirdrop()
    await succeededWhileHeld(w, jobId)
    await w.engine.lock()
    const paused = await readJob(w.h.db, jobId)
    expect(paused).toMatchObject({ status: 'paused', pausedBy: 'wallet' })
    w.closing!.resume()
    // What was in flight settles; nothing is signed while the wallet is gone, ledgers go by.
    await expect.poll(async () => (await readJob(w.h.db, jobId))?.counts.inFlight).toBe(0)
    const signed = await attempts(jobId)
    expect(open(await readItems(w.h.db, jobId)), 'disconnected mid-run').toBeGreaterThan(0)
    await ledgers(8)
    expect(await attempts(jobId)).toBe(signed)
    expect((await readJob(w.h.db, jobId))?.status).toBe('paused')
    await connectHolder(w.engine)
    const job = await waitForJob(w, jobId, ['completed'])
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    const items = await expectExactlyOnce(w, jobId, before, to)
    // Each intent signed at most twice (an attempt that died while the wallet was away).
    for (const item of items) expect(item.attempts.length).toBeLessThanOrEqual(2)
    await expectNoSequenceGap(sequence, before.ledger)
  })

  it('a switch to another network pauses it; back on its network it finishes once', async () => {
    const networks = {
      ...w.h.networks,
      // A sandbox stands in for Testnet: it reports no Testnet network id, so none is checked.
      testnet: {
        ...w.h.networks.testnet,
        endpoints: [other.url],
        clioEndpoints: [other.url],
        networkId: undefined,
      },
    }
    await w.engine.dispose()
    w.engine = w.h.reopen({ networks, jobs: jobLimits(LIMITS) })
    await w.engine.connect('sandbox')
    await connectHolder(w.engine)
    const { jobId, before, to, sequence } = await startAirdrop()
    await succeededWhileHeld(w, jobId)
    const otherBefore = other.ledger.validated.header.ledger_index
    await w.engine.connect('testnet')
    // The same account on the other network, with its own streams and sequence numbers.
    await connectHolder(w.engine)
    expect(await readJob(w.h.db, jobId)).toMatchObject({ status: 'paused', pausedBy: 'network' })
    expect(open(await readItems(w.h.db, jobId)), 'switched mid-run').toBeGreaterThan(0)
    w.closing!.resume()
    await ledgers(8)
    // Nothing of the job went to the other network.
    expect(await otherNetworkTxs(otherBefore)).toEqual([])
    await w.engine.connect('sandbox')
    await connectHolder(w.engine)
    const job = await waitForJob(w, jobId, ['completed'])
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
    await expectExactlyOnce(w, jobId, before, to)
    await expectNoSequenceGap(sequence, before.ledger)
  })

  it('an error mid-run stops the job only after what it submitted has settled', async () => {
    const { jobId, before } = await planNextAirdrop(w, N)
    const sequence = await holderSequence()
    // An intent that cannot be signed (as a bug or a damaged row would leave it), past the middle.
    const broken = (await readItems(w.h.db, jobId))[10]!
    const offer = broken.intent as Extract<Intent, { type: 'offer' }>
    await w.h.db.jobItems.update(broken.id, { intent: { ...offer, amountDrops: 'x' } })
    await w.engine.startJob(jobId)
    const job = await waitForJob(w, jobId, ['failed'])
    expect(job.error).toBeTruthy()
    expect(job.counts.inFlight).toBe(0)
    const items = await readItems(w.h.db, jobId)
    expect(items[10]).toMatchObject({ status: 'pending', attempts: [] })
    const succeeded = items.filter((i) => i.status === 'succeeded')
    expect(succeeded.length).toBeGreaterThanOrEqual(8)
    expect(items.every((i) => i.status === 'succeeded' || i.status === 'pending')).toBe(true)
    // On the ledger: one offer per succeeded item, none for the rest, no number left unused.
    const offers = (await holderTxs(w, before.ledger + 1)).filter(
      (t) => (t.tx_json as { TransactionType: string }).TransactionType === 'NFTokenCreateOffer',
    )
    expect(offers.map((t) => (t.tx_json as { NFTokenID: string }).NFTokenID).sort()).toEqual(
      succeeded.map((i) => (i.intent as { nftId: string }).nftId).sort(),
    )
    await expectNoSequenceGap(sequence, before.ledger)
  })

  it('a job that failed with attempts in flight is still settled', async () => {
    const { jobId, before } = await startAirdrop()
    await waitForItems(w, jobId, (items) => items.some((i) => i.status === 'inFlight'))
    // An older version's runner stopped here with the job `failed`, its attempts left in flight
    // (no ledger has closed: none of them could settle yet).
    await w.engine.dispose()
    await w.h.db.jobs.update(jobId, { status: 'failed', error: 'a failure' })
    const left = await readJob(w.h.db, jobId)
    expect(left?.counts.inFlight, 'failed with attempts in flight').toBeGreaterThan(0)
    w.closing!.resume()
    await reopenEngine(w, LIMITS)
    await expect.poll(async () => (await readJob(w.h.db, jobId))?.counts.inFlight).toBe(0)
    const job = await readJob(w.h.db, jobId)
    expect(job).toMatchObject({ status: 'failed', error: 'a failure' })
    // Settled, not resumed: what was never signed stays pending; nothing is doubled.
    const items = await readItems(w.h.db, jobId)
    expect(items.every((i) => i.status !== 'inFlight')).toBe(true)
    const created = items.filter((i) => i.status === 'succeeded')
    expect(created.length).toBeGreaterThan(0)
    await ledgers(2)
    const offers = (await holderTxs(w, before.ledger + 1)).filter((t) => {
      const json = t.tx_json as { TransactionType: string; Destination?: string }
      const result = (t.meta as { TransactionResult: string }).TransactionResult
      return json.TransactionType === 'NFTokenCreateOffer' && result === 'tesSUCCESS'
    })
    expect(offers.map((t) => t.hash).sort()).toEqual(
      created.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')?.hash).sort(),
    )
  })
})
