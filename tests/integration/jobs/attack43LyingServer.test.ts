/**
 * Issue 43: exactly once without trusting a server. The server the engine uses lies, as one run by
 * an attacker would; the job may be slowed (it pauses and names the server), never doubled.
 *
 * - Sequence+1-and-hold: the server swallows the first offer of the job (answering tesSUCCESS) and
 *   reports the account's Sequence one higher, as if that offer had used its number. Earlier code took
 *   the higher Sequence as proof the offer was dead and signed the intent again with a new number;
 *   the server then released the held offer: two offers of one NFT. Tried with a second, honest
 *   server on the network (it confirms the held offer is in no ledger, which is true) and alone.
 * - A server that hides every transaction (the sandbox's hideTxs: no stream news, `tx` and
 *   `account_tx` deny them) for 60 ledgers, with no other server: earlier code signed a new offer of
 *   each NFT every few ledgers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import type { JobRow } from '../../../src/db/types/jobs.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, holderOffers, planNextAirdrop } from '../../helpers/faultLedger.ts'
import {
  connectHolder,
  holder,
  jobLimits,
  startWorld,
  waitForJob,
} from '../../helpers/faultWorld.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { eventually } from '../../helpers/poll.ts'

const N = 6
const LIMITS = { lastLedgerOffset: 6, maxInFlight: 10 }

let w: World
let proxy: Proxy

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, ...LIMITS })
  proxy = await startProxy(w.h.sb.url)
})

afterAll(async () => {
  await proxy.close()
  await w.stop()
})

/** Reopens the engine on a network whose first (used) server is the proxy, `others` behind it. */
async function useProxy(others: string[]): Promise<void> {
  await w.engine.dispose()
  const base = buildNetworks({})
  const networks = {
    ...w.h.networks,
    sandbox: { ...base.sandbox, ...w.h.networks.sandbox, endpoints: [proxy.url, ...others] },
  }
  w.engine = w.h.reopen({ networks, jobs: jobLimits(LIMITS) })
  await w.engine.connect('sandbox')
  await connectHolder(w.engine)
  expect((await w.engine.getNetworkStatus()).endpoint).toBe(proxy.url)
}

interface Held {
  blob: string | null
  sequence: number
  /** Offers of the held offer's NFT the engine submitted after it (a new signature of the intent). */
  resigned: number
  release(): Promise<void>
}

/**
 * The Sequence+1-and-hold server: swallows every submit of the first offer of `nftId` (answering
 * tesSUCCESS) and, while the account's number is still that offer's, reports it one higher. A second
 * offer of the same NFT releases the held one at once (the attack's pay-off).
 */
function holdAndLie(nftId: string): Held {
  const account = holder
  const held: Held = {
    blob: null,
    sequence: 0,
    resigned: 0,
    release: async () => {
      const blob = held.blob
      if (!blob) return
      held.blob = null
      proxy.hooks = {}
      await w.client.request({ command: 'submit', tx_blob: blob })
    },
  }
  const swallowed = new Set<unknown>()
  proxy.hooks = {
    request: (request) => {
      if (request.command !== 'submit' || typeof request.tx_blob !== 'string') return request
      const tx = decode(request.tx_blob) as Json
      if (tx.TransactionType !== 'NFTokenCreateOffer' || tx.NFTokenID !== nftId) return request
      if (held.blob === null && held.sequence === 0) {
        held.blob = request.tx_blob
        held.sequence = tx.Sequence as number
      }
      if (request.tx_blob === held.blob) {
        swallowed.add(request.id)
        return { id: request.id, command: 'ping' }
      }
      held.resigned += 1
      void held.release()
      return request
    },
    reply: (reply, request) => {
      // (Ids are per connection: a reopened engine's client starts them again.)
      if (swallowed.delete(request.id)) {
        return { ...reply, result: { engine_result: 'tesSUCCESS', accepted: true, applied: true } }
      }
      const result = reply.result as Json | undefined
      const data = result?.account_data as Json | undefined
      if (request.command !== 'account_info' || !data || data.Account !== account) return reply
      if (held.blob !== null && data.Sequence === held.sequence) {
        return {
          ...reply,
          result: { ...result, account_data: { ...data, Sequence: held.sequence + 1 } },
        }
      }
      return reply
    },
  }
  return held
}

/** Resumes the job (as the user's Resume) and waits until a runner pauses it again. */
async function resumedAndPausedAgain(jobId: string): Promise<JobRow> {
  const resumedAt = Date.now()
  await w.engine.startJob(jobId)
  return (await eventually(
    () => readJob(w.h.db, jobId),
    (job) => job?.status === 'paused' && job.updatedAt > resumedAt,
    `job ${jobId} paused again`,
    { timeoutMs: 30_000 },
  ))!
}

async function sequenceAndHold(others: string[], restart = false): Promise<void> {
  await useProxy(others)
  const { jobId, to, before } = await planNextAirdrop(w, N)
  const items = await readItems(w.h.db, jobId)
  const target = (items[0]!.intent as { nftId: string }).nftId
  const held = holdAndLie(target)
  await w.engine.startJob(jobId)
  let paused = await waitForJob(w, jobId, ['paused', 'completed', 'failed'])
  if (restart && paused.status === 'paused') {
    // The app is closed and opened again (a new engine on the same store), the server still lying,
    // and the user presses Resume: the new runner knows no more than what was stored.
    await useProxy(others)
    paused = await resumedAndPausedAgain(jobId)
  }
  // What the attacker got: a held offer, and (before issue 43) a second signature of its intent.
  await held.release()
  expect(held.resigned, 'the held offer was signed again with another number').toBe(0)
  expect(paused.status).toBe('paused')
  expect(paused.pausedBy).toBe('server')
  expect(paused.notice).toContain(proxy.url)
  expect(paused.notice).toContain(`sequence ${String(held.sequence)}`)
  // The proxy is honest again; the user resumes: the released offer is found, the rest goes on.
  await w.engine.startJob(jobId)
  const done = await waitForJob(w, jobId, ['completed', 'failed'])
  expect(done.status).toBe('completed')
  const settled = await expectExactlyOnce(w, jobId, before, to)
  expect(settled[0]!.attempts.map((a) => a.sequence)).toEqual(
    settled[0]!.attempts.map(() => held.sequence),
  )
}

describe('a server that reports the Sequence one higher and holds the offer back', () => {
  it('with a second, honest server on the network: paused, never signed twice', async () => {
    const honest = await w.h.sb.addEndpoint()
    await sequenceAndHold([honest.url])
  })

  it('as the only server: paused, never signed twice', async () => {
    await sequenceAndHold([])
  })

  it('as the only server, across a restart and a Resume while it still lies: never signed twice', async () => {
    await sequenceAndHold([], true)
  })
})

it('a server that hides every transaction for 60 ledgers: at most one offer per NFT, paused with the server named', async () => {
  await useProxy([])
  const { jobId, to, before } = await planNextAirdrop(w, N)
  const nfts = new Set(
    (await readItems(w.h.db, jobId)).map((i) => (i.intent as { nftId: string }).nftId),
  )
  const start = (await w.client.request({ command: 'ledger_current' })).result.ledger_current_index
  w.h.sb.faults.hideTxs = true
  let paused
  try {
    await w.engine.startJob(jobId)
    await eventually(
      async () => (await w.client.request({ command: 'ledger_current' })).result,
      (r) => r.ledger_current_index >= start + 60,
      '60 ledgers',
      { timeoutMs: 60_000 },
    )
    // The ledger itself (its offer entries, which the fault does not hide): one offer per NFT.
    const offers = (await holderOffers(w)).filter((o) => !before.offerIds.has(o.index))
    const perNft = new Map<string, number>()
    for (const o of offers) {
      if (nfts.has(o.NFTokenID)) perNft.set(o.NFTokenID, (perNft.get(o.NFTokenID) ?? 0) + 1)
    }
    expect([...perNft.values()], 'offers of each NFT').toEqual(Array.from(perNft, () => 1))
    expect(perNft.size).toBe(N)
    paused = await waitForJob(w, jobId, ['paused'], 5_000)
  } finally {
    w.h.sb.faults.hideTxs = false
  }
  expect(paused.pausedBy).toBe('server')
  expect(paused.notice).toContain(proxy.url)
  // Honest again: the user resumes, and every offer is found where it is.
  await w.engine.startJob(jobId)
  const done = await waitForJob(w, jobId, ['completed', 'failed'])
  expect(done.status).toBe('completed')
  await expectExactlyOnce(w, jobId, before, to)
})
