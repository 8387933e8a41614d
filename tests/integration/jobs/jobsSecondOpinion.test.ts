/**
 * Proof of death on a network of several servers: the runner's server says an attempt is in none of
 * the ledgers it could be in (txnNotFound, searched_all). Before the intent is signed again, another
 * endpoint of the network must say so too. A server that hides validated transactions (the sandbox's
 * hideTxs fault: no transaction on its streams, every ranged `tx` answered txnNotFound) then cannot
 * make the runner execute an intent twice; attempts that really died are still signed again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AccountSet } from 'xrpl'

import type { SentElsewhere, World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, planNextAirdrop } from '../../helpers/faultLedger.ts'
import {
  accounts,
  connectHolder,
  holder,
  jobLimits,
  sendElsewhere,
  startWorld,
  validatedElsewhere,
  waitForItems,
  waitForJob,
} from '../../helpers/faultWorld.ts'

const N = 12
const LIMITS = { lastLedgerOffset: 6, maxInFlight: 4 }

let w: World
let honest: Awaited<ReturnType<World['h']['sb']['addEndpoint']>>

beforeAll(async () => {
  w = await startWorld({ closeMs: 80, ...LIMITS })
  // The same ledger behind a second endpoint: the network lists both, the runner uses the first.
  honest = await w.h.sb.addEndpoint()
  const networks = {
    ...w.h.networks,
    sandbox: { ...w.h.networks.sandbox, endpoints: [w.h.sb.url, honest.url] },
  }
  await w.engine.dispose()
  w.engine = w.h.reopen({ networks, jobs: jobLimits(LIMITS) })
  await w.engine.connect('sandbox')
  await connectHolder(w.engine)
})

afterAll(async () => {
  await w.stop()
})

it('a server that hides validated transactions cannot make the runner sign again', async () => {
  const { jobId, to, before } = await planNextAirdrop(w, N)
  expect((await w.engine.getNetworkStatus()).endpoint).toBe(w.h.sb.url)
  const asked = w.h.sb.server.commandCounts.get('tx') ?? 0
  w.h.sb.faults.hideTxs = true
  try {
    await w.engine.startJob(jobId)
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.counts).toMatchObject({ total: N, succeeded: N, inFlight: 0 })
  } finally {
    w.h.sb.faults.hideTxs = false
  }
  // The lying server was asked (and denied every transaction); the other one set the record straight.
  expect(w.h.sb.server.commandCounts.get('tx') ?? 0).toBeGreaterThan(asked)
  const items = await expectExactlyOnce(w, jobId, before, to)
  for (const item of items) expect(item.attempts, `item ${item.index}`).toHaveLength(1)
})

it('an attempt that really died, shown only by the other server while the server in use hides it: paused, then signed again once on Resume', async () => {
  const { jobId, to, before } = await planNextAirdrop(w, N)
  const confirmations = honest.server.commandCounts.get('tx') ?? 0
  // The first three submits vanish, so their numbers are still free on the ledger; the runner's
  // server shows no transaction on its streams and denies every one.
  w.h.sb.faults.loseSubmits = 3
  w.h.sb.faults.hideTxs = true
  try {
    // Another app signing for the holder takes the lowest of those numbers before any ledger closes:
    // the runner looks a quiet attempt up (and submits a lost one again) only at a ledger close, so
    // the other app always gets the number first.
    let sent: SentElsewhere
    let taken: number
    w.closing!.pause()
    try {
      await w.engine.startJob(jobId)
      const stored = await waitForItems(
        w,
        jobId,
        (items) => items.filter((i) => i.attempts[0]?.preliminary !== undefined).length >= 3,
      )
      taken = Math.min(...stored.flatMap((i) => i.attempts.map((a) => a.sequence)))
      const other: AccountSet = { TransactionType: 'AccountSet', Account: holder, Sequence: taken }
      sent = await sendElsewhere(w, accounts.holder, other)
    } finally {
      w.closing!.resume()
    }
    expect(await validatedElsewhere(w, sent)).toMatchObject({ final: 'tesSUCCESS' })
    // The other server shows who took the number, and no server confirms its own word: the server
    // in use hides it, so the job pauses, naming that server, the intent keeping its number.
    const paused = await waitForJob(w, jobId, ['paused', 'completed'])
    expect(paused).toMatchObject({ status: 'paused', pausedBy: 'server' })
    expect(paused.notice).toContain(w.h.sb.url)
    // Honest again (it hid account_tx too), Resume: the rival is confirmed, the intent signed again.
    w.h.sb.faults.hideTxs = false
    await w.engine.startJob(jobId)
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('completed')
    expect(job.counts).toMatchObject({ total: N, succeeded: N })
    const items = await expectExactlyOnce(w, jobId, before, to)
    const robbed = items.find((i) => i.attempts[0]?.sequence === taken)!
    expect(robbed.attempts.map((a) => a.final)).toEqual(['dead', 'tesSUCCESS'])
  } finally {
    w.h.sb.faults.hideTxs = false
  }
  // Its death (and the others' fate) was asked of the other endpoint.
  expect(honest.server.commandCounts.get('tx') ?? 0).toBeGreaterThan(confirmations)
})
