/**
 * Airdrops with an item in the middle that the ledger refuses for good, while later items already
 * hold the sequence numbers after it: a tef (nothing applied, the number stays unused), a tec (applied,
 * the number consumed), and a sequence number taken by another app signing for the same account. The
 * gap heals (a no-op takes the number: no other intent ever does), the others succeed, each exactly
 * once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AccountSet } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { eventually } from '../../helpers/poll.ts'
import type { SentElsewhere, World } from '../../helpers/faultWorld.ts'
import { expectExactlyOnce, holderTxs, ledgerBefore } from '../../helpers/faultLedger.ts'
import {
  accounts,
  connectHolder,
  holder,
  jobLimits,
  planAirdrop,
  recipients,
  loseFirst,
  reopenEngine,
  sendElsewhere,
  startWorld,
  submitElsewhere,
  validatedElsewhere,
  waitForItems,
  waitForJob,
} from '../../helpers/faultWorld.ts'

/** asfAuthorizedNFTokenMinter */
const ASF_MINTER = 10

let w: World
/** A relic: the artist's non-transferable NFT the holder holds; offerable only with the artist's leave. */
let relic: string
let nextNft = 0

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6 })
  const snapshot = await w.h.db.nftSnapshots.get(['sandbox', holder])
  relic = snapshot!.nfts.find((n) => !n.transferable && n.issuer !== holder)!.nftId
})

afterAll(async () => {
  await w.stop()
})

function nfts(n: number): string[] {
  const ids = w.nftIds.slice(nextNft, nextNft + n)
  nextNft += n
  return ids
}

/** AccountSets the holder signed since `ledger` (the artist's name the holder too). */
async function holderNoops(ledger: number): Promise<number> {
  const txs = (await holderTxs(w, ledger + 1)).map((t) => t.tx_json as Record<string, unknown>)
  return txs.filter((t) => t.TransactionType === 'AccountSet' && t.Account === holder).length
}

/** The artist names (or stops naming) the holder as its authorised minter. */
async function artistAuthorises(yes: boolean): Promise<void> {
  const tx: AccountSet = yes
    ? {
        TransactionType: 'AccountSet',
        Account: accounts.artist.classicAddress,
        SetFlag: ASF_MINTER,
      }
    : {
        TransactionType: 'AccountSet',
        Account: accounts.artist.classicAddress,
        ClearFlag: ASF_MINTER,
      }
  if (yes) tx.NFTokenMinter = holder
  const { final } = await submitElsewhere(w, accounts.artist, tx)
  expect(final).toBe('tesSUCCESS')
}

/**
 * Plans 12 offers with the relic 6th while the artist allows it, then the artist withdraws its leave:
 * the relic's offer meets tefNFTOKEN_IS_NOT_TRANSFERABLE at submit, after the numbers of the later
 * items were handed out. `whileHeld`, if given, runs once the job started, with no ledger closing
 * from before the start until it returns: the job cannot end meanwhile (the runner fills the gap,
 * and the later items validate, only as ledgers close).
 */
async function relicRefused(whileHeld?: (jobId: string) => Promise<void>): Promise<void> {
  const ids = nfts(11)
  ids.splice(5, 0, relic)
  const to = recipients.slice(0, ids.length)
  await artistAuthorises(true)
  const jobId = await planAirdrop(w, ids, to)
  await artistAuthorises(false)
  const before = await ledgerBefore(w, to)
  if (whileHeld) {
    w.closing!.pause()
    try {
      await w.engine.startJob(jobId)
      await whileHeld(jobId)
    } finally {
      w.closing!.resume()
    }
  } else {
    await w.engine.startJob(jobId)
  }
  const job = await waitForJob(w, jobId)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ total: 12, succeeded: 11, failed: 1 })
  const items = await expectExactlyOnce(w, jobId, before, to)
  expect(items[5]).toMatchObject({ status: 'failed', result: 'tefNFTOKEN_IS_NOT_TRANSFERABLE' })
}

it('a tef in the middle, nothing left to sign: a no-op fills its number, the rest succeed', async () => {
  const start = (await ledgerBefore(w, [])).ledger
  await relicRefused()
  expect(await holderNoops(start)).toBe(1)
})

it('a tef in the middle, and the no-op that fills its number is lost: it is sent again', async () => {
  const start = (await ledgerBefore(w, [])).ledger
  const stop = loseFirst(w, (tx) => tx.TransactionType === 'AccountSet' && tx.Account === holder)
  let lost: boolean
  try {
    await relicRefused()
  } finally {
    lost = stop()
  }
  expect(lost, 'no no-op of the holder was lost').toBe(true)
  expect(await holderNoops(start)).toBe(1)
})

it('the tab closes right after the tef is stored: the new engine frees its number too', async () => {
  // The no-op is lost as well, so only the new engine can fill the gap.
  const stop = loseFirst(w, (tx) => tx.TransactionType === 'AccountSet' && tx.Account === holder)
  let lost: boolean
  let openWhenClosed = false
  try {
    await relicRefused(async (jobId) => {
      await waitForItems(w, jobId, (items) => items[5]!.attempts[0]?.preliminary !== undefined)
      await reopenEngine(w, {}, async () => {
        const items = await readItems(w.h.db, jobId)
        openWhenClosed = items.some((i) => i.status === 'pending' || i.status === 'inFlight')
      })
    })
  } finally {
    lost = stop()
  }
  expect(lost, 'no no-op of the holder was lost').toBe(true)
  expect(openWhenClosed, 'the job had ended before the tab closed').toBe(true)
})

it('a tef in the middle, items still pending: a no-op fills its number, never another item', async () => {
  // The tef is one server's word: the refused offer may still be held and applied later, so its
  // number never carries another intent (docs/architecture.md §3.2).
  await reopenEngine(w, { maxInFlight: 3 })
  try {
    const start = (await ledgerBefore(w, [])).ledger
    await relicRefused()
    expect(await holderNoops(start)).toBe(1)
  } finally {
    await reopenEngine(w)
  }
})

it('cancelled while only one server shows who took its number: the job says what holds it, and two servers end the cancel', async () => {
  const { jobId, taken } = await numberTakenElsewhere()
  await waitForJob(w, jobId, ['paused'])
  await w.engine.cancelJob(jobId)
  // The attempt at the taken number can neither settle nor die on one server's word.
  await eventually(
    () => readJob(w.h.db, jobId),
    (job) =>
      job?.status === 'cancelling' && /says sequence \d+ of .* is used/.test(job.notice ?? ''),
    'the cancelling job to say what holds it',
    { timeoutMs: 20_000, everyMs: 50 },
  )
  await withSecondServer()
  try {
    const job = await waitForJob(w, jobId)
    expect(job.status).toBe('cancelled')
    const robbed = (await readItems(w.h.db, jobId)).find((i) => i.attempts[0]!.sequence === taken)!
    expect(robbed.attempts.every((a) => a.sequence === taken)).toBe(true)
    expect(robbed.status).not.toBe('succeeded')
  } finally {
    await reopenEngine(w)
  }
})

it('a tec in the middle (the NFT was burned after planning): that item fails, the rest succeed', async () => {
  const ids = nfts(12)
  const to = recipients.slice(0, 12)
  const jobId = await planAirdrop(w, ids, to)
  const burn = { TransactionType: 'NFTokenBurn' as const, Account: holder, NFTokenID: ids[4]! }
  expect((await submitElsewhere(w, accounts.holder, burn)).final).toBe('tesSUCCESS')
  const before = await ledgerBefore(w, to)
  await w.engine.startJob(jobId)
  const job = await waitForJob(w, jobId)
  expect(job.counts).toMatchObject({ total: 12, succeeded: 11, failed: 1 })
  const items = await expectExactlyOnce(w, jobId, before, to)
  expect(items[4]).toMatchObject({ status: 'failed', result: 'tecNO_ENTRY' })
})

/** A new engine on a network of two servers of the ledger (reopenEngine goes back to one). */
async function withSecondServer(): Promise<void> {
  const second = await w.h.sb.addEndpoint()
  await w.engine.dispose()
  const sandbox = { ...w.h.networks.sandbox, endpoints: [w.h.sb.url, second.url] }
  w.engine = w.h.reopen({ networks: { ...w.h.networks, sandbox }, jobs: jobLimits({}) })
  await w.engine.connect('sandbox')
  await connectHolder(w.engine)
}

/**
 * Another app signing for the holder takes the lowest number of the job's first three attempts, whose
 * submits vanish (so the numbers are still free on the ledger) before any ledger closes: the runner
 * looks a quiet attempt up (and submits a lost one again) only at a ledger close, so the other app
 * always gets the number first. Returns the job, what was taken and the recipients.
 */
async function numberTakenElsewhere() {
  const ids = nfts(12)
  const to = recipients.slice(0, 12)
  const jobId = await planAirdrop(w, ids, to)
  const before = await ledgerBefore(w, to)
  w.h.sb.faults.loseSubmits = 3
  let sent: SentElsewhere
  let taken: number
  w.closing!.pause()
  try {
    await w.engine.startJob(jobId)
    const stored = await waitForItems(w, jobId, (items) =>
      items.every((i) => i.attempts[0]?.preliminary !== undefined),
    )
    taken = Math.min(...stored.map((i) => i.attempts[0]!.sequence))
    const other: AccountSet = { TransactionType: 'AccountSet', Account: holder, Sequence: taken }
    sent = await sendElsewhere(w, accounts.holder, other)
  } finally {
    w.closing!.resume()
  }
  expect(await validatedElsewhere(w, sent)).toMatchObject({ final: 'tesSUCCESS' })
  return { jobId, taken, to, before }
}

it('another app takes a number the job had signed with: a second server confirms it, so that attempt is dead and signed again once', async () => {
  await withSecondServer()
  try {
    const { jobId, taken, to, before } = await numberTakenElsewhere()
    const job = await waitForJob(w, jobId)
    expect(job.counts).toMatchObject({ total: 12, succeeded: 12 })
    await expectExactlyOnce(w, jobId, before, to)
    const robbed = (await readItems(w.h.db, jobId)).find((i) => i.attempts[0]!.sequence === taken)!
    expect(robbed.attempts.map((a) => a.final)).toEqual(['dead', 'tesSUCCESS'])
    expect(robbed.attempts[1]!.sequence).not.toBe(taken)
  } finally {
    await reopenEngine(w)
  }
})

it('another app takes a number the job had signed with, and only one server shows it: the job pauses naming the server, the intent keeps its number', async () => {
  const { jobId, taken, to, before } = await numberTakenElsewhere()
  const job = await waitForJob(w, jobId, ['paused'])
  expect(job.pausedBy).toBe('server')
  expect(job.notice).toMatch(new RegExp(`says sequence ${taken} of ${holder} is used`))
  const robbed = (await readItems(w.h.db, jobId)).find((i) => i.attempts[0]!.sequence === taken)!
  // Never signed with another number on one server's word: the transaction it shows could be one
  // the same key signed on another network.
  expect(robbed.attempts.every((a) => a.sequence === taken)).toBe(true)
  expect(robbed.status).not.toBe('succeeded')
  // Resumed with a second server that confirms the other app's transaction: it goes on, once each.
  await withSecondServer()
  try {
    await w.engine.startJob(jobId)
    expect((await waitForJob(w, jobId)).counts).toMatchObject({ total: 12, succeeded: 12 })
    await expectExactlyOnce(w, jobId, before, to)
  } finally {
    await reopenEngine(w)
  }
})
