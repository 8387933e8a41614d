/**
 * External wallets in engine tests: a scripted ApprovalPort, and the waits and plans the wallet
 * tests share.
 *
 * An external wallet for engine tests: an ApprovalPort that signs with a real key (the sandbox
 * verifies every signature), and does per round what the test's script says — approve all, approve
 * some then refuse, be closed, or return something else than what was asked.
 */
import { decode, encode } from 'xrpl'
import type { Transaction, Wallet } from 'xrpl'

import { expect } from 'vitest'

import { readJob } from '../../src/db/jobs.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../src/worker/api.ts'
import { ledgerBefore } from './faultLedger.ts'
import type { World } from './faultWorld.ts'
import { recipients, releaseNfts } from './faultWorld.ts'
import { eventually } from './poll.ts'

/** What the wallet does with one round's request. */
export type Round =
  | { do: 'approve' }
  | { do: 'refuse'; after: number }
  | { do: 'close' }
  /** Signs a changed transaction (its Fee raised) in place of the n-th one. */
  | { do: 'alter'; at: number }
  /** Signs the n-th with another key. */
  | { do: 'forge'; at: number; key: Wallet }
  /** Returns the n-th with bytes after its end (the same fields, not the ledger's bytes). */
  | { do: 'pad'; at: number }
  /** Never answers (a wallet whose window was left open, a page that hangs). */
  | { do: 'hang' }
  /** Signs every transaction and submits them itself through `submit`, and never answers the app. */
  | { do: 'submitOwn'; submit: (blob: string) => Promise<unknown> }

export interface ScriptedApprover extends ApprovalPort {
  /** Every request, in order. */
  readonly requests: ApprovalRequest[]
  /** Transactions approved (signed and returned). */
  approved: number
}

/**
 * @param key - the wallet's key (the account's master key or its regular key).
 * @param script - what to do at each round (by round index); rounds past its end are approved.
 */
export function scriptedApprover(key: Wallet, script: readonly Round[] = []): ScriptedApprover {
  const requests: ApprovalRequest[] = []
  const port: ScriptedApprover = {
    requests,
    approved: 0,
    approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      const round = script[requests.length] ?? { do: 'approve' }
      requests.push(structuredClone(request))
      const sign = (tx: Record<string, unknown>, by = key) =>
        by.sign(tx as unknown as Transaction).tx_blob
      const txs = request.transactions
      switch (round.do) {
        case 'close':
          return Promise.reject(new Error('Extension context invalidated'))
        case 'hang':
          return new Promise<ApprovalAnswer>(() => {})
        case 'submitOwn':
          return (async () => {
            for (const tx of txs) await round.submit(sign(tx))
            return new Promise<ApprovalAnswer>(() => {})
          })()
        case 'pad': {
          const signed = txs.map((tx, i) => (i === round.at ? `${sign(tx)}E1DEADBEEF` : sign(tx)))
          return Promise.resolve({ signed })
        }
        case 'refuse': {
          const signed = txs.slice(0, round.after).map((tx) => sign(tx))
          port.approved += signed.length
          return Promise.resolve({
            signed,
            stopped: { reason: 'refused', message: 'you declined' },
          })
        }
        case 'alter': {
          const signed = txs.map((tx, i) =>
            i === round.at ? sign({ ...tx, Fee: String(Number(tx.Fee) * 100) }) : sign(tx),
          )
          return Promise.resolve({ signed })
        }
        case 'forge': {
          const signed = txs.map((tx, i) =>
            i === round.at
              ? sign({ ...tx, SigningPubKey: round.key.publicKey }, round.key)
              : sign(tx),
          )
          return Promise.resolve({ signed })
        }
        default: {
          const signed = txs.map((tx) => sign(tx))
          port.approved += signed.length
          return Promise.resolve({ signed })
        }
      }
    },
  }
  return port
}

/** A request's transactions as the ledger's binary format has them (for comparing). */
export function canonicalTxs(request: ApprovalRequest): Record<string, unknown>[] {
  return request.transactions.map((tx) => decode(encode(tx as unknown as Transaction)))
}

/** Waits until the job is paused for its wallet and what it had in flight settled. */
export async function pausedForApproval(w: World, jobId: string): Promise<JobRow> {
  const job = await eventually(
    () => readJob(w.h.db, jobId),
    (row) =>
      row !== undefined &&
      ['paused', 'completed', 'failed'].includes(row.status) &&
      row.counts.inFlight === 0,
    `job ${jobId} paused, nothing in flight`,
    { timeoutMs: 60_000 },
  )
  expect(job).toMatchObject({ status: 'paused', pausedBy: 'approval' })
  return job!
}

/**
 * Plans an airdrop of the world's first `n` NFTs (their earlier offers cancelled) to the world's
 * recipients, `n / recipients` each in order, and reads the ledger before it (the exactly-once
 * baseline). Not started.
 */
export async function planWalletAirdrop(w: World, n: number) {
  const per = n / recipients.length
  const to = recipients.slice(0, n / per)
  const nftIds = w.nftIds.slice(0, n)
  await releaseNfts(w, nftIds)
  const plan = await w.engine.planJob({
    kind: 'airdrop',
    distribution: to.map((address) => ({ address, count: per })),
    nftIds,
    randomize: false,
  })
  expect(plan.problems).toEqual([])
  return { plan, to, per, before: await ledgerBefore(w, to) }
}
