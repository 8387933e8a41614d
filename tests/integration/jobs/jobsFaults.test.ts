/**
 * Airdrop jobs under the sandbox's connection and submission faults: every item ends final in
 * IndexedDB and exactly once on the ledger (one offer and one validated transaction per succeeded
 * intent, none for the others), as an independent client sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { JobRow } from '../../../src/db/types/jobs.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, ledgerBefore } from '../../helpers/faultLedger.ts'
import {
  connected,
  planAirdrop,
  recordSubmits,
  recipients,
  startWorld,
  waitForJob,
} from '../../helpers/faultWorld.ts'

let w: World
/** Each job offers a fresh slice of the holder's NFTs (any NFT could be offered again, though). */
let nextNft = 0

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6 })
})

afterAll(async () => {
  await w.stop()
})

function nfts(n: number): string[] {
  const ids = w.nftIds.slice(nextNft, nextNft + n)
  nextNft = (nextNft + n) % (w.nftIds.length - n)
  return ids
}

/**
 * Plans and starts an airdrop of `n` NFTs with `fault` switched on as it starts; checks that the fault
 * was switched on and fired (`fired`: used up by the job, so only meaningful once switched on), then
 * exactly once on the ledger.
 */
async function airdropUnder(n: number, fault: () => void, fired: () => boolean): Promise<void> {
  await connected(w)
  const ids = nfts(n)
  const jobId = await planAirdrop(w, ids)
  const before = await ledgerBefore(w, recipients.slice(0, n))
  const off = { ...w.h.sb.faults }
  fault()
  expect({ ...w.h.sb.faults }, 'the fault was not switched on').not.toEqual(off)
  let job: JobRow | undefined
  try {
    await w.engine.startJob(jobId)
    job = await waitForJob(w, jobId)
    expect(fired()).toBe(true)
  } finally {
    resetFaults()
  }
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: n, succeeded: n })
  await expectExactlyOnce(w, jobId, before, recipients.slice(0, n))
}

function resetFaults(): void {
  const f = w.h.sb.faults
  f.dropAfterMessages = null
  f.loseSubmits = 0
  f.dropSubmitReplies = 0
  f.queueFullShare = 0
}

describe('the connection drops mid-job (after the nth request to the server)', () => {
  // A 12-item job starts with 15 requests (subscribe, two account_info, 12 submits): every n below
  // falls in that burst, so the drop always meets the job.
  it.each([1, 2, 3, 4, 6, 9, 12, 15])('after %i requests', async (n) => {
    await airdropUnder(
      12,
      () => (w.h.sb.faults.dropAfterMessages = n),
      () => w.h.sb.faults.dropAfterMessages === null,
    )
  })
})

it('the connection drops again and again, each time soon after reconnecting', async () => {
  const drops = [3, 5, 4, 6, 2]
  let armed = 0
  let rearm: ReturnType<typeof setInterval> | undefined
  const arm = () => {
    if (w.h.sb.faults.dropAfterMessages !== null || armed === drops.length) return
    w.h.sb.faults.dropAfterMessages = drops[armed++]!
  }
  try {
    await airdropUnder(
      16,
      () => {
        arm()
        rearm = setInterval(arm, 2)
      },
      () => armed === drops.length && w.h.sb.faults.dropAfterMessages === null,
    )
  } finally {
    clearInterval(rearm)
  }
})

describe('submits answered tesSUCCESS and lost', () => {
  it.each([1, 3, 12])('%i lost', async (n) => {
    await airdropUnder(
      12,
      () => (w.h.sb.faults.loseSubmits = n),
      () => w.h.sb.faults.loseSubmits === 0,
    )
  })
})

describe('submits applied, their replies dropped with the connection', () => {
  it.each([1, 2, 5])('%i dropped', async (n) => {
    await airdropUnder(
      12,
      () => (w.h.sb.faults.dropSubmitReplies = n),
      () => w.h.sb.faults.dropSubmitReplies === 0,
    )
  })
})

it('a queue-full storm: half the submits refused and forgotten, a small open ledger', async () => {
  w.h.sb.ledger.expectedLedgerSize = 8
  try {
    const submits = recordSubmits(w)
    await airdropUnder(
      20,
      () => (w.h.sb.faults.queueFullShare = 0.5),
      () => submits.results.includes('telCAN_NOT_QUEUE_FULL'),
    )
    submits.stop()
  } finally {
    w.h.sb.ledger.expectedLedgerSize = 1000
  }
})
