/**
 * A 120-offer airdrop through an external wallet that approves windows of prepared transactions
 * (the engine holds no key): the wallet refuses midway, is closed, returns a changed transaction and
 * one signed by another key. Each pauses the job (never fails it, nothing prepared is lost); Resume
 * asks again; every NFT is offered exactly once, to its recipient, signed by the wallet's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet, hashes } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import { APPROVER_WALLETS } from '../../../src/shared/wallets.ts'
import type { ApprovalRequest } from '../../../src/worker/api.ts'
import { pausedForApproval, planWalletAirdrop, scriptedApprover } from '../../helpers/approvers.ts'
import { eventually } from '../../helpers/poll.ts'
import { expectExactlyOnce, holderOffers, ledgerBefore } from '../../helpers/faultLedger.ts'
import type { World } from '../../helpers/faultWorld.ts'
import {
  accounts,
  holder,
  recipients,
  releaseNfts,
  reopenEngine,
  startWorld,
  waitForJob,
} from '../../helpers/faultWorld.ts'

const N = 120
const PER = N / recipients.length
/** The small airdrops of the wallet that does not answer. */
const SMALL = 4

let w: World

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6, approvalTimeoutMs: 1_500 })
  expect(w.nftIds.length).toBeGreaterThanOrEqual(N)
})

afterAll(async () => {
  await w.stop()
})

describe('an airdrop approved by an external wallet (Crossmark: 50 a round)', () => {
  it('pauses on a refusal, a closed wallet, a changed or forged transaction; resumed, offers each NFT once', async () => {
    const window = APPROVER_WALLETS.crossmark.window
    const approver = scriptedApprover(accounts.holder, [
      { do: 'approve' },
      { do: 'refuse', after: 20 },
      { do: 'close' },
      { do: 'alter', at: 3 },
      { do: 'forge', at: 0, key: Wallet.generate() },
    ])
    const info = await w.engine.connectApprover(
      { wallet: 'crossmark', account: holder, publicKey: accounts.holder.publicKey },
      approver,
    )
    expect(info).toMatchObject({ address: holder, signing: 'master', approver: 'crossmark' })

    const { plan, to, before } = await planWalletAirdrop(w, N)
    // 120 transactions, up to 50 an approval in Crossmark.
    expect(plan.approvals).toBe(3)
    await w.engine.startJob(plan.jobId)

    // Round 2: 20 approved, then refused. Those approved are offered; the job waits for the user.
    let job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toMatch(/^Waiting for your approval in Crossmark: you declined/)
    const first = approver.requests[0]!.transactions.length
    let offered = first + 20
    expect(job.counts).toMatchObject({ succeeded: offered, pending: N - offered, failed: 0 })
    expect(approver.requests).toHaveLength(2)

    // Round 3: the wallet is closed.
    await w.engine.startJob(plan.jobId)
    job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toBe(
      'Waiting for Crossmark: it failed (Extension context invalidated). Open it, then Resume',
    )
    expect(job.counts.pending).toBe(N - offered)
    expect(approver.requests).toHaveLength(3)

    // Round 4: the 4th transaction comes back with another fee: the 3 before it go, nothing after.
    await w.engine.startJob(plan.jobId)
    job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toMatch(
      /returned a transaction that is not the one prepared \(its Fee differs\)/,
    )
    offered += 3
    expect(job.counts).toMatchObject({ succeeded: offered, pending: N - offered })

    // Round 5: the first comes back signed by a key that may not sign for the account.
    await w.engine.startJob(plan.jobId)
    job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toMatch(/its SigningPubKey differs/)
    expect(job.counts.pending).toBe(N - offered)
    expect(approver.requests).toHaveLength(5)

    // Resumed once more: the wallet approves the rest, in windows of at most 50.
    await w.engine.startJob(plan.jobId)
    job = await waitForJob(w, plan.jobId, ['completed'], 60_000)
    expect(job.counts).toMatchObject({ total: N, succeeded: N, failed: 0, skipped: 0 })
    const items = await expectExactlyOnce(w, plan.jobId, before, to)
    for (const item of items) {
      const intent = item.intent as { destination: string }
      expect(intent.destination).toBe(to[Math.floor(item.index / PER)])
    }
    // Every window is at most 50, in sequence order, every transaction prepared in full.
    for (const request of approver.requests) {
      expect(request.transactions.length).toBeLessThanOrEqual(window)
      const seqs = request.transactions.map((tx) => tx.Sequence as number)
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
      for (const tx of request.transactions) {
        expect(tx).toMatchObject({ Account: holder, SigningPubKey: accounts.holder.publicKey })
        expect(typeof tx.Fee).toBe('string')
        expect(tx.LastLedgerSequence).toBeGreaterThan(0)
      }
    }
    // Approved once each: the 3 before the changed one (signed in that round, counted there) aside.
    expect(approver.approved).toBe(N - 3)
    // Every stored attempt's blob is the one the ledger validated (stored before it was submitted).
    const stored = (await readItems(w.h.db, plan.jobId)).flatMap((i) => i.attempts)
    expect(stored.every((a) => a.txBlob && a.hash)).toBe(true)
  })
})

describe('a wallet that does not answer, or answers with other bytes', () => {
  /** Plans an airdrop of SMALL NFTs (their earlier offers cancelled), connected through `approver`. */
  async function planSmall(approver: ReturnType<typeof scriptedApprover>) {
    await w.engine.connectApprover(
      { wallet: 'crossmark', account: holder, publicKey: accounts.holder.publicKey },
      approver,
    )
    const nftIds = w.nftIds.slice(0, SMALL)
    await releaseNfts(w, nftIds)
    const plan = await w.engine.planJob({
      kind: 'airdrop',
      distribution: recipients.slice(0, SMALL).map((address) => ({ address, count: 1 })),
      nftIds,
      randomize: false,
    })
    expect(plan.problems).toEqual([])
    return plan.jobId
  }

  it('no answer in time: the job pauses as for a closed wallet; Resume asks again', async () => {
    const approver = scriptedApprover(accounts.holder, [{ do: 'hang' }])
    const jobId = await planSmall(approver)
    await w.engine.startJob(jobId)
    const job = await pausedForApproval(w, jobId)
    expect(job.notice).toBe('Waiting for Crossmark: no answer came in time. Open it, then Resume')
    expect(job.counts).toMatchObject({ pending: SMALL, succeeded: 0 })
    await w.engine.startJob(jobId)
    const done = await waitForJob(w, jobId, ['completed'], 60_000)
    expect(done.counts.succeeded).toBe(SMALL)
  })

  it('a wallet that submits what it was asked itself and never answers: each NFT offered once', async () => {
    const copies: string[] = []
    const approver = scriptedApprover(accounts.holder, [
      {
        do: 'submitOwn',
        submit: async (blob) => {
          copies.push(hashes.hashSignedTx(blob))
          return w.client.request({ command: 'submit', tx_blob: blob })
        },
      },
    ])
    const jobId = await planSmall(approver)
    const before = await ledgerBefore(w, recipients.slice(0, SMALL))
    await w.engine.startJob(jobId)
    // The job pauses for the wallet; its runner, still settling, may then find the copies and
    // complete it before this look comes (a loaded machine, ledgers every 60 ms): both are right.
    const first = await eventually(
      () => readJob(w.h.db, jobId),
      (row) => ['paused', 'completed'].includes(row?.status ?? '') && row?.counts.inFlight === 0,
      'the job paused for the wallet (or completed by its copies)',
      { timeoutMs: 60_000 },
    )
    if (first?.status === 'paused') {
      expect(first).toMatchObject({
        pausedBy: 'approval',
        notice: 'Waiting for Crossmark: no answer came in time. Open it, then Resume',
      })
    }
    // The wallet's own copies validate while the job waits for Resume.
    for (const hash of copies) {
      await eventually(
        () => w.client.request({ command: 'tx', transaction: hash }).catch(() => undefined),
        (found) => found?.result.validated === true,
        "the wallet's copy validated",
      )
    }
    // The copies count as the offers: found by the paused job's runner, or else on Resume, before
    // the last look could take their NFTs as offered elsewhere (and skip the items as TAKEN).
    const seen = await readJob(w.h.db, jobId)
    if (seen?.status !== 'completed' && seen?.counts.succeeded !== SMALL) {
      await w.engine.startJob(jobId)
    }
    const done = await waitForJob(w, jobId, ['completed'], 60_000)
    expect(done.counts).toMatchObject({ succeeded: SMALL, skipped: 0, failed: 0 })
    const items = await expectExactlyOnce(w, jobId, before, recipients.slice(0, SMALL))
    const executed = items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')?.hash)
    expect(new Set(executed)).toEqual(new Set(copies))
  })

  it('the tab closes while the wallet is asked, and the wallet submits its copies: each NFT offered once', async () => {
    const copies: string[] = []
    let submitted = () => {}
    const allSubmitted = new Promise<void>((resolve) => (submitted = resolve))
    const approver = scriptedApprover(accounts.holder, [
      {
        do: 'submitOwn',
        submit: async (blob) => {
          // The wallet approves only once the tab that asked is gone.
          await closed
          copies.push(hashes.hashSignedTx(blob))
          await w.client.request({ command: 'submit', tx_blob: blob })
          if (copies.length === SMALL) submitted()
        },
      },
    ])
    let close = () => {}
    const closed = new Promise<void>((resolve) => (close = resolve))
    const jobId = await planSmall(approver)
    const before = await ledgerBefore(w, recipients.slice(0, SMALL))
    await w.engine.startJob(jobId)
    await eventually(
      () => readItems(w.h.db, jobId),
      (items) => approver.requests.length === 1 && items.every((i) => i.reserved !== undefined),
      'the wallet asked, each number stored',
    )
    await reopenEngine(w, {}, async () => {
      close()
      await allSubmitted
    })
    const done = await waitForJob(w, jobId, ['completed', 'paused'], 60_000)
    if (done.status !== 'completed') await w.engine.startJob(jobId)
    const final = await waitForJob(w, jobId, ['completed'], 60_000)
    expect(final.counts).toMatchObject({ succeeded: SMALL, skipped: 0, failed: 0 })
    const items = await expectExactlyOnce(w, jobId, before, recipients.slice(0, SMALL))
    const executed = items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')?.hash)
    expect(new Set(executed)).toEqual(new Set(copies))
  })

  it('Cancel while the wallet is asked: the job ends cancelled at once, its items skipped', async () => {
    const approver = scriptedApprover(accounts.holder, [{ do: 'hang' }])
    const jobId = await planSmall(approver)
    await w.engine.startJob(jobId)
    await eventually(
      () => readJob(w.h.db, jobId),
      (row) => approver.requests.length === 1 && row?.notice !== undefined,
      'the wallet asked',
    )
    await w.engine.cancelJob(jobId)
    const job = await waitForJob(w, jobId, ['cancelled', 'completed', 'failed'], 1_000)
    expect(job.status).toBe('cancelled')
    expect(job.counts).toMatchObject({ skipped: SMALL, pending: 0, succeeded: 0 })
    // The wallet may still sign what it was asked: those numbers never go to another intent. The
    // next job fills them with no-ops first, all in one approval, then offers its NFTs.
    const asked = approver.requests[0]!.transactions.map((tx) => tx.Sequence)
    const next = scriptedApprover(accounts.holder)
    const nextJob = await planSmall(next)
    await w.engine.startJob(nextJob)
    const done = await waitForJob(w, nextJob, ['completed'], 60_000)
    expect(done.counts.succeeded).toBe(SMALL)
    const gaps = next.requests.filter((r) => r.purpose === 'gap')
    expect(gaps).toHaveLength(1)
    expect(gaps[0]!.transactions.map((tx) => [tx.TransactionType, tx.Sequence])).toEqual(
      asked.map((sequence) => ['AccountSet', sequence]),
    )
  })

  it('a blob with bytes after its end is refused: nothing of it stored or submitted', async () => {
    const approver = scriptedApprover(accounts.holder, [{ do: 'pad', at: 1 }])
    const jobId = await planSmall(approver)
    await w.engine.startJob(jobId)
    const job = await pausedForApproval(w, jobId)
    expect(job.notice).toMatch(/not the one prepared \(its bytes are not in canonical form\)/)
    expect(job.counts).toMatchObject({ succeeded: 1, pending: SMALL - 1 })
    const stored = (await readItems(w.h.db, jobId)).flatMap((i) => i.attempts)
    expect(stored).toHaveLength(1)
  })
})

describe('the other job kinds through an external wallet', () => {
  it('lists NFTs at their prices, cancels those listings, then burns NFTs: each approved in windows', async () => {
    const approver = scriptedApprover(accounts.holder)
    await w.engine.connectApprover(
      { wallet: 'crossmark', account: holder, publicKey: accounts.holder.publicKey },
      approver,
    )
    const listed = w.nftIds.slice(10, 13)
    await releaseNfts(w, listed)
    const list = await w.engine.planJob({
      kind: 'list',
      offers: listed.map((nftId, i) => ({ nftId, amountDrops: String((i + 1) * 1_000_000) })),
    })
    expect(list).toMatchObject({ problems: [], transactions: 3, approvals: 1 })
    await w.engine.startJob(list.jobId)
    await waitForJob(w, list.jobId, ['completed'], 60_000)
    const mine = (await holderOffers(w)).filter((o) => listed.includes(o.NFTokenID))
    expect(mine.map((o) => [o.NFTokenID, o.Amount]).sort()).toEqual(
      listed.map((id, i) => [id, String((i + 1) * 1_000_000)]).sort(),
    )

    const cancel = await w.engine.planJob({ kind: 'cancel', offerIds: mine.map((o) => o.index) })
    expect(cancel).toMatchObject({ transactions: 1, approvals: 1 })
    await w.engine.startJob(cancel.jobId)
    await waitForJob(w, cancel.jobId, ['completed'], 60_000)
    const left = new Set((await holderOffers(w)).map((o) => o.index))
    for (const o of mine) expect(left.has(o.index)).toBe(false)

    const burned = w.nftIds.slice(N - 2, N)
    await releaseNfts(w, burned)
    const burn = await w.engine.planJob({ kind: 'burn', nftIds: burned })
    expect(burn).toMatchObject({ transactions: 2, approvals: 1 })
    await w.engine.startJob(burn.jobId)
    const done = await waitForJob(w, burn.jobId, ['completed'], 60_000)
    expect(done.counts.succeeded).toBe(2)
    // The numbers the paused airdrop above keeps for its wallet's copies are filled with no-ops.
    const [gaps, work] = [true, false].map((gap) =>
      approver.requests.filter((r) => (r.purpose === 'gap') === gap),
    ) as [ApprovalRequest[], ApprovalRequest[]]
    for (const r of gaps)
      for (const tx of r.transactions) expect(tx.TransactionType).toBe('AccountSet')
    const types = work.flatMap((r) => r.transactions.map((tx) => tx.TransactionType))
    expect(types).toEqual([
      'NFTokenCreateOffer',
      'NFTokenCreateOffer',
      'NFTokenCreateOffer',
      'NFTokenCancelOffer',
      'NFTokenBurn',
      'NFTokenBurn',
    ])
  })
})
